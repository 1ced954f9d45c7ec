import 'server-only';
import type { JobInput } from './job-input';

// A deterministic generator of demo jobs: the same seed always gives the same board, so
// screenshots, tests and demos agree. Companies and people are fictional.

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

const roles = [
  { position: 'Senior Frontend Engineer (React)', tags: ['React', 'TypeScript', 'Next.js'], frontend: true },
  { position: 'Frontend Developer (Vue.js)', tags: ['Vue.js', 'JavaScript', 'CSS'], frontend: true },
  { position: 'Angular Developer', tags: ['Angular', 'RxJS', 'TypeScript'], frontend: true },
  { position: 'UI Engineer, Design Systems', tags: ['React', 'Storybook', 'Accessibility'], frontend: true },
  { position: 'Full Stack Developer (Node.js and React)', tags: ['Node.js', 'React', 'PostgreSQL'], frontend: true },
  { position: 'Backend Engineer (Java, Spring Boot)', tags: ['Java', 'Spring Boot', 'Kafka'], frontend: false },
  { position: 'Python Developer, Data Platform', tags: ['Python', 'Airflow', 'SQL'], frontend: false },
  { position: 'Go Backend Engineer', tags: ['Go', 'gRPC', 'Kubernetes'], frontend: false },
  { position: 'DevOps Engineer (AWS)', tags: ['AWS', 'Terraform', 'CI/CD'], frontend: false },
  { position: 'Site Reliability Engineer', tags: ['Kubernetes', 'Prometheus', 'Linux'], frontend: false },
  { position: 'Data Engineer (Spark)', tags: ['Spark', 'Scala', 'Databricks'], frontend: false },
  { position: 'Machine Learning Engineer', tags: ['Python', 'PyTorch', 'MLOps'], frontend: false },
  { position: 'Mobile Developer (React Native)', tags: ['React Native', 'TypeScript', 'iOS'], frontend: true },
  { position: 'iOS Engineer (Swift)', tags: ['Swift', 'SwiftUI', 'iOS'], frontend: false },
  { position: 'Android Developer (Kotlin)', tags: ['Kotlin', 'Jetpack Compose', 'Android'], frontend: false },
  { position: 'QA Automation Engineer', tags: ['Playwright', 'Cypress', 'TypeScript'], frontend: true },
  { position: 'Cloud Architect (Azure)', tags: ['Azure', 'Architecture', 'Security'], frontend: false },
  { position: 'Security Engineer', tags: ['AppSec', 'OWASP', 'Cloud'], frontend: false },
  { position: '.NET Developer', tags: ['C#', '.NET', 'SQL Server'], frontend: false },
  { position: 'PHP Developer (Symfony)', tags: ['PHP', 'Symfony', 'MySQL'], frontend: false },
  { position: 'Technical Product Manager', tags: ['Product', 'Agile', 'SaaS'], frontend: false },
  { position: 'Engineering Manager', tags: ['Leadership', 'Agile', 'Hiring'], frontend: false },
  { position: 'Salesforce Developer', tags: ['Salesforce', 'Apex', 'CRM'], frontend: false },
  { position: 'SAP Consultant (S/4HANA)', tags: ['SAP', 'S/4HANA', 'ABAP'], frontend: false },
];

const companies = [
  'Alpenbyte AG',
  'Nordlicht Systems',
  'Costa Digital SL',
  'Helvetic Health Tech',
  'Lumen Finance',
  'Brightpath Retail',
  'Mediaflux',
  'Tramuntana Labs',
  'Orbis Insurance',
  'Kite Logistics',
  'Verdant Energy',
  'Quantia Analytics',
  'Rhône Robotics',
  'Solvia Payments',
  'Bluefjord Software',
  'Atlas Learning',
];

const places = {
  swisstechjobs: {
    locations: ['Zürich, Switzerland', 'Geneva, Switzerland', 'Basel, Switzerland', 'Lausanne, Switzerland', 'Bern, Switzerland'],
    currency: 'CHF' as const,
    base: 105_000,
  },
  spaintechjobs: {
    locations: ['Madrid, Spain', 'Barcelona, Spain', 'Valencia, Spain', 'Málaga, Spain', 'Bilbao, Spain'],
    currency: 'EUR' as const,
    base: 48_000,
  },
  other: {
    locations: [
      'Berlin, Germany',
      'Amsterdam, Netherlands',
      'London, United Kingdom',
      'Lisbon, Portugal',
      'New York, USA',
      'Toronto, Canada',
    ],
    currency: 'USD' as const,
    base: 90_000,
  },
};

const industries = [
  'information_technology',
  'information_technology',
  'finance',
  'health_care',
  'business_services',
  'media',
  'retail',
  'accounting',
] as const;
const remote = ['fullremote', 'fullremote', 'fullremote', 'oneday', 'twodays', 'threedays', 'fourdays', 'todiscuss'] as const;
const regions = ['sametimezone', 'europe', 'america', 'asia'] as const;

const openings = [
  'Join a small, senior team building {product}.',
  'Help us scale {product} to millions of users.',
  'We are looking for an engineer to own {product} end to end.',
  'Work with product and design on {product}, shipping every week.',
];
const products = [
  'a patient portal',
  'a payments platform',
  'an e-commerce checkout',
  'a logistics tracking app',
  'a learning platform',
  'an analytics dashboard',
  'an insurance claims system',
  'an energy trading tool',
];

/** `count` demo jobs, newest first, posted over the last weeks before `now`. */
export function demoJobs(count = 300, now = new Date(), seed = 20_261_121): JobInput[] {
  const rnd = random(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rnd() * items.length)]!;
  const jobs: JobInput[] = [];
  for (let i = 0; i < count; i++) {
    const role = pick(roles);
    const where = rnd() < 0.4 ? 'swisstechjobs' : rnd() < 0.65 ? 'spaintechjobs' : 'other';
    const place = places[where];
    const dashboards = [where === 'other' ? undefined : where, role.frontend ? 'frontendjobs' : undefined].filter(
      Boolean,
    ) as JobInput['dashboards'];
    if (dashboards.length === 0) dashboards.push(rnd() < 0.5 ? 'spaintechjobs' : 'swisstechjobs');
    const freelance = rnd() < 0.3;
    const base = place.base * (0.7 + rnd() * 0.8);
    const salaryKnown = rnd() < 0.85;
    const [min, max, period] = freelance
      ? [Math.round(base / 1760 / 5) * 5, Math.round((base * 1.25) / 1760 / 5) * 5, 'hour' as const]
      : [Math.round(base / 1000) * 1000, Math.round((base * 1.2) / 1000) * 1000, 'year' as const];
    const product = pick(products);
    const company = rnd() < 0.9 ? pick(companies) : undefined;
    const hasDescription = rnd() < 0.75;
    const postedAt = new Date(now.getTime() - Math.floor((i * 60 * 24 * 3600 * 1000) / count) - Math.floor(rnd() * 3600 * 1000));
    jobs.push({
      external_id: `demo-${String(i + 1).padStart(4, '0')}`,
      position: role.position,
      company,
      dashboards,
      industry: pick(industries),
      remote_allowance: pick(remote),
      candidate_locations: [...new Set([pick(regions), pick(regions)])],
      contract_type: freelance ? 'freelance' : 'permanent',
      work_schedule: rnd() < 0.85 ? 'fulltime' : 'parttime',
      salary_min: salaryKnown ? min : undefined,
      salary_max: salaryKnown ? max : undefined,
      salary_currency: salaryKnown ? place.currency : undefined,
      salary_period: salaryKnown ? period : undefined,
      client_location: pick(place.locations),
      tags: role.tags,
      short_description: `${pick(openings).replace('{product}', product)} You will work mostly with ${role.tags.slice(0, 2).join(' and ')}.`,
      description_html: hasDescription
        ? `<h2>The role</h2><p>${company ?? 'Our client'} is hiring a ${role.position} to work on ${product}.</p><h3>What you will do</h3><ul><li>Design, build and run features with ${role.tags.join(', ')}.</li><li>Review code and share knowledge with a team of 6 to 10 engineers.</li><li>Talk to users and improve what they use every day.</li></ul><h3>What we look for</h3><ul><li>3+ years of professional experience with ${role.tags[0]}.</li><li>Good written English; ${where === 'spaintechjobs' ? 'Spanish' : where === 'swisstechjobs' ? 'German or French' : 'another language'} is a plus.</li></ul>`
        : undefined,
      apply_url: rnd() < 0.3 ? `https://careers.example.com/${i + 1}` : undefined,
      valid_through: new Date(postedAt.getTime() + 90 * 24 * 3600 * 1000),
      posted_at: postedAt,
    });
  }
  return jobs;
}
