import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#tests/test-db';
import { jobInput } from '#tests/job-factory';
import { importJobs } from './import-jobs';
import { countAllJobs } from './jobs-repository';
import { jobs } from './jobs-table';

describe('job import', () => {
  let t: TestDatabase;
  beforeEach(async () => {
    t = await createTestDatabase();
  });
  afterEach(() => t.drop());

  it('adds, updates by external id, and rejects bad rows with reasons', async () => {
    const first = await importJobs(t.database.db, [
      jobInput({ external_id: 'a', position: 'First title' }),
      jobInput({ external_id: 'b' }),
    ]);
    expect(first).toMatchObject({ added: 2, updated: 0, rejected: [] });
    const [before] = await t.database.db
      .select()
      .from(jobs)
      .where((await import('drizzle-orm')).eq(jobs.externalId, 'a'));

    const second = await importJobs(t.database.db, [
      jobInput({ external_id: 'a', position: 'Second title' }),
      { ...jobInput({ external_id: 'c' }), dashboards: ['moon'] },
      { ...jobInput({ external_id: 'd' }), salary_min: 90_000, salary_max: 10_000 },
      jobInput({ external_id: 'a' }),
    ]);
    expect(second.added).toBe(0);
    expect(second.updated).toBe(1);
    expect(second.rejected.map((r) => [r.row, r.externalId, r.errors[0]!.path])).toEqual([
      [2, 'c', 'dashboards.0'],
      [3, 'd', 'salary_max'],
      [4, 'a', 'external_id'],
    ]);
    const [after] = await t.database.db
      .select()
      .from(jobs)
      .where((await import('drizzle-orm')).eq(jobs.externalId, 'a'));
    expect(after!.position).toBe('Second title');
    expect(after!.id).toBe(before!.id);
    expect(after!.createdAt).toEqual(before!.createdAt);
    expect(await countAllJobs(t.database.db)).toBe(2);
  });

  it('imports nothing when the database fails half-way', async () => {
    await importJobs(t.database.db, [jobInput({ external_id: 'kept' })]);
    // A constraint that the second (valid-looking) row breaks makes the database refuse it.
    await t.database.query(`alter table jobs add constraint no_x check (external_id not like 'xxx%')`);
    const rows = [jobInput({ external_id: 'new-1' }), jobInput({ external_id: 'xxx-2' })];
    await expect(importJobs(t.database.db, rows)).rejects.toThrow();
    expect(await countAllJobs(t.database.db)).toBe(1);
  });
});
