import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, useApiDatabase } from '#tests/api-db';
import { jobInput } from '#tests/job-factory';
import { applyMarks } from '@/server/page-marks';
import type { JobSearchResponse } from '../schema';
import { importJobs } from './import-jobs';
import { recentSearchJson } from './jobs-service';
import { JobInput, toJobRow } from './job-input';
import { jobs } from './jobs-table';

let ctx: Awaited<ReturnType<typeof useApiDatabase>>;
beforeAll(async () => {
  ctx = await useApiDatabase();
  await importJobs(ctx.database.db, [jobInput({ dashboards: ['frontendjobs'] })]);
});
afterAll(() => ctx?.cleanup());

const board = { search: { dashboard: 'frontendjobs', queryText: '', filters: {} }, lastEvaluatedKey: null };
const ids = async () => {
  const res = await ctx.api.request('/rest/jobs/search?pageSize=50', postJson(board));
  return ((await res.json()) as JobSearchResponse).items.map((j) => j.id);
};
const count = async () =>
  ((await (await ctx.api.request('/rest/jobs/search?count=true', postJson(board))).json()) as { Count: number }).Count;
/** A job written by another node: this process was not told. */
const writtenElsewhere = (position: string) =>
  ctx.database.db.insert(jobs).values(toJobRow(JobInput.parse(jobInput({ position, dashboards: ['frontendjobs'] }))));

describe('searches answered from memory', () => {
  it('repeat the same page until the jobs change, here or on another node', async () => {
    const before = await ids();
    expect(before).toHaveLength(1);
    expect(await count()).toBe(1);
    await writtenElsewhere('Unseen Engineer');
    // The same search a moment later: the page and count this process remembers.
    expect(await ids()).toEqual(before);
    expect(await count()).toBe(1);
    // The node that wrote it marks the board's pages (page-marks.ts): the next search reads again.
    applyMarks(['_N_T_/[locale]/jobs/[dashboard]/page']);
    expect(await ids()).toHaveLength(2);
    expect(await count()).toBe(2);
  });

  it('read again at once after a change made through this process', async () => {
    const before = await ids();
    await importJobs(ctx.database.db, [jobInput({ dashboards: ['frontendjobs'] })]);
    expect(await ids()).toHaveLength(before.length + 1);
  });

  it('know a request by its bytes once answered, until the page it was answered with goes', async () => {
    const asked = `POST /rest/jobs/search?pageSize=50\napplication/json\n${JSON.stringify(board)}`;
    await ids();
    expect(recentSearchJson(asked)?.toString()).toContain('"items"');
    // Another node's change marks the board's pages: the request is validated and read again.
    applyMarks(['_N_T_/[locale]/jobs/[dashboard]/page']);
    expect(recentSearchJson(asked)).toBeUndefined();
    // A page read within the millisecond of a mark is not kept (which came first is unknown).
    await new Promise((resolve) => setTimeout(resolve, 5));
    await ids();
    expect(recentSearchJson(asked)).toBeDefined();
  });

  it('answer a request asked again in the same bytes with the page of that very request: language, size and count apart', async () => {
    const ask = async (query: string) => (await ctx.api.request(`/rest/jobs/search?${query}`, postJson(board))).json();
    for (let round = 0; round < 2; round++) {
      const en = (await ask('pageSize=1&locale=en')) as JobSearchResponse;
      const de = (await ask('pageSize=1&locale=de')) as JobSearchResponse;
      expect(en.items).toHaveLength(1);
      expect(en.items[0]!.created_at_formatted).not.toBe(de.items[0]!.created_at_formatted);
      expect(((await ask('pageSize=50&locale=en')) as JobSearchResponse).items.length).toBeGreaterThan(1);
      expect(await ask('count=true')).toEqual({ Count: expect.any(Number), Capped: false });
    }
  });
});
