import 'server-only';
import { z } from 'zod';
import { database, type Db, type DbOrTx } from '@/server/db';
import { AppError } from '@/server/errors';
import { audit } from '@/server/office/audit';
import { log } from '@/server/log';
import { routing, type Locale } from '@/i18n/routing';
import { rawCaseStudies } from '../content-files';
import { CaseStudyContent } from '../content-schema';
import { HOME_PLACES, HomePlace, NewCaseStudy } from '../case-study-schema';
import { caseStudyKey } from '../copy-keys';
import * as repo from './case-studies-repository';
import * as copyRepo from './page-copy-repository';
import { pageCopyChanged, seedCopy, type By } from './page-copy';
import type { CaseStudyRow } from './case-studies-tables';

// Case studies (decision 067): records of their own, whose copy per locale is page copy keyed
// `case-study-<id>`, so drafts, preview, publishing, versions and the schedule are the pages'.

/**
 * Puts the release's case studies in the database at every start: one that is not there yet is
 * added in its place on the home page; its copy in each locale is seeded as a page's is (what a
 * member published stays).
 */
export async function seedCaseStudies(db: Db, now = new Date()): Promise<void> {
  for (const [i, id] of Object.keys(rawCaseStudies.en).entries()) {
    await repo.insertCaseStudy(db, { id, slug: id, homeRank: i < HOME_PLACES ? i + 1 : null, createdAt: now });
    // A member's case study took this address first: the release's stays out.
    if ((await repo.findCaseStudy(db, id))?.slug !== id) continue;
    for (const locale of routing.locales) {
      const raw = rawCaseStudies[locale][id];
      if (raw !== undefined) await seedCopy(db, caseStudyKey(id), locale, CaseStudyContent.parse(raw), raw, now);
    }
  }
}

/** A case study as a public page shows it: its copy in the page's locale, or in English. */
export interface PublicCaseStudy {
  id: string;
  slug: string;
  copy: CaseStudyContent;
  /** The language of `copy`: the page's own, or English where the locale has none published. */
  lang: Locale;
  /** The locales with a copy of their own (hreflang, the sitemap). */
  locales: Locale[];
}

function parsed(key: string, locale: string, value: unknown): CaseStudyContent | undefined {
  const result = CaseStudyContent.safeParse(value);
  if (result.success) return result.data;
  log().warn({ page: key, locale }, 'stored case study copy does not match its schema; it is not shown');
  return undefined;
}

/** The published copy of these case studies; one with none in English or in the locale is left out. */
async function withCopy(db: DbOrTx, rows: CaseStudyRow[], locale: Locale): Promise<PublicCaseStudy[]> {
  const copies = await repo.publishedCopies(
    db,
    rows.map((r) => caseStudyKey(r.id)),
    [...routing.locales],
  );
  return rows.flatMap((row): PublicCaseStudy[] => {
    const key = caseStudyKey(row.id);
    const own = new Map<Locale, CaseStudyContent>();
    for (const c of copies) {
      if (c.page !== key) continue;
      const copy = parsed(key, c.locale, c.published);
      if (copy) own.set(c.locale as Locale, copy);
    }
    const lang: Locale | undefined = own.has(locale) ? locale : own.has('en') ? 'en' : undefined;
    if (!lang) return [];
    return [{ id: row.id, slug: row.slug, copy: own.get(lang)!, lang, locales: routing.locales.filter((l) => own.has(l)) }];
  });
}

/** Every published case study, as /case-studies lists them. */
export async function caseStudiesIn(locale: Locale): Promise<PublicCaseStudy[]> {
  const { db } = await database();
  return withCopy(db, await repo.listCaseStudies(db), locale);
}

/** The case studies the editor put on the home page, in their places. */
export async function homeCaseStudies(locale: Locale): Promise<PublicCaseStudy[]> {
  const { db } = await database();
  return withCopy(db, (await repo.listCaseStudies(db)).filter((r) => r.homeRank !== null).slice(0, HOME_PLACES), locale);
}

/** The case study at an address, or undefined when there is none (or none published). */
export async function caseStudyAt(slug: string, locale: Locale): Promise<PublicCaseStudy | undefined> {
  const { db } = await database();
  const row = await repo.findBySlug(db, slug);
  return row ? (await withCopy(db, [row], locale))[0] : undefined;
}

/**
 * What the preview of a case study in a locale shows: the locale's draft, else its published
 * copy, else the English that the site shows in its place.
 */
export async function previewCaseStudy(id: string, locale: Locale): Promise<{ study: PublicCaseStudy; draft: boolean } | undefined> {
  const { db } = await database();
  const row = await repo.findCaseStudy(db, id);
  if (!row) return undefined;
  const copy = await copyRepo.findCopy(db, caseStudyKey(id), locale);
  const draft = copy?.draft == null ? undefined : CaseStudyContent.safeParse(copy.draft);
  const [published] = await withCopy(db, [row], locale);
  if (draft?.success)
    return { study: { id, slug: row.slug, copy: draft.data, lang: locale, locales: published?.locales ?? [] }, draft: true };
  return published && { study: published, draft: false };
}

/** The office's view of a case study: its address and place on the home page. */
export async function caseStudyOf(db: DbOrTx, id: string): Promise<CaseStudyRow> {
  const row = await repo.findCaseStudy(db, id);
  if (!row) throw new AppError('not_found', 'No such case study.');
  return row;
}

/** An address another case study has: refused on the form's field. */
const slugTaken = () =>
  new AppError('validation', 'A case study has this address already.', { errors: [{ path: 'slug', message: 'slugTaken' }] });

export const listCaseStudyRecords = (db: DbOrTx) => repo.listCaseStudies(db);

/**
 * Creates a case study at an address: nothing is on the site until its English (or another
 * locale's) copy is published in the editor. An address that is taken is refused on its field.
 */
export async function createCaseStudy(db: Db, input: z.infer<typeof NewCaseStudy>, by: By): Promise<CaseStudyRow> {
  const { slug } = NewCaseStudy.parse(input);
  const created = await db.transaction(async (tx) => {
    if (!(await repo.insertCaseStudy(tx, { id: slug, slug, createdBy: by.actor }))) return false;
    await audit(tx, { actor: by.actor, action: 'case_study.create', record: slug, ip: by.ip });
    return true;
  });
  if (!created) throw slugTaken();
  return caseStudyOf(db, slug);
}

/**
 * Gives a case study a new address: its old one (and every earlier one) answers 308 to it, and
 * the pages that link to it are rendered again. An address another case study has is refused.
 */
export async function moveCaseStudy(db: Db, id: string, input: z.infer<typeof NewCaseStudy>, by: By): Promise<CaseStudyRow> {
  const { slug } = NewCaseStudy.parse(input);
  const row = await caseStudyOf(db, id);
  if (row.slug === slug) return row;
  const moved = await db.transaction(async (tx) => {
    if (!(await repo.moveCaseStudy(tx, row, slug))) return false;
    await audit(tx, { actor: by.actor, action: 'case_study.move', record: `${id}/${row.slug}/${slug}`, ip: by.ip });
    return true;
  });
  if (!moved) throw slugTaken();
  await pageCopyChanged();
  return caseStudyOf(db, id);
}

/** The current address of a case study that was at `slug` before, if any (answered with a 308). */
export async function caseStudyMovedFrom(slug: string): Promise<string | undefined> {
  return repo.redirectedSlug((await database()).db, slug);
}

/** Puts a case study in a place on the home page, or takes it off; the home page shows it at once. */
export async function setHomePlace(db: Db, id: string, { homeRank }: z.infer<typeof HomePlace>, by: By): Promise<void> {
  await caseStudyOf(db, id);
  await db.transaction(async (tx) => {
    await repo.setHomeRank(tx, id, homeRank);
    await audit(tx, { actor: by.actor, action: 'case_study.home', record: `${id}/${homeRank ?? 'off'}`, ip: by.ip });
  });
  await pageCopyChanged();
}
