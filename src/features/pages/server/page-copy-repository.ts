import 'server-only';
import { randomUUID } from 'node:crypto';
import { and, desc, eq, max, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db';
import { staffUser } from '@/server/office/staff-tables';
import { pageCopy, pageCopyVersions, type PageCopyRow } from './page-copy-tables';

// The page copy's SQL; page-copy.ts holds its rules (what a release, a save, a publish may change).

const at = (page: string, locale: string) => and(eq(pageCopy.page, page), eq(pageCopy.locale, locale));
const versionsAt = (page: string, locale: string) => and(eq(pageCopyVersions.page, page), eq(pageCopyVersions.locale, locale));

export async function findCopy(db: DbOrTx, page: string, locale: string, { lock = false } = {}): Promise<PageCopyRow | undefined> {
  const query = db.select().from(pageCopy).where(at(page, locale));
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

export async function findPublished(db: DbOrTx, page: string, locale: string): Promise<unknown> {
  const [row] = await db.select({ published: pageCopy.published }).from(pageCopy).where(at(page, locale));
  return row?.published;
}

/** Inserts a page's first copy in a locale; false when it has one already. */
export async function insertCopy(db: DbOrTx, page: string, locale: string, content: unknown, releaseHash: string, now: Date) {
  const inserted = await db
    .insert(pageCopy)
    .values({ page, locale, published: content, publishedAt: now, releaseHash })
    .onConflictDoNothing()
    .returning({ page: pageCopy.page });
  return inserted.length > 0;
}

/** A locale's row with nothing published yet (a case study's, before its first publish). */
export async function insertUnpublished(db: DbOrTx, page: string, locale: string) {
  await db.insert(pageCopy).values({ page, locale, published: null }).onConflictDoNothing();
}

/** Sets the published copy: a release's (its hash, no member) or a member's (no hash), and drops the draft with a member's. */
export async function setPublished(
  db: DbOrTx,
  page: string,
  locale: string,
  content: unknown,
  now: Date,
  from: { releaseHash: string } | { by: string },
) {
  const set =
    'by' in from
      ? {
          published: content,
          publishedAt: now,
          publishedBy: from.by,
          releaseHash: null,
          draft: null,
          draftSavedAt: null,
          draftSavedBy: null,
          // A publish, by hand or on schedule, leaves nothing scheduled.
          scheduledAt: null,
          scheduledBy: null,
        }
      : { published: content, publishedAt: now, releaseHash: from.releaseHash };
  await db.update(pageCopy).set(set).where(at(page, locale));
}

export async function setDraft(db: DbOrTx, page: string, locale: string, draft: unknown, now: Date, by: string) {
  await db.update(pageCopy).set({ draft, draftSavedAt: now, draftSavedBy: by }).where(at(page, locale));
}

export async function clearDraft(db: DbOrTx, page: string, locale: string) {
  await db
    .update(pageCopy)
    .set({ draft: null, draftSavedAt: null, draftSavedBy: null, scheduledAt: null, scheduledBy: null })
    .where(at(page, locale));
}

/** Schedules the draft's publishing at `when` for `by`, or unschedules it (null). */
export async function setSchedule(db: DbOrTx, page: string, locale: string, when: Date | null, by: string | null) {
  await db
    .update(pageCopy)
    .set({ scheduledAt: when, scheduledBy: when ? by : null })
    .where(at(page, locale));
}

/** Adds a version after the page's last one in the locale; its number. */
export async function addVersion(
  db: DbOrTx,
  page: string,
  locale: string,
  content: unknown,
  by: string | null,
  now: Date,
): Promise<number> {
  const [last] = await db
    .select({ n: max(pageCopyVersions.version) })
    .from(pageCopyVersions)
    .where(versionsAt(page, locale));
  const version = (last?.n ?? 0) + 1;
  await db.insert(pageCopyVersions).values({ id: randomUUID(), page, locale, version, content, publishedAt: now, publishedBy: by });
  return version;
}

export async function findVersion(db: DbOrTx, page: string, locale: string, version: number): Promise<unknown> {
  const [found] = await db
    .select({ content: pageCopyVersions.content })
    .from(pageCopyVersions)
    .where(and(versionsAt(page, locale), eq(pageCopyVersions.version, version)));
  return found?.content;
}

/** A page's versions in a locale, newest first, with the publishing member's name. */
export function versionRows(db: DbOrTx, page: string, locale: string) {
  return db
    .select({
      version: pageCopyVersions.version,
      content: pageCopyVersions.content,
      publishedAt: pageCopyVersions.publishedAt,
      publishedBy: staffUser.name,
    })
    .from(pageCopyVersions)
    .leftJoin(staffUser, eq(staffUser.id, pageCopyVersions.publishedBy))
    .where(versionsAt(page, locale))
    .orderBy(desc(pageCopyVersions.version));
}

/** Every page copy's state: draft or not, when and by whom (a name) it was last published. */
export function copyStates(db: DbOrTx) {
  return db
    .select({
      page: pageCopy.page,
      locale: pageCopy.locale,
      draftSavedAt: pageCopy.draftSavedAt,
      hasDraft: sql<boolean>`${pageCopy.draft} is not null`,
      isPublished: sql<boolean>`${pageCopy.published} is not null`,
      publishedAt: pageCopy.publishedAt,
      publishedBy: staffUser.name,
    })
    .from(pageCopy)
    .leftJoin(staffUser, eq(staffUser.id, pageCopy.publishedBy));
}

export async function staffName(db: DbOrTx, id: string | null): Promise<string | null> {
  if (!id) return null;
  const [row] = await db.select({ name: staffUser.name }).from(staffUser).where(eq(staffUser.id, id));
  return row?.name ?? null;
}
