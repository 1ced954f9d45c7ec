import { describe, expect, it } from 'vitest';
import { jobInput } from '#tests/job-factory';
import { demoJobs } from './demo-jobs';
import { JobInput, toJobRow } from './job-input';
import { jobPostingJsonLd, jsonForScript } from './job-posting-ld';
import { toPrefixQuery } from './jobs-repository';
import type { JobRow } from './jobs-table';
import { messages } from '@/i18n/messages';
import { formatSalary, remunerationRangeLabels, salaryUsdYear } from './salary';
import { sanitizeDescription } from '@/server/html/sanitize';

const row = (overrides: Parameters<typeof jobInput>[0] = {}) =>
  ({ ...toJobRow(JobInput.parse(jobInput(overrides))), search: '' }) as JobRow;

describe('descriptions are sanitized', () => {
  it.each([
    ['<p>ok</p><script>alert(1)</script>', '<p>ok</p>'],
    ['<img src=x onerror=alert(1)><p onclick="x()">hi</p>', '<p>hi</p>'],
    ['<a href="javascript:alert(1)">x</a>', '<a rel="noopener noreferrer nofollow" target="_blank">x</a>'],
    ['<iframe src="https://evil.example"></iframe><p>a</p>', '<p>a</p>'],
    ['<h1 style="color:red">Title</h1>', '<h2>Title</h2>'],
    ['<a href="https://example.com">site</a>', '<a href="https://example.com" rel="noopener noreferrer nofollow" target="_blank">site</a>'],
  ])('%s', (input, output) => {
    expect(sanitizeDescription(input)).toBe(output);
  });
});

describe('salaries', () => {
  it('normalizes to US dollars a year for the filter', () => {
    expect(salaryUsdYear({ min: 60_000, max: 80_000, currency: 'USD', period: 'year' })).toBe(70_000);
    expect(salaryUsdYear({ min: 4_000, max: 4_000, currency: 'EUR', period: 'month' })).toBe(51_840);
    expect(salaryUsdYear({ min: 100, max: null, currency: 'CHF', period: 'hour' })).toBe(198_880);
    expect(salaryUsdYear({ min: null, max: null, currency: 'USD', period: 'year' })).toBeNull();
  });

  it('words the salary filter in euros, francs on the Swiss board, its limits in round thousands', () => {
    expect(remunerationRangeLabels('en', 'all', messages.en.Jobs.options.remuneration_range)).toEqual({
      lessfifty: 'Under €46,000 a year',
      between: '€46,000 to €93,000 a year',
      higherthan: 'Over €93,000 a year',
    });
    const swiss = remunerationRangeLabels('de', 'swisstechjobs', messages.de.Jobs.options.remuneration_range);
    expect(swiss.lessfifty).toMatch(/^Unter 44\.000\sCHF im Jahr$/);
    expect(swiss.higherthan).toMatch(/^Über 88\.000\sCHF im Jahr$/);
    // A salary under the limit an option shows is in that range, one at it is not.
    expect(salaryUsdYear({ min: 46_295, max: null, currency: 'EUR', period: 'year' })).toBeLessThan(50_000);
    expect(salaryUsdYear({ min: 46_296, max: null, currency: 'EUR', period: 'year' })).toBe(50_000);
    expect(salaryUsdYear({ min: 88_496, max: null, currency: 'CHF', period: 'year' })).toBe(100_000);
    expect(salaryUsdYear({ min: 88_497, max: null, currency: 'CHF', period: 'year' })).toBeGreaterThan(100_000);
  });

  it("shows the original salary in the visitor's language", () => {
    const salary = { min: 60_000, max: 80_000, currency: 'EUR', period: 'year' };
    expect(formatSalary(salary, 'en', () => 'a year')).toBe('€60,000 – €80,000 a year');
    expect(formatSalary(salary, 'de', () => 'pro Jahr')).toMatch(/^60\.000\s?–\s?80\.000\s€ pro Jahr$/);
    expect(formatSalary({ min: null, max: null, currency: null, period: null }, 'en', () => '')).toBeNull();
  });
});

describe('free text', () => {
  it('becomes a prefix query of letters and digits only', () => {
    expect(toPrefixQuery('React  Native!')).toBe('react:* & native:*');
    // One letter matches itself only ("C++", "R"), not every word that starts with it.
    expect(toPrefixQuery('C++ developer')).toBe('c & developer:*');
    expect(toPrefixQuery("' OR 1=1 -- & | !")).toBe('or:* & 1 & 1');
    expect(toPrefixQuery('Zürich Ñandú')).toBe('zürich:* & ñandú:*');
    expect(toPrefixQuery('&|!:*()')).toBeNull();
  });
});

describe('JobPosting structured data', () => {
  it('has what search engines require for a remote job', () => {
    const ld = jobPostingJsonLd(
      row({ remote_allowance: 'fullremote', candidate_locations: ['europe', 'sametimezone'], client_location: 'Madrid, Spain' }),
      { siteName: 'Acme', url: 'https://x/jobs/1' },
    );
    expect(ld).toMatchObject({
      '@type': 'JobPosting',
      title: expect.any(String),
      description: expect.any(String),
      datePosted: expect.any(String),
      hiringOrganization: { name: 'Testcorp' },
      jobLocationType: 'TELECOMMUTE',
    });
    if (!ld) throw new Error('expected structured data');
    expect(ld.applicantLocationRequirements).toEqual([
      { '@type': 'AdministrativeArea', name: 'Europe' },
      { '@type': 'Country', name: 'Spain' },
    ]);
    expect(ld.baseSalary).toEqual({
      '@type': 'MonetaryAmount',
      currency: 'USD',
      value: { '@type': 'QuantitativeValue', minValue: 60_000, maxValue: 70_000, unitText: 'YEAR' },
    });
    // Applied for on this site unless the job has its own application page.
    expect(ld.directApply).toBe(true);
    expect(
      jobPostingJsonLd(
        row({ remote_allowance: 'fullremote', client_location: 'Madrid, Spain', apply_url: 'https://careers.example.com/1' }),
        { siteName: 'Acme', url: 'u' },
      )?.directApply,
    ).toBe(false);
  });

  it('is left out when a required location is unknown', () => {
    expect(jobPostingJsonLd(row({ remote_allowance: 'oneday', client_location: undefined }), { siteName: 'Acme', url: 'u' })).toBeNull();
    expect(
      jobPostingJsonLd(row({ remote_allowance: 'fullremote', client_location: undefined, candidate_locations: [] }), {
        siteName: 'Acme',
        url: 'u',
      }),
    ).toBeNull();
  });

  it('gives an on-site job a place, and never lets text close the script element', () => {
    const ld = jobPostingJsonLd(
      row({
        remote_allowance: 'twodays',
        client_location: 'Zürich, Switzerland',
        company: undefined,
        position: '</script><script>alert(1)</script>',
      }),
      { siteName: 'Acme', url: 'u' },
    );
    expect((ld as { jobLocation?: unknown } | null)?.jobLocation).toEqual({
      '@type': 'Place',
      address: { '@type': 'PostalAddress', addressLocality: 'Zürich', addressCountry: 'Switzerland' },
    });
    expect(ld?.hiringOrganization.name).toBe('Acme');
    expect(jsonForScript(ld)).not.toContain('</script>');
  });
});

describe('demo data', () => {
  it('is the same every time, valid, and varied', () => {
    const now = new Date('2026-11-21T00:00:00Z');
    const a = demoJobs(300, now);
    expect(demoJobs(300, now)).toEqual(a);
    for (const job of a) expect(JobInput.safeParse(job).success).toBe(true);
    for (const d of ['swisstechjobs', 'spaintechjobs', 'frontendjobs'] as const)
      expect(a.filter((j) => j.dashboards.includes(d)).length).toBeGreaterThan(50);
    expect(new Set(a.map((j) => j.position)).size).toBeGreaterThan(15);
    expect(new Set(a.map((j) => j.remote_allowance)).size).toBe(6);
  });

  const jobs = demoJobs(300, new Date('2026-11-21T00:00:00Z'));
  const named = jobs.filter((j) => j.company);

  it('reads like a board: every job has a whole description in sections', () => {
    for (const job of jobs) {
      const html = job.description_html ?? '';
      expect(html, job.external_id).toContain('<h2>The role</h2>');
      // Tasks, requirements, what is offered: three sections at least, each a list.
      expect(html.match(/<h3>[^<]+<\/h3><ul>(<li>[^<]+<\/li>){1,}<\/ul>/g)?.length, job.external_id).toBeGreaterThanOrEqual(3);
      expect(sanitizeDescription(html)).toBe(html);
    }
  });

  it('has many employers, each in one industry and its own offices, posting a role once', () => {
    const byCompany = Map.groupBy(named, (j) => j.company!);
    expect(byCompany.size).toBeGreaterThan(25);
    for (const [company, posted] of byCompany) {
      expect(new Set(posted.map((j) => j.industry)).size, company).toBe(1);
      expect(new Set(posted.map((j) => j.client_location)).size, company).toBeLessThanOrEqual(2);
      expect(new Set(posted.map((j) => j.position)).size, company).toBe(posted.length);
    }
    expect(jobs.some((j) => !j.company)).toBe(true);
    expect(new Set(jobs.map((j) => j.position)).size).toBeGreaterThan(100);
  });

  it('has no near-identical listings', () => {
    expect(new Set(jobs.map((j) => j.short_description)).size).toBe(jobs.length);
    // Two descriptions have at most half their sentences in common (two jobs of one role, say).
    const sentences = jobs.map((j) => new Set(j.description_html!.split(/<[^>]+>/).filter((s) => s.length > 20)));
    let closest = 0;
    for (let i = 0; i < sentences.length; i++)
      for (let k = i + 1; k < sentences.length; k++) {
        const shared = [...sentences[i]!].filter((s) => sentences[k]!.has(s)).length;
        closest = Math.max(closest, shared / Math.min(sentences[i]!.size, sentences[k]!.size));
      }
    expect(closest).toBeLessThanOrEqual(0.5);
  });

  it('says the remote work its fields say, and names in searchable text only the technologies it is tagged with', () => {
    for (const job of jobs) {
      const html = job.description_html!;
      if (job.remote_allowance === 'fullremote') expect(html, job.external_id).toContain('Fully remote');
      else if (job.remote_allowance === 'todiscuss') expect(html, job.external_id).toContain('Remote days to agree');
      else expect(html, job.external_id).toContain('Hybrid: ');
      if (job.contract_type === 'freelance') expect(html, job.external_id).toContain('freelance');
      // The feed test counts on every job a search for "kotlin" finds being tagged Kotlin.
      const searchable = [job.position, job.company, job.client_location, ...job.tags!, job.short_description].join(' ');
      if (/kotlin/i.test(searchable)) expect(job.tags, job.external_id).toContain('Kotlin');
    }
    // The range of roles and technologies the board had.
    const tags = new Set(jobs.flatMap((j) => j.tags!));
    for (const tag of [
      'React',
      'Vue.js',
      'Angular',
      'Kotlin',
      'Swift',
      'Java',
      'Python',
      'Go',
      'Spark',
      'AWS',
      'Azure',
      'C#',
      'PHP',
      'SAP',
      'Salesforce',
    ])
      expect(tags, tag).toContain(tag);
    expect(jobs.filter((j) => j.tags!.includes('Kotlin')).length).toBeGreaterThan(5);
    expect(jobs.filter((j) => j.tags!.some((t) => /react/i.test(t))).length).toBeGreaterThan(20);
  });
});
