import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useApiDatabase } from '#tests/api-db';
import { closePosition, savePosition } from '@/features/applications/server/positions-service';
import { coursesChanged, seatsChanged } from '@/features/courses/server/courses-changed';
import { loadCatalogueOnce } from '@/features/courses/server/courses-service';
import { courses } from '@/features/courses/server/courses-table';
import { demoJobs } from '@/features/jobs/server/demo-jobs';
import { importJobs } from '@/features/jobs/server/import-jobs';
import { JOBS_PER_PART, sitemapIndexXml, sitemapPartXml } from './sitemap-parts';

let ctx: Awaited<ReturnType<typeof useApiDatabase>>;
beforeAll(async () => {
  ctx = await useApiDatabase();
  await loadCatalogueOnce(ctx.database.db);
  // One part of pages and two of jobs.
  await importJobs(ctx.database.db, demoJobs(JOBS_PER_PART + 50));
});
afterAll(() => ctx?.cleanup());

const base = 'http://localhost:3000';
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
const urls = (xml: string) =>
  [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map((m) => ({
    loc: /<loc>(.*?)<\/loc>/.exec(m[1]!)![1]!,
    alternates: Object.fromEntries([...m[1]!.matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)].map((a) => [a[1]!, a[2]!])),
  }));
const part = async (name: string) => (await sitemapPartXml(name))?.toString() ?? '';
const pagesPart = () => part('pages');

describe('the sitemap', () => {
  it('is an index of its parts: the pages, then the jobs in parts of a thousand addresses', async () => {
    const index = (await sitemapIndexXml()).toString();
    expect(index).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    expect(locs(index)).toEqual([`${base}/sitemap/pages.xml`, `${base}/sitemap/jobs-1.xml`, `${base}/sitemap/jobs-2.xml`]);
    // The jobs' parts say when their newest job changed.
    expect([...index.matchAll(/<lastmod>/g)]).toHaveLength(3);
    expect(await sitemapPartXml('jobs-3')).toBeUndefined();
    expect(await sitemapPartXml('../pages')).toBeUndefined();
  });

  it('lists each page once per locale, each naming its five translations and x-default', async () => {
    const pages = urls(await pagesPart());
    const training = pages.filter((u) => new URL(u.loc).pathname.endsWith('/training'));
    expect(training.map((u) => u.loc)).toEqual([
      `${base}/training`,
      `${base}/sp/training`,
      `${base}/fr/training`,
      `${base}/de/training`,
      `${base}/it/training`,
    ]);
    for (const u of training)
      expect(u.alternates).toEqual({
        en: `${base}/training`,
        es: `${base}/sp/training`,
        fr: `${base}/fr/training`,
        de: `${base}/de/training`,
        it: `${base}/it/training`,
        'x-default': `${base}/training`,
      });
    for (const path of ['/', '/sp/careers', '/de/jobs/all', '/it/jobs/swisstechjobs', '/education/online-01-fs/specs'])
      expect(pages.map((u) => u.loc)).toContain(path === '/' ? `${base}/` : `${base}${path}`);
    expect(pages.every((u) => Object.keys(u.alternates).length === 6)).toBe(true);

    const jobs = [...urls(await part('jobs-1')), ...urls(await part('jobs-2'))];
    expect(jobs).toHaveLength((JOBS_PER_PART + 50) * 5);
    expect(urls(await part('jobs-1'))).toHaveLength(JOBS_PER_PART * 5);
    expect(new Set(jobs.map((u) => u.alternates.en)).size).toBe(JOBS_PER_PART + 50);
    expect(jobs.every((u) => /^http:\/\/localhost:3000(\/(sp|fr|de|it))?\/jobs\/all\/specs\/[\w-]+$/.test(u.loc))).toBe(true);
  });

  it('is read once, and again after a job, a course or a position changed', async () => {
    const first = await sitemapPartXml('pages');
    expect(await sitemapPartXml('pages')).toBe(first);

    // Written to the database without a mark: the sitemap keeps what it read.
    await ctx.database.db.update(courses).set({ published: false }).where(eq(courses.id, 'online-01-fs'));
    expect(await pagesPart()).toContain('/education/online-01-fs/specs<');
    // A seat taken is no change of what it lists.
    await seatsChanged();
    expect(await sitemapPartXml('pages')).toBe(first);
    await coursesChanged();
    expect(await pagesPart()).not.toContain('/education/online-01-fs/specs<');
    await ctx.database.db.update(courses).set({ published: true }).where(eq(courses.id, 'online-01-fs'));
    await coursesChanged();
    expect(await pagesPart()).toContain('/education/online-01-fs/specs<');

    await savePosition(ctx.database.db, {
      id: 'sitemap-role',
      role: 'Site reliability engineer',
      locale: 'en',
      location: 'Remote',
      description: '<p>Hi</p>',
    });
    expect(await pagesPart()).toContain(`${base}/fr/careers/sitemap-role<`);
    await closePosition(ctx.database.db, 'sitemap-role');
    expect(await pagesPart()).not.toContain('/careers/sitemap-role<');

    await importJobs(ctx.database.db, demoJobs(1, new Date(), 7));
    const [job] = (await ctx.database.query('select id from jobs order by created_at desc, id desc limit 1')).rows as { id: string }[];
    expect(locs((await sitemapIndexXml()).toString())).toHaveLength(3);
    expect(`${await part('jobs-1')}${await part('jobs-2')}`).toContain(`${base}/sp/jobs/all/specs/${job!.id}<`);
  });
});
