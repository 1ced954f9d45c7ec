import { readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useApiDatabase } from '#tests/api-db';
import { officeClient } from '#tests/office';
import { inviteStaff } from '@/server/office/staff-service';
import type { OfficeRole } from '@/server/office/staff-tables';
import { routesMarkedAt } from '@/server/page-cache';
import { rawCaseStudies } from '../content-files';
import { pageContent } from '../content';
import { CASE_STUDY_ROUTES } from '../case-study-paths';
import { caseStudiesIn, caseStudyAt, caseStudyMovedFrom, homeCaseStudies, seedCaseStudies } from './case-studies';
import { listPageCopy, publishedCopy, seedPageCopy } from './page-copy';
import { pageCopy, pageCopyVersions } from './page-copy-tables';
import { caseStudies } from './case-studies-tables';

let ctx: Awaited<ReturnType<typeof useApiDatabase>>;
let office: ReturnType<typeof officeClient>;
beforeAll(async () => {
  ctx = await useApiDatabase();
  office = officeClient(ctx.api);
  await seedPageCopy(ctx.database.db);
  await seedCaseStudies(ctx.database.db);
});
afterAll(() => ctx?.cleanup());

let n = 0;
async function member(role: OfficeRole) {
  const { link } = await inviteStaff(ctx.database.db, undefined, { email: `${role}-${++n}@staff.example`, role }, { actor: null });
  return office.enrol(link);
}

const study = (id: string, title: string) => ({
  ...(rawCaseStudies.en[id] as object),
  title,
  meta: { title, description: `All about ${title}.` },
});

describe('case studies', () => {
  it('come from the release in every locale, the first three on the home page in their order', async () => {
    await seedCaseStudies(ctx.database.db); // a second start changes nothing
    const ids = Object.keys(rawCaseStudies.en);
    const german = await caseStudiesIn('de');
    expect(german.map((c) => [c.slug, c.lang, c.locales.length])).toEqual(ids.map((id) => [id, 'de', 5]));
    expect(german[0]!.copy).toEqual(rawCaseStudies.de[ids[0]!]);
    expect((await homeCaseStudies('it')).map((c) => c.slug)).toEqual(ids);
  });

  it('are created by marketing at a free address; a taken or malformed one is refused on its field, and nothing is stored', async () => {
    const m = await member('marketing');
    const before = await ctx.database.db.select().from(caseStudies);
    for (const [slug, message] of [
      ['retail-checkout', 'slugTaken'],
      ['Not a slug!', 'format'],
    ] as const) {
      const res = await office.call('POST', '/case-studies', { body: { slug }, jar: m.jar });
      expect(res.status, slug).toBe(422);
      const { errors } = (await res.json()) as { errors: { path: string; message: string }[] };
      expect(errors.map((e) => e.path)).toEqual(['slug']);
      if (message === 'slugTaken') expect(errors[0]!.message).toBe('slugTaken');
    }
    expect(await ctx.database.db.select().from(caseStudies)).toHaveLength(before.length);
    const sales = await member('sales');
    expect((await office.call('POST', '/case-studies', { body: { slug: 'by-sales' }, jar: sales.jar })).status).toBe(403);
  });

  it('are on the site once their English is published; a locale without its own copy shows the English, marked as English', async () => {
    const m = await member('marketing');
    const created = await office.call('POST', '/case-studies', { body: { slug: 'insurer-claims' }, jar: m.jar });
    expect(created.status).toBe(201);
    const key = 'case-study-insurer-claims';
    expect(await caseStudyAt('insurer-claims', 'en')).toBeUndefined();
    // A draft is not on the site; the office lists every locale of it as not published.
    const copy = study('retail-checkout', 'Claims settled in a day');
    expect((await office.call('PUT', `/content/${key}/en/draft`, { body: { content: copy }, jar: m.jar })).status).toBe(200);
    expect(await caseStudyAt('insurer-claims', 'en')).toBeUndefined();
    const states = async () =>
      (await listPageCopy(ctx.database.db)).filter((r) => r.page === key).map((r) => [r.locale, r.translation, r.publishedAt !== null]);
    expect(await states()).toEqual([
      ['en', 'source', false],
      ['es', 'missing', false],
      ['fr', 'missing', false],
      ['de', 'missing', false],
      ['it', 'missing', false],
    ]);

    const marked = Date.now();
    expect((await office.call('POST', `/content/${key}/en/publish`, { body: { content: copy }, jar: m.jar })).status).toBe(200);
    expect(routesMarkedAt(CASE_STUDY_ROUTES)).toBeGreaterThanOrEqual(marked);
    const italian = await caseStudyAt('insurer-claims', 'it');
    expect(italian).toMatchObject({ lang: 'en', locales: ['en'], copy: { title: 'Claims settled in a day' } });
    expect((await caseStudiesIn('it')).map((c) => c.slug)).toContain('insurer-claims');

    // The Italian editor starts from nothing stored; its publish makes the Italian page Italian.
    const it = { ...copy, title: 'Sinistri liquidati in un giorno', meta: { title: 'Sinistri in un giorno', description: 'Il caso.' } };
    expect((await office.call('POST', `/content/${key}/it/publish`, { body: { content: it }, jar: m.jar })).status).toBe(200);
    expect(await caseStudyAt('insurer-claims', 'it')).toMatchObject({ lang: 'it', locales: ['en', 'it'], copy: { title: it.title } });
    expect((await states()).find(([l]) => l === 'it')).toEqual(['it', 'current', true]);
    // A copy that breaks the schema is refused, naming the field.
    const bad = await office.call('PUT', `/content/${key}/de/draft`, { body: { content: { ...copy, figures: [] } }, jar: m.jar });
    expect(bad.status).toBe(422);
    expect(((await bad.json()) as { errors: { path: string }[] }).errors.map((e) => e.path)).toEqual(['figures']);
    expect(await caseStudyAt('insurer-claims', 'de')).toMatchObject({ lang: 'en' });
  });

  it('take the home page place the editor gives them; the one there before leaves it', async () => {
    const m = await member('marketing');
    await office.call('POST', '/case-studies', { body: { slug: 'energy-grid' }, jar: m.jar });
    const copy = study('logistics-data', 'A grid that balances itself');
    await office.call('POST', '/content/case-study-energy-grid/en/publish', { body: { content: copy }, jar: m.jar });
    const res = await office.call('PUT', '/case-studies/energy-grid/home', { body: { homeRank: 1 }, jar: m.jar });
    expect(res.status).toBe(200);
    const [first, ...rest] = Object.keys(rawCaseStudies.en);
    expect((await homeCaseStudies('fr')).map((c) => [c.slug, c.lang])).toEqual([['energy-grid', 'en'], ...rest.map((id) => [id, 'fr'])]);
    expect((await caseStudiesIn('en')).map((c) => c.slug)).toContain(first);
    expect((await office.call('PUT', '/case-studies/energy-grid/home', { body: { homeRank: 4 }, jar: m.jar })).status).toBe(422);
    expect((await office.call('PUT', '/case-studies/no-such-study/home', { body: { homeRank: null }, jar: m.jar })).status).toBe(404);
  });
});

describe('a case study’s address', () => {
  it('changes in the office; every earlier address leads to the current one, and one taken is refused', async () => {
    const m = await member('marketing');
    await office.call('POST', '/case-studies', { body: { slug: 'port-cranes' }, jar: m.jar });
    await office.call('POST', '/content/case-study-port-cranes/en/publish', {
      body: { content: study('logistics-data', 'Cranes') },
      jar: m.jar,
    });
    const move = (slug: string) => office.call('PUT', '/case-studies/port-cranes/slug', { body: { slug }, jar: m.jar });
    expect((await move('harbour-cranes')).status).toBe(200);
    expect(await caseStudyAt('port-cranes', 'en')).toBeUndefined();
    expect(await caseStudyMovedFrom('port-cranes')).toBe('harbour-cranes');
    expect((await caseStudyAt('harbour-cranes', 'en'))?.copy.title).toBe('Cranes');
    expect((await move('quay-cranes')).status).toBe(200);
    expect([await caseStudyMovedFrom('port-cranes'), await caseStudyMovedFrom('harbour-cranes')]).toEqual(['quay-cranes', 'quay-cranes']);
    // Back to an earlier address: it is the case study's again, no longer a redirect.
    expect((await move('port-cranes')).status).toBe(200);
    expect(await caseStudyMovedFrom('port-cranes')).toBeUndefined();
    expect((await caseStudyAt('port-cranes', 'de'))?.lang).toBe('en');
    const taken = await move('retail-checkout');
    expect(taken.status).toBe(422);
    expect(((await taken.json()) as { errors: { path: string; message: string }[] }).errors).toEqual([
      { path: 'slug', message: 'slugTaken' },
    ]);
    expect((await caseStudyAt('retail-checkout', 'en'))?.id).toBe('retail-checkout');
  });
});

describe('the home page copy stored before case studies were records', () => {
  it('is moved to the new schema by the migration, keeping what marketing published, its drafts and its versions', async () => {
    const db = ctx.database.db;
    const items = [{ slug: 'old', sector: 'S', client: 'C', title: 'T', text: 'X', figures: [] }];
    const edited = pageContent('home', 'es');
    const old = { ...edited, hero: { ...edited.hero, title: 'Titular de marketing' }, caseStudies: { ...edited.caseStudies, items } };
    const at = and(eq(pageCopy.page, 'home'), eq(pageCopy.locale, 'es'));
    await db.update(pageCopy).set({ published: old, publishedBy: 'someone', draft: old }).where(at);
    await db
      .update(pageCopyVersions)
      .set({ content: old })
      .where(and(eq(pageCopyVersions.page, 'home'), eq(pageCopyVersions.locale, 'es')));
    // The earlier copy no longer passes the schema: the site would show the release's instead.
    expect((await publishedCopy('home', 'es')).hero.title).not.toBe('Titular de marketing');

    const migration = readFileSync(path.resolve(import.meta.dirname, '../../../../drizzle/0034_case_studies.sql'), 'utf8');
    const moves = migration
      .split('--> statement-breakpoint')
      .map((s) => s.replace(/^--.*$/gm, '').trim())
      .filter((s) => s.startsWith('UPDATE'));
    expect(moves).toHaveLength(3);
    for (const statement of moves) await db.execute(sql.raw(statement));

    expect((await publishedCopy('home', 'es')).hero.title).toBe('Titular de marketing');
    const [row] = await db.select().from(pageCopy).where(at);
    expect(row!.draft).toEqual({ ...old, caseStudies: edited.caseStudies });
    const versions = await db
      .select()
      .from(pageCopyVersions)
      .where(and(eq(pageCopyVersions.page, 'home'), eq(pageCopyVersions.locale, 'es')));
    for (const v of versions) expect((v.content as typeof old).caseStudies).toEqual(edited.caseStudies);
  });
});
