import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useApiDatabase } from '#tests/api-db';
import { officeClient } from '#tests/office';
import { auditLog } from '@/server/office/audit-table';
import { inviteStaff } from '@/server/office/staff-service';
import type { OfficeRole } from '@/server/office/staff-tables';
import { routesMarkedAt } from '@/server/page-cache';
import { Queue, registerHandlers, stopQueue } from '@/server/queue';
import { eventually } from '#tests/eventually';
import { pageContent } from '../content';
import { routing } from '@/i18n/routing';
import { checkCopy } from './page-copy-check';
import { COPY_ROUTE, HOME_ROUTE, editablePages, listPageCopy, previewCopy, publishedCopy, seedPageCopy } from './page-copy';
import { pageCopy, pageCopyVersions } from './page-copy-tables';

let ctx: Awaited<ReturnType<typeof useApiDatabase>>;
let office: ReturnType<typeof officeClient>;
beforeAll(async () => {
  ctx = await useApiDatabase();
  office = officeClient(ctx.api);
  await seedPageCopy(ctx.database.db);
});
afterAll(() => ctx?.cleanup());

let n = 0;
async function member(role: OfficeRole) {
  const { link } = await inviteStaff(ctx.database.db, undefined, { email: `${role}-${++n}@staff.example`, role }, { actor: null });
  return office.enrol(link);
}

const rowOf = async (page: string, locale: string) =>
  (
    await ctx.database.db
      .select()
      .from(pageCopy)
      .where(and(eq(pageCopy.page, page), eq(pageCopy.locale, locale)))
  )[0]!;
const versionsOf = async (page: string, locale: string) =>
  ctx.database.db
    .select()
    .from(pageCopyVersions)
    .where(and(eq(pageCopyVersions.page, page), eq(pageCopyVersions.locale, locale)));

describe('page copy', () => {
  it('is seeded from the content files once, each page and locale a first version by nobody', async () => {
    await seedPageCopy(ctx.database.db);
    const row = await rowOf('about', 'de');
    expect(row.published).toEqual(pageContent('about', 'de'));
    expect(row.publishedBy).toBeNull();
    expect(row.draft).toBeNull();
    expect((await versionsOf('about', 'de')).map((v) => [v.version, v.publishedBy])).toEqual([[1, null]]);
    expect(await publishedCopy('about', 'de')).toEqual(pageContent('about', 'de'));
  });

  it('takes every content file as a save would', () => {
    for (const page of editablePages)
      for (const locale of routing.locales) expect(() => checkCopy(page, locale, pageContent(page, locale))).not.toThrow();
  });

  it('falls back to the content file when the stored copy no longer passes the schema', async () => {
    await ctx.database.db
      .update(pageCopy)
      .set({ published: { heading: 'only a heading' } })
      .where(and(eq(pageCopy.page, 'cookies'), eq(pageCopy.locale, 'it')));
    expect(await publishedCopy('cookies', 'it')).toEqual(pageContent('cookies', 'it'));
  });

  it('refuses a draft that breaks the page’s schema, naming the field, and stores nothing', async () => {
    const m = await member('marketing');
    const bad = { ...pageContent('process', 'fr'), heading: '  ', extra: 'no' };
    const res = await office.call('PUT', '/content/process/fr/draft', { body: { content: bad }, jar: m.jar });
    expect(res.status).toBe(422);
    const { errors } = (await res.json()) as { errors: { path: string; message: string }[] };
    expect(errors.sort((a, b) => a.path.localeCompare(b.path))).toEqual([
      { path: 'extra', message: 'unknownField' },
      { path: 'heading', message: 'required' },
    ]);
    const steps = { ...pageContent('process', 'fr'), steps: pageContent('process', 'fr').steps.slice(0, 2) };
    const short = await office.call('PUT', '/content/process/fr/draft', { body: { content: steps }, jar: m.jar });
    expect(short.status).toBe(422);
    expect(((await short.json()) as { errors: unknown[] }).errors).toEqual([{ path: 'steps', message: 'itemCount' }]);
    const placeholder = { ...pageContent('terms', 'fr'), intro: 'Writes to {nobody}.' };
    const unknown = await office.call('PUT', '/content/terms/fr/draft', { body: { content: placeholder }, jar: m.jar });
    expect(((await unknown.json()) as { errors: { path: string; message: string }[] }).errors).toEqual([
      { path: 'intro', message: 'placeholder' },
    ]);
    expect((await rowOf('process', 'fr')).draft).toBeNull();
    expect((await rowOf('terms', 'fr')).draft).toBeNull();
    expect(await ctx.database.db.select().from(auditLog).where(eq(auditLog.action, 'page_copy.save'))).toEqual([]);
  });

  it('keeps a draft apart from the published copy until it is published, then versions it and marks the pages stale', async () => {
    const m = await member('marketing');
    const before = pageContent('about', 'de');
    const edited = { ...before, heading: 'Wer wir wirklich sind' };
    expect((await office.call('PUT', '/content/about/de/draft', { body: { content: edited }, jar: m.jar })).status).toBe(200);
    expect((await rowOf('about', 'de')).draft).toEqual(edited);
    expect((await publishedCopy('about', 'de')).heading).toBe(before.heading);

    const marked = routesMarkedAt([COPY_ROUTE]);
    const markedHome = routesMarkedAt([HOME_ROUTE]);
    const res = await office.call('POST', '/content/about/de/publish', { body: { content: edited }, jar: m.jar });
    expect(await res.json()).toEqual({ version: 2 });
    expect((await publishedCopy('about', 'de')).heading).toBe('Wer wir wirklich sind');
    expect((await publishedCopy('about', 'en')).heading).toBe(pageContent('about', 'en').heading);
    expect(routesMarkedAt([COPY_ROUTE])).toBeGreaterThan(marked);
    // The home page too: it shows the services page's overview.
    expect(routesMarkedAt([HOME_ROUTE])).toBeGreaterThan(markedHome);
    const row = await rowOf('about', 'de');
    expect([row.draft, row.publishedBy]).toEqual([null, m.id]);

    const history = (await (await office.call('GET', '/content/about/de/versions', { jar: m.jar })).json()) as {
      rows: { version: number; publishedBy: string | null; changed: string[] }[];
    };
    expect(history.rows.map((v) => [v.version, v.changed])).toEqual([
      [2, ['heading']],
      [1, expect.arrayContaining(['heading', 'meta.title'])],
    ]);
    expect(history.rows[1]!.publishedBy).toBeNull();

    // The first version back as the draft, then live again.
    expect((await office.call('POST', '/content/about/de/versions/1/restore', { jar: m.jar })).status).toBe(200);
    expect((await rowOf('about', 'de')).draft).toEqual(before);
    expect((await publishedCopy('about', 'de')).heading).toBe('Wer wir wirklich sind');
    await office.call('POST', '/content/about/de/publish', { body: { content: before }, jar: m.jar });
    expect((await publishedCopy('about', 'de')).heading).toBe(before.heading);
    const actions = await ctx.database.db.select().from(auditLog).where(eq(auditLog.actor, m.id));
    expect(actions.filter((a) => a.action.startsWith('page_copy.')).map((a) => [a.action, a.record])).toEqual([
      ['page_copy.save', 'about/de'],
      ['page_copy.publish', 'about/de/v2'],
      ['page_copy.restore', 'about/de/v1'],
      ['page_copy.publish', 'about/de/v3'],
    ]);
  });

  it('previews the saved draft, and the published copy when there is none or the draft no longer fits the schema', async () => {
    const published = pageContent('process', 'fr');
    expect(await previewCopy('process', 'fr')).toEqual({ copy: published, draft: false });
    const m = await member('marketing');
    const edited = { ...published, heading: 'Brouillon' };
    expect((await office.call('PUT', '/content/process/fr/draft', { body: { content: edited }, jar: m.jar })).status).toBe(200);
    expect(await previewCopy('process', 'fr')).toEqual({ copy: edited, draft: true });
    expect(await publishedCopy('process', 'fr')).toEqual(published);
    await ctx.database.db
      .update(pageCopy)
      .set({ draft: { heading: 'only a heading' } })
      .where(and(eq(pageCopy.page, 'process'), eq(pageCopy.locale, 'fr')));
    expect(await previewCopy('process', 'fr')).toEqual({ copy: published, draft: false });
  });

  it('tells each translation outdated once the English is published after it, current once saved again, and filters by state', async () => {
    const stateOf = async (locale: string) =>
      (await listPageCopy(ctx.database.db)).find((r) => r.page === 'terms' && r.locale === locale)?.translation;
    expect([await stateOf('en'), await stateOf('fr'), await stateOf('it')]).toEqual(['source', 'current', 'current']);
    const m = await member('marketing');
    const english = { ...pageContent('terms', 'en'), heading: 'Terms of use, revised' };
    expect((await office.call('POST', '/content/terms/en/publish', { body: { content: english }, jar: m.jar })).status).toBe(200);
    expect([await stateOf('en'), await stateOf('fr'), await stateOf('it')]).toEqual(['source', 'outdated', 'outdated']);

    const outdated = await office.call('GET', '/content?state=outdated', { jar: m.jar });
    const rows = ((await outdated.json()) as { rows: { page: string; locale: string; translation: string }[] }).rows;
    expect(rows.filter((r) => r.page === 'terms').map((r) => r.locale)).toEqual(['es', 'fr', 'de', 'it']);
    expect(rows.every((r) => r.translation === 'outdated')).toBe(true);
    expect((await office.call('GET', '/content?state=stale', { jar: m.jar })).status).toBe(422);

    // The French is looked at again and saved: current, while the others stay outdated.
    const french = pageContent('terms', 'fr');
    expect((await office.call('PUT', '/content/terms/fr/draft', { body: { content: french }, jar: m.jar })).status).toBe(200);
    expect([await stateOf('fr'), await stateOf('it')]).toEqual(['current', 'outdated']);
  });

  it('publishes a scheduled draft at its time for the member who scheduled it, and nothing once taken back', async () => {
    const m = await member('marketing');
    const path = '/content/products/it';
    // On the office's clock, as the editor's field sends it (Madrid: CET in winter, CEST in summer).
    const madrid = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Madrid', dateStyle: 'short', timeStyle: 'medium' });
    const soon = (ms: number) => madrid.format(new Date(Date.now() + ms)).replace(' ', 'T');
    const schedule = (at: string) => office.call('PUT', `${path}/schedule`, { body: { at }, jar: m.jar });
    // Nothing to schedule without a draft, nor at a time that has passed.
    const none = await schedule(soon(60_000));
    expect(none.status).toBe(409);
    expect(((await none.json()) as { errors: unknown[] }).errors).toEqual([{ path: '', message: 'noDraft' }]);
    const draft = { ...pageContent('products', 'it'), heading: 'Prodotti, tra poco' };
    expect((await office.call('PUT', `${path}/draft`, { body: { content: draft }, jar: m.jar })).status).toBe(200);
    const past = await schedule(soon(-1000));
    expect(past.status).toBe(422);
    expect(((await past.json()) as { errors: unknown[] }).errors).toEqual([{ path: 'at', message: 'future' }]);
    const impossible = await schedule('2030-02-30T10:00');
    expect(impossible.status).toBe(422);
    expect(((await impossible.json()) as { errors: { path: string }[] }).errors.map((e) => e.path)).toEqual(['at']);

    // A time taken back: its job comes and publishes nothing. Then a time of its own.
    expect((await schedule(soon(1000))).status).toBe(200);
    expect((await office.call('DELETE', `${path}/schedule`, { jar: m.jar })).status).toBe(200);
    const at = soon(3000);
    expect((await schedule(at)).status).toBe(200);
    const detail = (await (await office.call('GET', path, { jar: m.jar })).json()) as { scheduledAt: string; scheduledBy: string };
    expect(Math.abs(new Date(detail.scheduledAt).getTime() - Date.now() - 3000)).toBeLessThan(2000);
    expect(await publishedCopy('products', 'it')).toEqual(pageContent('products', 'it'));

    await stopQueue();
    const worker = new Queue(ctx.database, { work: true, retryDelaySeconds: 1, pollingIntervalSeconds: 0.5 });
    await worker.start();
    try {
      await registerHandlers(worker, ctx.database);
      await eventually(async () => expect((await publishedCopy('products', 'it')).heading).toBe('Prodotti, tra poco'), 20_000);
    } finally {
      await worker.stop(2000);
    }
    const row = await rowOf('products', 'it');
    expect([row.publishedBy, row.draft, row.scheduledAt]).toEqual([m.id, null, null]);
    expect((await versionsOf('products', 'it')).map((v) => v.version)).toEqual([1, 2]);
    const actions = (await ctx.database.db.select().from(auditLog).where(eq(auditLog.actor, m.id)).orderBy(asc(auditLog.at)))
      .map((a) => a.action)
      .filter((a) => a.startsWith('page_copy.'));
    expect(actions).toEqual(['page_copy.save', 'page_copy.schedule', 'page_copy.unschedule', 'page_copy.schedule', 'page_copy.publish']);
  });

  it('discards a draft: the published copy stays', async () => {
    const m = await member('admin');
    const edited = { ...pageContent('services', 'es'), heading: 'Borrador' };
    await office.call('PUT', '/content/services/es/draft', { body: { content: edited }, jar: m.jar });
    expect((await office.call('DELETE', '/content/services/es/draft', { jar: m.jar })).status).toBe(200);
    const row = await rowOf('services', 'es');
    expect([row.draft, (row.published as { heading: string }).heading]).toEqual([null, pageContent('services', 'es').heading]);
  });

  it('takes a new release’s copy on pages nobody published, and never on one a member published', async () => {
    const m = await member('marketing');
    const mine = { ...pageContent('products', 'it'), heading: 'Pubblicato da noi' };
    await office.call('POST', '/content/products/it/publish', { body: { content: mine }, jar: m.jar });
    // A release whose files differ from those seeded: both rows remember another file.
    for (const page of ['products', 'terms'])
      await ctx.database.db
        .update(pageCopy)
        .set({ releaseHash: 'an-earlier-release' })
        .where(and(eq(pageCopy.page, page), eq(pageCopy.locale, 'it')));
    await ctx.database.db
      .update(pageCopy)
      .set({ published: { ...pageContent('terms', 'it'), heading: 'Old release' } })
      .where(and(eq(pageCopy.page, 'terms'), eq(pageCopy.locale, 'it')));
    await seedPageCopy(ctx.database.db);
    expect((await publishedCopy('products', 'it')).heading).toBe('Pubblicato da noi');
    expect((await publishedCopy('terms', 'it')).heading).toBe(pageContent('terms', 'it').heading);
    expect((await versionsOf('terms', 'it')).map((v) => v.version).sort()).toEqual([1, 2]);
    // A start with the same release changes nothing.
    await seedPageCopy(ctx.database.db);
    expect((await versionsOf('terms', 'it')).length).toBe(2);
  });

  it('lists every page in every locale for marketing and admins only', async () => {
    const [marketing, sales] = [await member('marketing'), await member('sales')];
    const res = await office.call('GET', '/content', { jar: marketing.jar });
    const { rows } = (await res.json()) as { rows: { page: string; locale: string; hasDraft: boolean }[] };
    expect(rows).toHaveLength(editablePages.length * 5);
    expect(rows[0]).toMatchObject({ page: 'home', locale: 'en' });
    expect(rows.find((r) => r.page === 'about' && r.locale === 'en')).toMatchObject({ hasDraft: false });
    expect((await office.call('GET', '/content', { jar: sales.jar })).status).toBe(403);
    expect((await office.call('GET', '/leads', { jar: marketing.jar })).status).toBe(403);
  });
});
