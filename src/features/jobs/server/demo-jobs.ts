import 'server-only';
import {
  benefits,
  commonBenefits,
  companies,
  engineerDoes,
  engineerNeeds,
  freelanceTerms,
  headings,
  hiringSteps,
  leadDoes,
  leadNeeds,
  levels,
  regionPlaces,
  roles,
  teamKinds,
  teams,
  undisclosed,
  type Region,
} from './demo-jobs-data';
import type { JobInput } from './job-input';

// A deterministic generator of demo jobs: the same seed always gives the same board, so
// screenshots, tests and demos agree. Companies and people are fictional.
//
// Each company has one industry, one country and its own offices, so its listings agree with one
// another, and it posts a role once: no two jobs of the board share a company and a role (until a
// very large count, as the bench asks for, has used every pair up). A description is put together
// from the role's own tasks and requirements, the company, the country's usual benefits and the
// job's conditions (remote days, contract, schedule), so it says what the job's fields say.
//
// The free-text search reads the position, company, place, tags and short description: those name
// only the technologies in the job's tags (a search for "kotlin" finds jobs tagged Kotlin, each).

function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Remote = JobInput['remote_allowance'];

const remote = ['fullremote', 'fullremote', 'fullremote', 'oneday', 'twodays', 'threedays', 'fourdays', 'todiscuss'] as const;

/** "a" or "an", as the word is spoken ("an SRE", "a UI Engineer"). */
const a = (word: string) => (/^([AEIO]|U(?![A-Z]|ni|se)|(SRE|SAP|ML|FI)\b)/i.test(word) ? `an ${word}` : `a ${word}`);
const list = (items: string[]) => `<ul>${items.map((item) => `<li>${item}.</li>`).join('')}</ul>`;
const joinWords = (words: string[]) => (words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`);
const city = (location: string) => location.split(',')[0]!;

/** `count` demo jobs, newest first, posted over the last weeks before `now`. */
export function demoJobs(count = 300, now = new Date(), seed = 20_261_122): JobInput[] {
  const rnd = random(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rnd() * items.length)]!;
  /** `n` different items, in a random order. */
  const some = <T>(items: readonly T[], n: number): T[] => {
    const rest = [...items];
    const chosen: T[] = [];
    while (chosen.length < n && rest.length) chosen.push(rest.splice(Math.floor(rnd() * rest.length), 1)[0]!);
    return chosen;
  };
  const between = (min: number, max: number) => min + Math.floor(rnd() * (max - min + 1));
  const taken = new Set<string>();
  const said = new Set<string>();
  const jobs: JobInput[] = [];

  for (let i = 0; i < count; i++) {
    // The employer, then a role it has not posted yet (after a few tries, any role: only a very
    // large board runs out of pairs).
    const region: Region = rnd() < 0.4 ? 'CH' : rnd() < 0.65 ? 'ES' : pick(['EU', 'EU', 'UK', 'NA'] as const);
    const named = rnd() < 0.9;
    const inRegion = companies.filter((c) => c.region === region);
    const agencies = undisclosed.filter((c) => c.region === region);
    const employer = named || agencies.length === 0 ? pick(inRegion) : undefined;
    const agency = employer ? undefined : pick(agencies);
    let role = pick(roles);
    for (let tries = 0; tries < 12 && taken.has(`${employer?.name ?? agency!.what}|${role.key}`); tries++) role = pick(roles);
    taken.add(`${employer?.name ?? agency!.what}|${role.key}`);

    const level = pick(levels.filter((l) => (role.levels ?? ['junior', 'mid', 'senior', 'lead']).includes(l.key)));
    const title = pick(role.titles);
    const [baseTitle, titleTag] = typeof title === 'string' ? [title, undefined] : title;
    const position = `${level.prefix}${baseTitle}`;
    const tags = [...new Set([...role.tags, ...(titleTag ? [titleTag] : []), ...some(role.extra, between(0, 2))])];
    const place = regionPlaces[region];
    const office = pick(employer?.offices ?? agency!.offices);
    const product = role.subject ?? (employer ? pick(employer.products) : `the core systems of ${agency!.what}`);
    const name = employer?.name ?? `Our client, ${agency!.what},`;

    // Remote work: a job far from the board's countries is posted here because it is fully remote.
    const far = region === 'EU' || region === 'UK' || region === 'NA';
    const remoteAllowance: Remote = far && !role.frontend ? 'fullremote' : pick(remote);
    const candidateLocations: JobInput['candidate_locations'] =
      remoteAllowance !== 'fullremote'
        ? ['sametimezone']
        : region === 'NA'
          ? pick([['america', 'europe'], ['america'], ['america', 'europe', 'asia']] as const).slice()
          : pick([['europe'], ['europe', 'sametimezone'], ['sametimezone'], ['europe', 'america'], ['europe', 'asia']] as const).slice();
    const dashboards: JobInput['dashboards'] = [];
    if (region === 'CH' || region === 'ES') dashboards.push(region === 'CH' ? 'swisstechjobs' : 'spaintechjobs');
    else if (remoteAllowance === 'fullremote' && (!role.frontend || rnd() < 0.5))
      dashboards.push(rnd() < 0.5 ? 'spaintechjobs' : 'swisstechjobs');
    if (role.frontend) dashboards.push('frontendjobs');

    const freelance = rnd() < 0.3;
    const partTime = rnd() < 0.15;
    const base = place.base * level.pay * (role.kind === 'lead' ? 1.15 : 1) * (0.85 + rnd() * 0.3);
    const salaryKnown = rnd() < 0.85;
    const [min, max, period] = freelance
      ? [Math.round(base / 1000 / 5) * 5, Math.round((base * 1.2) / 1000 / 5) * 5, 'hour' as const]
      : [Math.round(base / 1000) * 1000, Math.round((base * 1.18) / 1000) * 1000, 'year' as const];
    const postedAt = new Date(now.getTime() - Math.floor((i * 60 * 24 * 3600 * 1000) / count) - Math.floor(rnd() * 3600 * 1000));

    const team = rnd() < 0.6 ? `the ${pick(teams)} team` : pick(teamKinds);
    const days = { oneday: 1, twodays: 2, threedays: 3, fourdays: 4 }[remoteAllowance as string];
    const where = {
      europe: 'anywhere in Europe',
      sametimezone: 'a time zone within two hours of ours',
      america: 'the Americas',
      asia: 'Asia',
    };
    const remoteLine =
      remoteAllowance === 'fullremote'
        ? `Fully remote: work from ${joinWords(candidateLocations.map((l) => where[l]))}${rnd() < 0.5 ? ', and meet the team in person twice a year (travel paid)' : ''}`
        : days
          ? `Hybrid: ${days === 1 ? 'one day' : `${days} days`} a week from home, the rest with the team at the ${city(office)} office`
          : `Remote days to agree with your team; the office is in ${city(office)}`;

    const [t0, t1, t2] = tags;
    const shorts =
      role.key === 'em'
        ? some(
            [
              `Lead ${team} behind ${product}.`,
              `${name} is looking for ${a(position)} for ${product}.`,
              `Lead the people who build ${product}, and hire more of them.`,
            ],
            3,
          )
        : role.kind === 'lead'
          ? some(
              [
                `Own the roadmap of ${product}, with ${team}.`,
                `${name} is looking for ${a(position)} for ${product}.`,
                `Shape ${product} with engineering and design, in ${team}.`,
              ],
              3,
            )
          : role.subject
            ? some(
                [
                  `Work on ${product}, mostly in ${joinWords(tags.slice(0, 3))}.`,
                  `${employer ? employer.name : 'Our client'} needs ${a(position)} for ${product}: ${joinWords(tags.slice(0, 3))}.`,
                  `${a(position).replace(/^a/, 'A')} for ${product}, in ${team}: ${joinWords(tags.slice(0, 3))}.`,
                  `${name} is looking for ${a(position)} for ${product}.`,
                  `Help ${employer ? employer.name : 'our client'} with ${product}: ${joinWords(tags.slice(0, 3))}.`,
                ],
                5,
              )
            : some(
                [
                  `Build ${product} with ${t0} and ${t1}, in ${team}.`,
                  `Work on ${product}, mostly in ${joinWords(tags.slice(0, 3))}.`,
                  `${employer ? employer.name : 'Our client'} needs ${a(position)} for ${product}: ${joinWords(tags.slice(0, 3))}.`,
                  `Join ${team} behind ${product}; the stack is ${joinWords(tags)}.`,
                  `${t0}${t2 ? `, ${t1} and ${t2}` : ` and ${t1}`} for ${product}, with a lot of say in how it is built.`,
                ],
                5,
              );
    // Two listings never say the same on their cards: the first wording no other job has, or the
    // place added to it.
    const short = shorts.find((text) => !said.has(text)) ?? `${shorts[0]} ${employer?.name ?? 'Our client'}, ${city(office)}.`;
    said.add(short);

    const language = place.language.length
      ? rnd() < 0.5
        ? `English is our working language; ${place.language.length > 1 ? (/Geneva|Lausanne/.test(office) ? 'French' : 'German') : place.language[0]} is a plus`
        : `${place.language.length > 1 ? (/Geneva|Lausanne/.test(office) ? 'French' : 'German') : place.language[0]} and English at a working level`
      : 'Fluent English; no other language is needed';
    const needs = [
      `${level.years} of professional experience in a similar role`,
      ...some(role.needs, 2),
      ...some(role.kind === 'lead' ? leadNeeds : engineerNeeds, 1),
      language,
    ];
    const offer = [
      remoteLine,
      ...(freelance
        ? some(freelanceTerms, 2).map((term) => term.replace('{months}', String(pick([6, 9, 12]))))
        : [...some(benefits[region], 2), pick(commonBenefits)]),
      ...(partTime ? [`Part time: ${pick([24, 28, 32])} hours a week, spread over the days that suit you`] : []),
    ];
    // The role's own first task (about this job's product), two more of its own, one or two any
    // such job has.
    const does = [
      role.does[0]!,
      ...some(role.does.slice(1), 2),
      ...some(role.kind === 'lead' ? leadDoes : engineerDoes, between(1, 2)),
    ].map((d) => d.replace('{product}', product).replace('{company}', employer?.name ?? 'the company'));
    const about = employer
      ? `<h2>About ${employer.name}</h2><p>${employer.name} ${employer.about}. ${employer.more}</p>`
      : `<h2>About the client</h2><p>We are recruiting for ${agency!.what} in ${city(office)}. The company’s name is given in the first call.</p>`;
    const intro = pick([
      `We are looking for ${a(position)} to join ${team} and work on ${product}.`,
      `As ${a(position)} you will work on ${product}, in ${team}.`,
      `${employer ? employer.name : 'The client'} is hiring ${a(position)} for ${product}.`,
    ]);
    const contract = freelance ? ' This is a freelance contract.' : partTime ? ' The position is permanent and part time.' : '';
    const description = [
      about,
      `<h2>The role</h2><p>${intro} ${pick(role.context)}${contract}</p>`,
      `<h3>${pick(headings.does)}</h3>${list(does)}`,
      `<h3>${pick(headings.needs)}</h3>${list(needs)}`,
      rnd() < 0.6 ? `<h3>${pick(headings.plus)}</h3>${list(some(role.plus, between(1, 2)))}` : '',
      `<h3>${pick(headings.offer)}</h3>${list(offer)}`,
      employer
        ? rnd() < 0.7
          ? `<h3>${pick(headings.hiring)}</h3><p>${pick(hiringSteps)}</p>`
          : ''
        : `<h3>${pick(headings.hiring)}</h3><p>Apply here, and a recruiter will call you within three working days to tell you more about the client.</p>`,
    ].join('');

    jobs.push({
      external_id: `demo-${String(i + 1).padStart(4, '0')}`,
      position,
      company: employer?.name,
      dashboards,
      industry: employer?.industry ?? agency!.industry,
      remote_allowance: remoteAllowance,
      candidate_locations: candidateLocations,
      contract_type: freelance ? 'freelance' : 'permanent',
      work_schedule: partTime ? 'parttime' : 'fulltime',
      salary_min: salaryKnown ? min : undefined,
      salary_max: salaryKnown ? max : undefined,
      salary_currency: salaryKnown ? place.currency : undefined,
      salary_period: salaryKnown ? period : undefined,
      client_location: office,
      tags,
      short_description: short,
      description_html: description,
      apply_url: rnd() < 0.3 ? `https://careers.example.com/${i + 1}` : undefined,
      valid_through: new Date(postedAt.getTime() + 90 * 24 * 3600 * 1000),
      posted_at: postedAt,
    });
  }
  return jobs;
}
