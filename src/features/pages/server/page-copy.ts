import 'server-only';
import { createHash, randomUUID } from 'node:crypto';
import { and, desc, eq, max, sql } from 'drizzle-orm';
import { database, type Db, type DbOrTx } from '@/server/db';
import { AppError } from '@/server/errors';
import { audit } from '@/server/office/audit';
import { staffUser } from '@/server/office/staff-tables';
import { revalidateRoutes } from '@/server/page-cache';
import { log } from '@/server/log';
import { routing, type Locale } from '@/i18n/routing';
import { rawContent } from '../content-files';
import { pageSchemas, type ContentOf, type ContentPage } from '../content-schema';
import { pageContent } from '../content';
import { changedFields, checkCopy } from './page-copy-check';
import { pageCopy, pageCopyVersions, type PageCopyRow } from './page-copy-tables';

/**
 * The pages the office edits, and the address each is at. The home page (and the services
 * overview on it) still reads its content file: it joins them with its own route.
 */
export const EDITABLE_PAGES = {
  about: '/about',
  process: '/process',
  services: '/services',
  products: '/products',
  amazonsaasboost: '/products/amazonsaasboost',
  demodph_: '/products/demodph_',
  'privacy-policy': '/privacy-policy',
  cookies: '/cookies',
  terms: '/terms',
} as const satisfies Partial<Record<ContentPage, string>>;
export type EditablePage = keyof typeof EDITABLE_PAGES;
export const editablePages = Object.keys(EDITABLE_PAGES) as EditablePage[];
export const isEditablePage = (page: string): page is EditablePage => Object.hasOwn(EDITABLE_PAGES, page);

/** The app route that renders every editable page (src/proxy.ts maps their addresses to it). */
export const COPY_ROUTE = '/[locale]/copy/[page]';

export interface By {
  actor: string;
  ip: string;
}

const hashOf = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');

/**
 * Puts each page's content file in the database, in every locale, at every start: a page nobody
 * has published yet takes the release's copy (a new one as a new version); a page a member
 * published keeps theirs, whatever the release brings.
 */
export async function seedPageCopy(db: Db, now = new Date()): Promise<void> {
  for (const page of editablePages) {
    for (const locale of routing.locales) {
      const file = pageContent(page, locale);
      const hash = hashOf(rawContent[page][locale]);
      await db.transaction(async (tx) => {
        const inserted = await tx
          .insert(pageCopy)
          .values({ page, locale, published: file, publishedAt: now, releaseHash: hash })
          .onConflictDoNothing()
          .returning({ page: pageCopy.page });
        if (inserted.length) return addVersion(tx, page, locale, file, null, now);
        const [row] = await tx
          .select()
          .from(pageCopy)
          .where(and(eq(pageCopy.page, page), eq(pageCopy.locale, locale)))
          .for('update');
        if (!row || row.publishedBy !== null || row.releaseHash === hash) return;
        await tx
          .update(pageCopy)
          .set({ published: file, publishedAt: now, releaseHash: hash })
          .where(and(eq(pageCopy.page, page), eq(pageCopy.locale, locale)));
        await addVersion(tx, page, locale, file, null, now);
      });
    }
  }
}

async function addVersion(tx: DbOrTx, page: string, locale: string, content: unknown, by: string | null, now: Date) {
  const [last] = await tx
    .select({ n: max(pageCopyVersions.version) })
    .from(pageCopyVersions)
    .where(and(eq(pageCopyVersions.page, page), eq(pageCopyVersions.locale, locale)));
  await tx.insert(pageCopyVersions).values({
    id: randomUUID(),
    page,
    locale,
    version: (last?.n ?? 0) + 1,
    content,
    publishedAt: now,
    publishedBy: by,
  });
}

/**
 * The published copy of a page, as its public route renders it: the database's, or the content
 * file's when the database has none that passes the page's schema (a row written before a schema
 * change, say).
 */
export async function publishedCopy<P extends EditablePage>(page: P, locale: Locale): Promise<ContentOf<P>> {
  const { db } = await database();
  const [row] = await db
    .select({ published: pageCopy.published })
    .from(pageCopy)
    .where(and(eq(pageCopy.page, page), eq(pageCopy.locale, locale)));
  if (row) {
    const parsed = pageSchemas[page].safeParse(row.published);
    if (parsed.success) return parsed.data as ContentOf<P>;
    log().warn({ page, locale }, 'stored page copy does not match its schema; the content file is shown');
  }
  return pageContent(page, locale);
}

async function rowOf(db: DbOrTx, page: EditablePage, locale: Locale): Promise<PageCopyRow> {
  const [row] = await db
    .select()
    .from(pageCopy)
    .where(and(eq(pageCopy.page, page), eq(pageCopy.locale, locale)));
  if (row) return row;
  // Seeded at start; a page added since the last start gets its row here.
  await seedPageCopy(db as Db);
  const [seeded] = await db
    .select()
    .from(pageCopy)
    .where(and(eq(pageCopy.page, page), eq(pageCopy.locale, locale)));
  if (!seeded) throw new AppError('not_found', 'No such page.');
  return seeded;
}

export interface PageCopyState {
  page: EditablePage;
  locale: Locale;
  hasDraft: boolean;
  draftSavedAt: string | null;
  publishedAt: string;
  /** The member who last published, or null for the release's copy. */
  publishedBy: string | null;
}

const nameOf = async (db: Db, id: string | null) =>
  id ? ((await db.select({ name: staffUser.name }).from(staffUser).where(eq(staffUser.id, id)))[0]?.name ?? null) : null;

/** Every editable page in every locale: whether it has a draft, when and by whom it was last published. */
export async function listPageCopy(db: Db): Promise<PageCopyState[]> {
  const rows = await db
    .select({
      page: pageCopy.page,
      locale: pageCopy.locale,
      draftSavedAt: pageCopy.draftSavedAt,
      hasDraft: sql<boolean>`${pageCopy.draft} is not null`,
      publishedAt: pageCopy.publishedAt,
      publishedBy: staffUser.name,
    })
    .from(pageCopy)
    .leftJoin(staffUser, eq(staffUser.id, pageCopy.publishedBy));
  const byKey = new Map(rows.map((r) => [`${r.page}/${r.locale}`, r]));
  return editablePages.flatMap((page) =>
    routing.locales.flatMap((locale) => {
      const r = byKey.get(`${page}/${locale}`);
      if (!r) return [];
      return [
        {
          page,
          locale,
          hasDraft: r.hasDraft,
          draftSavedAt: r.draftSavedAt?.toISOString() ?? null,
          publishedAt: r.publishedAt.toISOString(),
          publishedBy: r.publishedBy,
        },
      ];
    }),
  );
}

export interface PageCopyDetail extends PageCopyState {
  published: unknown;
  draft: unknown;
  draftSavedBy: string | null;
}

/** A page's copy in one locale, for the editor: the published copy and the draft. */
export async function pageCopyOf(db: Db, page: EditablePage, locale: Locale): Promise<PageCopyDetail> {
  const row = await rowOf(db, page, locale);
  return {
    page,
    locale,
    hasDraft: row.draft !== null,
    draftSavedAt: row.draftSavedAt?.toISOString() ?? null,
    draftSavedBy: await nameOf(db, row.draftSavedBy),
    publishedAt: row.publishedAt.toISOString(),
    publishedBy: await nameOf(db, row.publishedBy),
    published: row.published,
    draft: row.draft,
  };
}

const where = (page: string, locale: string) => and(eq(pageCopy.page, page), eq(pageCopy.locale, locale));

/** Saves a draft; a copy its page's schema refuses is not stored, and the error names the fields. */
export async function saveDraft(db: Db, page: EditablePage, locale: Locale, content: unknown, by: By, now = new Date()): Promise<void> {
  const copy = checkCopy(page, locale, content);
  await rowOf(db, page, locale);
  await db.transaction(async (tx) => {
    await tx.update(pageCopy).set({ draft: copy, draftSavedAt: now, draftSavedBy: by.actor }).where(where(page, locale));
    await audit(tx, { actor: by.actor, action: 'page_copy.save', record: `${page}/${locale}`, ip: by.ip });
  });
}

/** Drops a page's draft in a locale; the published copy stays. */
export async function discardDraft(db: Db, page: EditablePage, locale: Locale, by: By): Promise<void> {
  await rowOf(db, page, locale);
  await db.transaction(async (tx) => {
    await tx.update(pageCopy).set({ draft: null, draftSavedAt: null, draftSavedBy: null }).where(where(page, locale));
    await audit(tx, { actor: by.actor, action: 'page_copy.discard', record: `${page}/${locale}`, ip: by.ip });
  });
}

/**
 * Publishes a copy (the editor's, checked as a save is): it becomes the page's published copy and
 * a new version, the draft is gone, and the page's cached renders are stale on every node.
 */
export async function publishCopy(db: Db, page: EditablePage, locale: Locale, content: unknown, by: By, now = new Date()): Promise<number> {
  const copy = checkCopy(page, locale, content);
  await rowOf(db, page, locale);
  const version = await db.transaction(async (tx) => {
    await tx
      .update(pageCopy)
      .set({
        published: copy,
        publishedAt: now,
        publishedBy: by.actor,
        releaseHash: null,
        draft: null,
        draftSavedAt: null,
        draftSavedBy: null,
      })
      .where(where(page, locale));
    await addVersion(tx, page, locale, copy, by.actor, now);
    const [last] = await tx
      .select({ n: max(pageCopyVersions.version) })
      .from(pageCopyVersions)
      .where(and(eq(pageCopyVersions.page, page), eq(pageCopyVersions.locale, locale)));
    await audit(tx, { actor: by.actor, action: 'page_copy.publish', record: `${page}/${locale}/v${last!.n}`, ip: by.ip });
    return last!.n!;
  });
  await pageCopyChanged();
  return version;
}

/** Marks the editable pages' cached renders stale: the next visit of each renders the published copy. */
function pageCopyChanged() {
  return revalidateRoutes([COPY_ROUTE]);
}

export interface PageCopyVersion {
  version: number;
  publishedAt: string;
  /** The member's name; null for a release's copy. */
  publishedBy: string | null;
  /** The fields that differ from the version before (every field for the first). */
  changed: string[];
}

/** A page's versions in one locale, newest first, each with the fields it changed. */
export async function pageCopyVersionsOf(db: Db, page: EditablePage, locale: Locale): Promise<PageCopyVersion[]> {
  const rows = await db
    .select({
      version: pageCopyVersions.version,
      content: pageCopyVersions.content,
      publishedAt: pageCopyVersions.publishedAt,
      publishedBy: staffUser.name,
    })
    .from(pageCopyVersions)
    .leftJoin(staffUser, eq(staffUser.id, pageCopyVersions.publishedBy))
    .where(and(eq(pageCopyVersions.page, page), eq(pageCopyVersions.locale, locale)))
    .orderBy(desc(pageCopyVersions.version));
  return rows.map((r, i) => ({
    version: r.version,
    publishedAt: r.publishedAt.toISOString(),
    publishedBy: r.publishedBy,
    changed: changedFields(rows[i + 1]?.content ?? {}, r.content),
  }));
}

/** Makes an earlier version the page's draft (the published copy stays until it is published). */
export async function restoreVersion(db: Db, page: EditablePage, locale: Locale, version: number, by: By, now = new Date()): Promise<void> {
  const [found] = await db
    .select({ content: pageCopyVersions.content })
    .from(pageCopyVersions)
    .where(and(eq(pageCopyVersions.page, page), eq(pageCopyVersions.locale, locale), eq(pageCopyVersions.version, version)));
  if (!found) throw new AppError('not_found', 'No such version.');
  // A version from before a schema change may no longer pass it: refused as a save would be.
  const copy = checkCopy(page, locale, found.content);
  await db.transaction(async (tx) => {
    await tx.update(pageCopy).set({ draft: copy, draftSavedAt: now, draftSavedBy: by.actor }).where(where(page, locale));
    await audit(tx, { actor: by.actor, action: 'page_copy.restore', record: `${page}/${locale}/v${version}`, ip: by.ip });
  });
}
