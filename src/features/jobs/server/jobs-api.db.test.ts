import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useApiDatabase, postJson } from '#tests/api-db';
import { jobInput } from '#tests/job-factory';
import type { JobCard, JobSearchResponse } from '../schema';
import { importJobs } from './import-jobs';

let ctx: Awaited<ReturnType<typeof useApiDatabase>>;
const sameInstant = new Date(Date.UTC(2026, 9, 1, 12));

beforeAll(async () => {
  ctx = await useApiDatabase();
  const jobs = [
    // 30 plain jobs, five of them posted at the very same instant (ties broken by id).
    ...Array.from({ length: 30 }, (_, i) => jobInput(i < 5 ? { posted_at: sameInstant } : {})),
    jobInput({
      external_id: 'swiss',
      position: 'Platform Engineer',
      dashboards: ['swisstechjobs'],
      industry: 'finance',
      remote_allowance: 'twodays',
      candidate_locations: ['sametimezone'],
      contract_type: 'freelance',
      work_schedule: 'parttime',
      salary_min: 120,
      salary_max: 140,
      salary_currency: 'CHF',
      salary_period: 'hour',
      tags: ['Kubernetes', 'Go'],
    }),
    jobInput({
      external_id: 'front',
      position: 'Frontend Developer',
      dashboards: ['frontendjobs', 'spaintechjobs'],
      remote_allowance: 'oneday',
      candidate_locations: ['america', 'asia'],
      salary_min: 30_000,
      salary_max: 36_000,
      salary_currency: 'EUR',
      tags: ['React', 'CSS'],
      description_html:
        '<p>Nice team</p><script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)">x</a><iframe src="https://evil.example"></iframe>',
    }),
    jobInput({
      external_id: 'nosalary',
      position: 'O\'Reilly "quoted" Role; DROP TABLE jobs;--',
      salary_min: undefined,
      salary_max: undefined,
      salary_currency: undefined,
      salary_period: undefined,
    }),
    jobInput({ external_id: 'expired', position: 'Expired Job', valid_through: new Date(Date.now() - 86_400_000) }),
  ];
  const summary = await importJobs(ctx.database.db, jobs);
  expect(summary).toMatchObject({ added: jobs.length, updated: 0, rejected: [] });
});
afterAll(() => ctx?.cleanup());

async function search(body: object, query = 'pageSize=20') {
  const res = await ctx.api.request(`/rest/jobs/search?${query}`, postJson(body));
  return { status: res.status, body: (await res.json()) as JobSearchResponse & { Count: number; errors: { path: string }[] } };
}

async function all(searchCriteria: object, pageSize = 7): Promise<JobCard[]> {
  const items: JobCard[] = [];
  let cursor: string | null = null;
  do {
    const { status, body }: { status: number; body: JobSearchResponse } = await search(
      { search: searchCriteria, lastEvaluatedKey: cursor },
      `pageSize=${pageSize}`,
    );
    expect(status).toBe(200);
    expect(body.items.length).toBeLessThanOrEqual(pageSize);
    items.push(...body.items);
    cursor = body.lastEvaluatedKey;
  } while (cursor);
  return items;
}

const count = async (criteria: object) => (await search({ search: criteria }, 'count=true')).body.Count;

describe('job search API', () => {
  it('pages through every live job, newest first, without gaps or repeats', async () => {
    const items = await all({ dashboard: 'all' });
    expect(items).toHaveLength(33);
    expect(new Set(items.map((j) => j.id)).size).toBe(33);
    const times = items.map((j) => Date.parse(j.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(items.map((j) => j.position)).not.toContain('Expired Job');
    expect(await count({ dashboard: 'all' })).toBe(33);
  });

  it('uses 20 as the default page size and ends with a null cursor', async () => {
    const first = await search({ search: { dashboard: 'all' } }, '');
    expect(first.body.items).toHaveLength(20);
    const second = await search({ search: { dashboard: 'all' }, lastEvaluatedKey: first.body.lastEvaluatedKey }, '');
    expect(second.body.items).toHaveLength(13);
    expect(second.body.lastEvaluatedKey).toBeNull();
  });

  it.each([
    [{ dashboard: 'swisstechjobs' }, ['Platform Engineer']],
    [{ dashboard: 'frontendjobs' }, ['Frontend Developer']],
    [{ dashboard: 'all', filters: { industry: 'finance' } }, ['Platform Engineer']],
    [{ dashboard: 'all', filters: { remote_work_allowance: 'oneday' } }, ['Frontend Developer']],
    [{ dashboard: 'all', filters: { candidate_location_allowance: 'asia' } }, ['Frontend Developer']],
    [{ dashboard: 'all', filters: { contract_type: 'freelance' } }, ['Platform Engineer']],
    [{ dashboard: 'all', filters: { work_schedule_type: 'parttime' } }, ['Platform Engineer']],
    // 130 CHF an hour ≈ 258,000 USD a year; 33,000 EUR a year ≈ 35,640 USD.
    [{ dashboard: 'all', filters: { remuneration_range: 'higherthan' } }, ['Platform Engineer']],
    [{ dashboard: 'all', filters: { remuneration_range: 'lessfifty' } }, ['Frontend Developer']],
    [{ dashboard: 'all', queryText: 'kuber' }, ['Platform Engineer']],
    [{ dashboard: 'all', queryText: 'REACT css' }, ['Frontend Developer']],
    [{ dashboard: 'all', queryText: '"quoted" DROP TABLE' }, ['O\'Reilly "quoted" Role; DROP TABLE jobs;--']],
    [{ dashboard: 'spaintechjobs', filters: { industry: 'finance' } }, []],
  ])('filters %j', async (criteria, positions) => {
    const items = await all(criteria);
    expect(items.map((j) => j.position).sort()).toEqual(positions);
    expect(await count(criteria)).toBe(positions.length);
  });

  it('counts no further than 1,000, and says so', async () => {
    const { countJobs } = await import('./jobs-repository');
    expect(await countJobs(ctx.database.db, { dashboard: 'all', queryText: '', filters: {} }, 10)).toBe(11);
    expect(await countJobs(ctx.database.db, { dashboard: 'swisstechjobs', queryText: '', filters: {} }, 10)).toBe(1);
    expect((await search({ search: { dashboard: 'all' } }, 'count=true')).body).toEqual({ Count: 33, Capped: false });
  });

  it('reads between-range salaries and empty filter values as "any"', async () => {
    const between = await all({ dashboard: 'all', filters: { remuneration_range: 'between' } });
    expect(between).toHaveLength(30); // 65,000 USD midpoint
    expect(await all({ dashboard: 'all', filters: { industry: '', contract_type: '' } })).toHaveLength(33);
  });

  it('treats operators and SQL characters as plain text', async () => {
    for (const queryText of ["' OR 1=1 --", 'a & b | !c', '(((', ':*', '\\', '%_']) {
      const { status, body } = await search({ search: { dashboard: 'all', queryText } });
      expect(status, queryText).toBe(200);
      // Taken as words, these match nothing here; read as SQL or tsquery, they would match all.
      // (Text without words filters nothing: a full first page.)
      expect(body.items, queryText).toHaveLength(['(((', ':*', '\\', '%_'].includes(queryText) ? 20 : 0);
    }
  });

  it.each([
    [{ search: { dashboard: 'nowhere' } }, 'pageSize=20', 'search.dashboard'],
    [{ search: { dashboard: 'all', filters: { industry: 'mining' } } }, 'pageSize=20', 'search.filters.industry'],
    [{ search: { dashboard: 'all', filters: { colour: 'red' } } }, 'pageSize=20', 'search.filters'],
    [{ search: { dashboard: 'all', queryText: 'x'.repeat(201) } }, 'pageSize=20', 'search.queryText'],
    [{ search: { dashboard: 'all' } }, 'pageSize=0', 'pageSize'],
    [{ search: { dashboard: 'all' } }, 'pageSize=101', 'pageSize'],
  ])('answers 422 with the field for %j ?%s', async (body, query, path) => {
    const { status, body: problem } = await search(body, query);
    expect(status).toBe(422);
    expect(problem.errors.map((e) => e.path)).toContain(path);
  });

  it('answers 400 to a tampered cursor', async () => {
    const { body } = await search({ search: { dashboard: 'all' } }, 'pageSize=5');
    const [payload, signature] = body.lastEvaluatedKey!.split('.');
    const forged = Buffer.from(JSON.stringify(['2030-01-01T00:00:00.000Z', 'zzz'])).toString('base64url');
    for (const cursor of [`${forged}.${signature}`, `${payload}.${signature!.slice(1)}x`, 'garbage', '']) {
      const res = await search({ search: { dashboard: 'all' }, lastEvaluatedKey: cursor || 'x' });
      expect(res.status, cursor).toBe(400);
    }
  });
});

describe('job endpoints', () => {
  it("gives a job card with its salary and posting date in the visitor's language", async () => {
    const [front] = await all({ dashboard: 'frontendjobs' });
    const res = await ctx.api.request(`/rest/jobs/${front!.id}?locale=de`);
    expect(res.status).toBe(200);
    const card = (await res.json()) as JobCard;
    expect(card).toMatchObject({ position: 'Frontend Developer', wfh_allowance: 'oneday', has_jd: true, tags: ['React', 'CSS'] });
    expect(card.remuneration_formatted).toMatch(/30\.000.*36\.000.*€ pro Jahr/);
    expect(card.created_at_formatted).toBe('1. November 2026');
  });

  it('dates the cards of a search in the language asked for', async () => {
    const { body } = await search({ search: { dashboard: 'all' } }, 'pageSize=100&locale=es');
    const posted = body.items.filter((j) => j.created_at === sameInstant.toISOString());
    expect(posted).toHaveLength(5);
    for (const job of posted) expect(job.created_at_formatted).toBe('1 de octubre de 2026');
  });

  it('serves the description sanitized, in a sandbox', async () => {
    const [front] = await all({ dashboard: 'frontendjobs' });
    const res = await ctx.api.request(`/rest/jobs/${front!.id}/description`);
    const { url, position } = (await res.json()) as { url: string; position: string };
    expect(position).toBe('Frontend Developer');
    const html = await ctx.api.request(new URL(url).pathname);
    expect(html.headers.get('content-security-policy')).toContain('sandbox');
    const text = await html.text();
    expect(text).toContain('<p>Nice team</p>');
    expect(text).not.toMatch(/script|onerror|javascript:|iframe/i);
  });

  it('answers 404 for unknown and expired jobs, and for a missing description', async () => {
    expect((await ctx.api.request('/rest/jobs/no-such-job')).status).toBe(404);
    const plain = (await all({ dashboard: 'all', queryText: 'quoted' }))[0]!;
    expect(plain.has_jd).toBe(false);
    expect((await ctx.api.request(`/rest/jobs/${plain.id}/description`)).status).toBe(404);
  });
});

// Last in this file: it adds a job to the board.
describe('job search by GET', () => {
  const get = (request: object | string, headers: Record<string, string> = {}, query = 'pageSize=5') =>
    ctx.api.request(`/rest/jobs/search?${query}&q=${encodeURIComponent(typeof request === 'string' ? request : JSON.stringify(request))}`, {
      headers,
    });

  it('answers what POST answers, with an ETag; 304 without a body to a copy still current; 200 once the board changed', async () => {
    const request = { search: { dashboard: 'all', queryText: '', filters: {} } };
    const res = await get(request);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const etag = res.headers.get('etag')!;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(await res.json()).toEqual((await search(request, 'pageSize=5')).body);

    const again = await get(request, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    // HEAD is answered as GET is: the same validator, and 304 to a copy still current.
    const head = (headers: Record<string, string> = {}) =>
      ctx.api.request(`/rest/jobs/search?pageSize=5&q=${encodeURIComponent(JSON.stringify(request))}`, { method: 'HEAD', headers });
    expect((await head()).headers.get('etag')).toBe(etag);
    expect((await head({ 'if-none-match': etag })).status).toBe(304);
    expect((await get(request, { 'if-none-match': 'W/"other"' })).status).toBe(200);
    expect((await get({ search: { dashboard: 'frontendjobs' } }, { 'if-none-match': etag })).status).toBe(200);
    const counted = await get(request, {}, 'count=true');
    expect(await counted.json()).toEqual((await search(request, 'count=true')).body);

    await importJobs(ctx.database.db, [jobInput({ external_id: 'by-get', position: 'Newest Search Engineer' })]);
    const changed = await get(request, { 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(((await changed.json()) as JobSearchResponse).items[0]!.position).toBe('Newest Search Engineer');
  });

  it('answers 400 to a q that is not JSON, 422 with the field to an invalid search, as POST does', async () => {
    expect((await get('{"search":')).status).toBe(400);
    const res = await get({ search: { dashboard: 'nowhere' } });
    expect(res.status).toBe(422);
    expect(((await res.json()) as { errors: { path: string }[] }).errors.map((e) => e.path)).toContain('search.dashboard');
    expect((await get({ search: { dashboard: 'all' } }, {}, 'pageSize=0')).status).toBe(422);
  });
});
