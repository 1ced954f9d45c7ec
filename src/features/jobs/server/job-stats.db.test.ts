import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useApiDatabase } from '#tests/api-db';
import { jobInput } from '#tests/job-factory';
import { importJobs } from './import-jobs';
import { addDailyCounts } from './job-stats-repository';
import { JobCounter, jobDailyStats, startJobCounter, stopJobCounter } from './job-stats';
import { findJobIdByExternalId } from './jobs-repository';

let ctx: Awaited<ReturnType<typeof useApiDatabase>>;
const ids: Record<string, string> = {};
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);

beforeAll(async () => {
  ctx = await useApiDatabase();
  await importJobs(ctx.database.db, [
    jobInput({ external_id: 'here' }),
    jobInput({ external_id: 'elsewhere', apply_url: 'https://careers.example.com/42' }),
    jobInput({ external_id: 'other' }),
    jobInput({ external_id: 'expired', apply_url: 'https://careers.example.com/7', valid_through: daysAgo(1) }),
  ]);
  for (const key of ['here', 'elsewhere', 'other', 'expired']) ids[key] = (await findJobIdByExternalId(ctx.database.db, key))!;
});
afterAll(() => ctx?.cleanup());

describe('the counter', () => {
  it('adds up in memory and writes one row per job and day, adding to what is there', async () => {
    const writes: number[] = [];
    const counter = new JobCounter(async (counts) => {
      writes.push(counts.length);
      await addDailyCounts(ctx.database.db, counts);
    });
    for (let i = 0; i < 3; i++) counter.count(ids.here!, 'view');
    counter.count(ids.here!, 'apply');
    counter.count(ids.here!, 'view', daysAgo(2));
    counter.count(ids.other!, 'view');
    counter.count('no-such-job', 'view');
    await counter.flush();
    expect(writes).toEqual([4]);
    await counter.flush();
    expect(writes).toEqual([4]);

    counter.count(ids.here!, 'view');
    await counter.stop();
    const stats = await jobDailyStats(ctx.database.db, ids.here!);
    expect(stats.days).toEqual([
      { day: today(), views: 4, applyClicks: 1 },
      { day: daysAgo(2).toISOString().slice(0, 10), views: 1, applyClicks: 0 },
    ]);
    expect(stats.totals).toEqual({ views: 5, applyClicks: 1 });
    expect((await jobDailyStats(ctx.database.db, ids.other!)).totals).toEqual({ views: 1, applyClicks: 0 });
    expect(await jobDailyStats(ctx.database.db, 'no-such-job')).toEqual({ days: [], totals: { views: 0, applyClicks: 0 } });
  });

  it('keeps the counts of a failed write for the next one, and holds no more keys than its bound', async () => {
    let fail = true;
    const written: number[] = [];
    const counter = new JobCounter(async (counts) => {
      if (fail) throw new Error('database down');
      written.push(counts.reduce((n, c) => n + c.views, 0));
    }, 2);
    counter.count('a', 'view');
    counter.count('b', 'view');
    counter.count('c', 'view');
    await counter.flush();
    fail = false;
    counter.count('a', 'view');
    await counter.flush();
    expect(written).toEqual([3]);
  });

  it('reads only the days asked for', async () => {
    await addDailyCounts(ctx.database.db, [{ jobId: ids.other!, day: daysAgo(40).toISOString().slice(0, 10), views: 9, applyClicks: 9 }]);
    expect((await jobDailyStats(ctx.database.db, ids.other!)).totals).toEqual({ views: 1, applyClicks: 0 });
    expect((await jobDailyStats(ctx.database.db, ids.other!, 60)).totals).toEqual({ views: 10, applyClicks: 9 });
    expect((await jobDailyStats(ctx.database.db, ids.other!, 1)).days.map((d) => d.day)).toEqual([today()]);
  });
});

describe('GET /rest/jobs/{id}/apply-click', () => {
  const click = (id: string, agent = BROWSER, query = '') =>
    ctx.api.request(`/rest/jobs/${id}/apply-click${query}`, { headers: { 'user-agent': agent } });

  it('leads to the stored application page with 303 and counts the click; bots are not counted', async () => {
    const before = (await jobDailyStats(ctx.database.db, ids.elsewhere!)).totals.applyClicks;
    startJobCounter();
    try {
      const res = await click(ids.elsewhere!, BROWSER, '?url=https://evil.example/&next=https://evil.example/');
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe('https://careers.example.com/42');
      expect((await click(ids.elsewhere!, 'Googlebot/2.1 (+http://www.google.com/bot.html)')).status).toBe(303);
    } finally {
      await stopJobCounter();
    }
    expect((await jobDailyStats(ctx.database.db, ids.elsewhere!)).totals.applyClicks).toBe(before + 1);
  });

  it('sends a job applied for here to its form, which counts its own visits', async () => {
    startJobCounter();
    try {
      const res = await click(ids.here!);
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe(`/jobs/all/apply/${ids.here}`);
    } finally {
      await stopJobCounter();
    }
    expect((await jobDailyStats(ctx.database.db, ids.here!)).totals.applyClicks).toBe(1);
  });

  it('is 404 for an unknown or expired job', async () => {
    expect((await click('no-such-job')).status).toBe(404);
    expect((await click(ids.expired!)).status).toBe(404);
  });
});
