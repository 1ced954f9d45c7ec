import 'server-only';
import { z } from 'zod';
import { createHash } from 'node:crypto';
import { database, type Db, type DbOrTx } from '@/server/db';
import { AppError } from '@/server/errors';
import { audit } from '@/server/office/audit';
import { revalidateRoutes } from '@/server/page-cache';
import { log } from '@/server/log';
import { routing, type Locale } from '@/i18n/routing';
import { rawContent } from '../content-files';
import { pageSchemas, type ContentOf } from '../content-schema';
import { pageContent } from '../content';
import { COPY_ROUTE, HOME_ROUTE, editablePages, type EditablePage } from '../editable-pages';
import { caseStudyIdOf, caseStudyKey, isCaseStudyKey, type CopyKey } from '../copy-keys';
import { CASE_STUDY_ROUTES } from '../case-study-paths';
import { changedFields, checkCopy } from './page-copy-check';
import * as caseStudyRepo from './case-studies-repository';
import * as repo from './page-copy-repository';
import type { PageCopyRow } from './page-copy-tables';

export { COPY_ROUTE, HOME_ROUTE, EDITABLE_PAGES, editablePages, isEditablePage, type EditablePage } from '../editable-pages';

export interface By {
  actor: string;
  /** Null for what the queue does for a member (a scheduled publish). */
  ip: string | null;
}

const hashOf = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');

/**
 * Puts each page's content file in the database, in every locale, at every start: a page nobody
 * has published yet takes the release's copy (a new one as a new version); a page a member
 * published keeps theirs, whatever the release brings.
 */
export async function seedPageCopy(db: Db, now = new Date()): Promise<void> {
  for (const page of editablePages) {
    for (const locale of routing.locales) await seedCopy(db, page, locale, pageContent(page, locale), rawContent[page][locale], now);
  }
}

/**
 * Puts a release's copy of a page or case study in one locale (`file`, checked; `raw`, as in its
 * file, which the release is known by) where no member has published: new as a new version.
 */
export async function seedCopy(db: Db, key: CopyKey, locale: Locale, file: unknown, raw: unknown, now: Date): Promise<void> {
  const releaseHash = hashOf(raw);
  await db.transaction(async (tx) => {
    if (await repo.insertCopy(tx, key, locale, file, releaseHash, now)) {
      await repo.addVersion(tx, key, locale, file, null, now);
      return;
    }
    const row = await repo.findCopy(tx, key, locale, { lock: true });
    if (!row || row.publishedBy !== null || row.releaseHash === releaseHash) return;
    await repo.setPublished(tx, key, locale, file, now, { releaseHash });
    await repo.addVersion(tx, key, locale, file, null, now);
  });
}

/**
 * The published copy of a page, as its public route renders it: the database's, or the content
 * file's when the database has none that passes the page's schema (a row written before a schema
 * change, say).
 */
export async function publishedCopy<P extends EditablePage>(page: P, locale: Locale): Promise<ContentOf<P>> {
  const { db } = await database();
  const stored = await repo.findPublished(db, page, locale);
  if (stored != null) {
    const parsed = pageSchemas[page].safeParse(stored);
    if (parsed.success) return parsed.data as ContentOf<P>;
    log().warn({ page, locale }, 'stored page copy does not match its schema; the content file is shown');
  }
  return pageContent(page, locale);
}

/**
 * What a preview shows (decision 065): the saved draft, else the published copy, as the page
 * would draw it, and whether it is the draft. A draft the page's schema no longer takes (saved
 * before a release changed the schema) is not shown: the published copy is, as on the site.
 */
export async function previewCopy<P extends EditablePage>(page: P, locale: Locale): Promise<{ copy: ContentOf<P>; draft: boolean }> {
  const { db } = await database();
  const row = await repo.findCopy(db, page, locale);
  const draft = row?.draft == null ? undefined : pageSchemas[page].safeParse(row.draft);
  if (draft?.success) return { copy: draft.data as ContentOf<P>, draft: true };
  return { copy: await publishedCopy(page, locale), draft: false };
}

export async function rowOf(db: DbOrTx, key: CopyKey, locale: Locale): Promise<PageCopyRow> {
  const row = await repo.findCopy(db, key, locale);
  if (row) return row;
  if (isCaseStudyKey(key)) {
    // A case study's locale has no copy until a member writes one: its row starts unpublished.
    if (!(await caseStudyRepo.findCaseStudy(db, caseStudyIdOf(key)))) throw new AppError('not_found', 'No such case study.');
    await repo.insertUnpublished(db, key, locale);
  } else {
    // Seeded at start; a page added since the last start gets its row here.
    await seedPageCopy(db as Db);
  }
  const seeded = await repo.findCopy(db, key, locale);
  if (!seeded) throw new AppError('not_found', 'No such page.');
  return seeded;
}

/**
 * A locale's copy against the English it is translated from: `source` (English itself), `missing`
 * (no copy in the locale), `outdated` (the English was published after this locale was last
 * saved or published), `current`.
 */
export const TRANSLATION_STATES = ['source', 'missing', 'outdated', 'current'] as const;
export type TranslationState = (typeof TRANSLATION_STATES)[number];

/** The content list's filter (`/office/content?state=outdated`, `GET /rest/office/content?state=…`). */
export const PageCopyListQuery = z.object({ state: z.enum(TRANSLATION_STATES).optional() });

type Dated = { publishedAt: Date; draftSavedAt: Date | null; isPublished: boolean };

function translationOf(locale: Locale, copy: Dated, english: Dated | undefined): TranslationState {
  if (locale === 'en') return 'source';
  // Not on the site in this locale yet (a case study's translation in the works): English shows.
  if (!copy.isPublished) return 'missing';
  const saved = Math.max(copy.publishedAt.getTime(), copy.draftSavedAt?.getTime() ?? 0);
  return english && english.publishedAt.getTime() > saved ? 'outdated' : 'current';
}

const dated = (row: PageCopyRow): Dated => ({ ...row, isPublished: row.published !== null });

export interface PageCopyState {
  page: CopyKey;
  locale: Locale;
  translation: TranslationState;
  hasDraft: boolean;
  draftSavedAt: string | null;
  /** Null while the locale has no published copy. */
  publishedAt: string | null;
  /** The member who last published, or null for the release's copy. */
  publishedBy: string | null;
}

/**
 * Every editable page and case study in every locale (or those in one translation state): whether
 * it has a draft, when and by whom it was last published, and how it stands against the English.
 */
export async function listPageCopy(db: Db, { state }: z.infer<typeof PageCopyListQuery> = {}): Promise<PageCopyState[]> {
  const byKey = new Map((await repo.copyStates(db)).map((r) => [`${r.page}/${r.locale}`, r]));
  const studies = (await caseStudyRepo.listCaseStudies(db)).map((c) => caseStudyKey(c.id));
  const rows = [...editablePages, ...studies].flatMap((page: CopyKey) => {
    const english = byKey.get(`${page}/en`);
    return routing.locales.map((locale): PageCopyState => {
      const r = byKey.get(`${page}/${locale}`);
      if (!r) return { page, locale, translation: 'missing', hasDraft: false, draftSavedAt: null, publishedAt: null, publishedBy: null };
      return {
        page,
        locale,
        translation: translationOf(locale, r, english),
        hasDraft: r.hasDraft,
        draftSavedAt: r.draftSavedAt?.toISOString() ?? null,
        publishedAt: r.isPublished ? r.publishedAt.toISOString() : null,
        publishedBy: r.isPublished ? r.publishedBy : null,
      };
    });
  });
  return state ? rows.filter((r) => r.translation === state) : rows;
}

export interface PageCopyDetail extends PageCopyState {
  published: unknown;
  draft: unknown;
  draftSavedBy: string | null;
  /** When the draft is to be published, and by whom (nulls when nothing is scheduled). */
  scheduledAt: string | null;
  scheduledBy: string | null;
}

/** A page's copy in one locale, for the editor: the published copy and the draft. */
export async function pageCopyOf(db: Db, page: CopyKey, locale: Locale): Promise<PageCopyDetail> {
  const row = await rowOf(db, page, locale);
  const english = locale === 'en' ? row : await repo.findCopy(db, page, 'en');
  return {
    page,
    locale,
    translation: translationOf(locale, dated(row), english && dated(english)),
    hasDraft: row.draft !== null,
    draftSavedAt: row.draftSavedAt?.toISOString() ?? null,
    draftSavedBy: await repo.staffName(db, row.draftSavedBy),
    publishedAt: row.published === null ? null : row.publishedAt.toISOString(),
    publishedBy: await repo.staffName(db, row.publishedBy),
    published: row.published,
    draft: row.draft,
    scheduledAt: row.scheduledAt?.toISOString() ?? null,
    scheduledBy: await repo.staffName(db, row.scheduledBy),
  };
}

/** Saves a draft; a copy its page's schema refuses is not stored, and the error names the fields. */
export async function saveDraft(db: Db, page: CopyKey, locale: Locale, content: unknown, by: By, now = new Date()): Promise<void> {
  const copy = checkCopy(page, locale, content);
  await rowOf(db, page, locale);
  await db.transaction(async (tx) => {
    await repo.setDraft(tx, page, locale, copy, now, by.actor);
    await audit(tx, { actor: by.actor, action: 'page_copy.save', record: `${page}/${locale}`, ip: by.ip });
  });
}

/** Drops a page's draft in a locale; the published copy stays. */
export async function discardDraft(db: Db, page: CopyKey, locale: Locale, by: By): Promise<void> {
  await rowOf(db, page, locale);
  await db.transaction(async (tx) => {
    await repo.clearDraft(tx, page, locale);
    await audit(tx, { actor: by.actor, action: 'page_copy.discard', record: `${page}/${locale}`, ip: by.ip });
  });
}

/**
 * Publishes a copy (the editor's, checked as a save is): it becomes the page's published copy and
 * a new version, the draft is gone, and the page's cached renders are stale on every node.
 */
export async function publishCopy(db: Db, page: CopyKey, locale: Locale, content: unknown, by: By, now = new Date()): Promise<number> {
  const copy = checkCopy(page, locale, content);
  await rowOf(db, page, locale);
  const version = await db.transaction(async (tx) => {
    await repo.setPublished(tx, page, locale, copy, now, { by: by.actor });
    const n = await repo.addVersion(tx, page, locale, copy, by.actor, now);
    await audit(tx, { actor: by.actor, action: 'page_copy.publish', record: `${page}/${locale}/v${n}`, ip: by.ip });
    return n;
  });
  await pageCopyChanged();
  return version;
}

/** Marks the editable pages' cached renders stale: the next visit of each renders the published copy. */
export function pageCopyChanged() {
  // The home page shows the services page's overview and the case studies too: every route of
  // copy, whichever page changed.
  return revalidateRoutes([COPY_ROUTE, HOME_ROUTE, ...CASE_STUDY_ROUTES]);
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
export async function pageCopyVersionsOf(db: Db, page: CopyKey, locale: Locale): Promise<PageCopyVersion[]> {
  const rows = await repo.versionRows(db, page, locale);
  return rows.map((r, i) => ({
    version: r.version,
    publishedAt: r.publishedAt.toISOString(),
    publishedBy: r.publishedBy,
    changed: changedFields(rows[i + 1]?.content ?? {}, r.content),
  }));
}

/** Makes an earlier version the page's draft (the published copy stays until it is published). */
export async function restoreVersion(db: Db, page: CopyKey, locale: Locale, version: number, by: By, now = new Date()): Promise<void> {
  const content = await repo.findVersion(db, page, locale, version);
  if (content === undefined) throw new AppError('not_found', 'No such version.');
  // A version from before a schema change may no longer pass it: refused as a save would be.
  const copy = checkCopy(page, locale, content);
  await db.transaction(async (tx) => {
    await repo.setDraft(tx, page, locale, copy, now, by.actor);
    await audit(tx, { actor: by.actor, action: 'page_copy.restore', record: `${page}/${locale}/v${version}`, ip: by.ip });
  });
}
