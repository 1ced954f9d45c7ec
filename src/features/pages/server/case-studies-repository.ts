import 'server-only';
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db';
import { caseStudies, caseStudyRedirects, type CaseStudyRow } from './case-studies-tables';
import { pageCopy } from './page-copy-tables';

// The case studies' SQL; case-studies.ts holds their rules.

export async function findCaseStudy(db: DbOrTx, id: string): Promise<CaseStudyRow | undefined> {
  const [row] = await db.select().from(caseStudies).where(eq(caseStudies.id, id));
  return row;
}

export async function findBySlug(db: DbOrTx, slug: string): Promise<CaseStudyRow | undefined> {
  const [row] = await db.select().from(caseStudies).where(eq(caseStudies.slug, slug));
  return row;
}

/** Every case study: those on the home page first, in their places, then the newest first. */
export function listCaseStudies(db: DbOrTx): Promise<CaseStudyRow[]> {
  return db
    .select()
    .from(caseStudies)
    .orderBy(sql`${caseStudies.homeRank} asc nulls last`, sql`${caseStudies.createdAt} desc`, asc(caseStudies.id));
}

/** Inserts a case study; false when its id or slug is taken. */
export async function insertCaseStudy(db: DbOrTx, row: typeof caseStudies.$inferInsert): Promise<boolean> {
  const inserted = await db.insert(caseStudies).values(row).onConflictDoNothing().returning({ id: caseStudies.id });
  return inserted.length > 0;
}

/** Puts a case study in a place on the home page (or off it); another in that place leaves it. */
export async function setHomeRank(db: DbOrTx, id: string, rank: number | null): Promise<void> {
  if (rank !== null) await db.update(caseStudies).set({ homeRank: null }).where(eq(caseStudies.homeRank, rank));
  await db.update(caseStudies).set({ homeRank: rank }).where(eq(caseStudies.id, id));
}

/** The published copy of these case studies' keys in these locales. */
export function publishedCopies(db: DbOrTx, keys: string[], locales: string[]) {
  if (!keys.length) return Promise.resolve([]);
  return db
    .select({ page: pageCopy.page, locale: pageCopy.locale, published: pageCopy.published })
    .from(pageCopy)
    .where(and(inArray(pageCopy.page, keys), inArray(pageCopy.locale, locales), isNotNull(pageCopy.published)));
}

/** The current address of a case study an earlier address names, if any. */
export async function redirectedSlug(db: DbOrTx, fromSlug: string): Promise<string | undefined> {
  const [row] = await db
    .select({ slug: caseStudies.slug })
    .from(caseStudyRedirects)
    .innerJoin(caseStudies, eq(caseStudies.id, caseStudyRedirects.caseStudyId))
    .where(eq(caseStudyRedirects.fromSlug, fromSlug));
  return row?.slug;
}

/**
 * Moves a case study to a new address: the old one leads to it (as do the addresses before), and
 * the new one is no longer a redirect of any case study. False when another one has the address.
 */
export async function moveCaseStudy(db: DbOrTx, row: CaseStudyRow, slug: string): Promise<boolean> {
  if ((await findBySlug(db, slug))?.id !== undefined) return false;
  await db.delete(caseStudyRedirects).where(eq(caseStudyRedirects.fromSlug, slug));
  await db.update(caseStudies).set({ slug }).where(eq(caseStudies.id, row.id));
  await db
    .insert(caseStudyRedirects)
    .values({ fromSlug: row.slug, caseStudyId: row.id })
    .onConflictDoUpdate({ target: caseStudyRedirects.fromSlug, set: { caseStudyId: row.id } });
  return true;
}
