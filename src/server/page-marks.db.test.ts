import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useApiDatabase } from '#tests/api-db';
import { eventually } from '#tests/eventually';
import { pageMarks } from './page-marks-table';

// Without Redis, the marks go through the database: this process is one web node, rows written
// straight into the table are another node's or a worker's.
let ctx: Awaited<ReturnType<typeof useApiDatabase>>;
let marks: typeof import('./page-marks');
beforeAll(async () => {
  ctx = await useApiDatabase();
  marks = await import('./page-marks');
});
afterAll(async () => {
  await marks.stopListening();
  await ctx?.cleanup();
});

describe('page changes shared through the database', () => {
  it("a mark made by a worker or another node reaches this node's pages within a couple of seconds", async () => {
    await marks.listenForMarks();
    const tag = '_N_T_/[locale]/training/page';
    const before = Date.now();
    await ctx.database.db.insert(pageMarks).values({ tag, markedAt: sql`clock_timestamp()` });
    await eventually(() => expect(marks.markedAt([tag])).toBeGreaterThanOrEqual(before), 3000);
  });

  it("this node's marks apply here at once and are written for the others", async () => {
    const tag = '_N_T_/[locale]/careers/page';
    const before = Date.now();
    await expect(marks.markPages([tag])).resolves.toBe(true);
    expect(marks.markedAt([tag])).toBeGreaterThanOrEqual(before);
    const [row] = await ctx.database.db
      .select()
      .from(pageMarks)
      .where(sql`${pageMarks.tag} = ${tag}`);
    expect(row?.markedAt.getTime()).toBeGreaterThan(before - 60_000);
  });
});
