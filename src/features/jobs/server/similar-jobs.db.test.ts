import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useApiDatabase } from '#tests/api-db';
import { jobInput } from '#tests/job-factory';
import { importJobs } from './import-jobs';
import { findJobIdByExternalId } from './jobs-repository';
import { getJobForPage, similarJobs } from './jobs-service';
import { closeJob } from './office-jobs';

let ctx: Awaited<ReturnType<typeof useApiDatabase>>;
const ids: Record<string, string> = {};
const at = (day: number) => new Date(Date.UTC(2026, 9, day));

beforeAll(async () => {
  ctx = await useApiDatabase();
  const front = { dashboards: ['frontendjobs' as const] };
  const rows = {
    closed: jobInput({ ...front, industry: 'finance', posted_at: at(1) }),
    financeOld: jobInput({ ...front, industry: 'finance', posted_at: at(2) }),
    financeNew: jobInput({ ...front, industry: 'finance', posted_at: at(3) }),
    financeExpired: jobInput({ ...front, industry: 'finance', posted_at: at(9), valid_through: new Date(Date.now() - 86_400_000) }),
    financeElsewhere: jobInput({ dashboards: ['swisstechjobs'], industry: 'finance', posted_at: at(9) }),
    mediaOld: jobInput({ ...front, industry: 'media', posted_at: at(4) }),
    mediaMid: jobInput({ ...front, industry: 'media', posted_at: at(5) }),
    mediaNew: jobInput({ ...front, industry: 'media', posted_at: at(6) }),
  };
  await importJobs(
    ctx.database.db,
    Object.entries(rows).map(([key, row]) => ({ ...row, external_id: key })),
  );
  for (const key of Object.keys(rows)) ids[key] = (await findJobIdByExternalId(ctx.database.db, key))!;
  await closeJob(ctx.database.db, ids.closed!, { actor: 'test', ip: '127.0.0.1' });
});
afterAll(() => ctx?.cleanup());

describe('a closed job', () => {
  it('is still found for its page, marked not live, on its boards only', async () => {
    const db = ctx.database.db;
    expect(await getJobForPage(db, ids.closed!, 'frontendjobs')).toMatchObject({ live: false, job: { id: ids.closed } });
    expect(await getJobForPage(db, ids.closed!, 'all')).toMatchObject({ live: false });
    expect(await getJobForPage(db, ids.closed!, 'swisstechjobs')).toBeUndefined();
    expect(await getJobForPage(db, ids.financeNew!, 'all')).toMatchObject({ live: true });
    expect(await getJobForPage(db, 'no-such-job', 'all')).toBeUndefined();
    expect(await getJobForPage(db, 'bad id\u0000', 'all')).toBeUndefined();
  });

  it('has similar live jobs: its industry on its board first, then the rest of the board, newest first', async () => {
    const db = ctx.database.db;
    const { job } = (await getJobForPage(db, ids.closed!, 'frontendjobs'))!;
    const expected = [ids.financeNew, ids.financeOld, ids.mediaNew, ids.mediaMid];
    expect((await similarJobs(db, job, 'frontendjobs', 'en')).map((j) => j.id)).toEqual(expected);
    // On the 'all' board, the job's own boards.
    expect((await similarJobs(db, job, 'all', 'en')).map((j) => j.id)).toEqual(expected);
    expect((await similarJobs(db, job, 'swisstechjobs', 'en')).map((j) => j.id)).toEqual([ids.financeElsewhere]);
    expect((await similarJobs(db, job, 'frontendjobs', 'en', 2)).map((j) => j.id)).toEqual([ids.financeNew, ids.financeOld]);
  });
});
