import 'server-only';
import { mailsAbout } from '@/server/mail/mail-log';
import { and, asc, desc, eq, lte, sql, type SQL } from 'drizzle-orm';
import { leadListPage, leadListWhere, type LeadListFilter } from '@/features/forms/server';
import { leadNotes, leads, type Lead } from '@/features/forms/server/leads-table';
import type { Db, DbOrTx } from '@/server/db';
import { audit } from '@/server/office/audit';
import { recordsOfPerson, type Viewer } from '@/server/office/person';
import { findUploadOfLead } from './applications-repository';
import { APPLICANT_STATUSES, type ApplicantStatus } from './applicants-schema';

// The recruiters' applicants: the list, a job's board, the counts and an applicant's page. What
// recruiters do to them is applicant-moves.ts's; their CVs, applicant-cv.ts's.

/** What recruiters work: job applications and CVs sent on spec. */
export const APPLICANT_KINDS = ['job_application', 'cv'] as const;
/** The leads recruiters work, spam left out. */
export const applicantLeads = leadListWhere(APPLICANT_KINDS, {});

export interface ApplicantFilter extends LeadListFilter {
  /** `job:<id>`, `position:<id>` or `cv`. */
  target?: string;
  status?: ApplicantStatus;
}

function targetWhere(target: string | undefined): SQL | undefined {
  if (!target) return undefined;
  if (target === 'cv') return eq(leads.type, 'cv');
  const [kind, id] = target.split(':');
  return and(
    eq(leads.type, 'job_application'),
    sql`${leads.form}->'target'->>'kind' = ${kind}`,
    sql`${leads.form}->'target'->>'id' = ${id}`,
  );
}

function applicantsWhere(f: ApplicantFilter): SQL | undefined {
  return and(leadListWhere(APPLICANT_KINDS, f), targetWhere(f.target));
}

/** A page of applicants as the office asks for it (`after`: a page's cursor), newest first, and the next page's cursor. */
export async function applicantsPage(db: Db, filter: ApplicantFilter, after?: string) {
  // The job or position's title; empty for a CV on spec.
  return leadListPage(db, applicantsWhere(filter), { target: sql<string>`coalesce(${leads.form}->'job'->>'title', '')` }, after);
}

export interface BoardCard {
  id: string;
  createdAt: Date;
  locale: string;
  name: string;
  email: string | null;
  status: string;
  kept: boolean;
}

/**
 * One job's or position's applicants (or the CVs on spec) as a board: a column per status, each
 * with how many it holds and its newest `perColumn` cards (a column past that points to the list).
 * The status filter does not apply: the columns are the statuses.
 */
export async function applicantBoard(
  db: Db,
  filter: ApplicantFilter & { target: string },
  perColumn = 100,
): Promise<{ status: ApplicantStatus; total: number; cards: BoardCard[] }[]> {
  const where = applicantsWhere({ ...filter, status: undefined });
  const counts = await db
    .select({ status: leads.status, total: sql<number>`count(*)::int` })
    .from(leads)
    .where(where)
    .groupBy(leads.status);
  const ranked = db
    .select({
      id: leads.id,
      createdAt: leads.createdAt,
      locale: leads.locale,
      name: sql<string>`coalesce(${leads.form}->>'name', '')`.as('name'),
      email: leads.email,
      status: leads.status,
      kept: sql<boolean>`${leads.keptAt} is not null`.as('kept'),
      rank: sql<number>`row_number() over (partition by ${leads.status} order by ${leads.createdAt} desc, ${leads.id} desc)`.as('rank'),
    })
    .from(leads)
    .where(where)
    .as('ranked');
  const rows = await db.select().from(ranked).where(lte(ranked.rank, perColumn)).orderBy(desc(ranked.createdAt), desc(ranked.id));
  return APPLICANT_STATUSES.map((status) => ({
    status,
    total: Number(counts.find((c) => c.status === status)?.total ?? 0),
    cards: rows
      .filter((r) => r.status === status)
      .map((r) => ({ id: r.id, createdAt: r.createdAt, locale: r.locale, name: r.name, email: r.email, status: r.status, kept: r.kept })),
  }));
}

/** How many applied for a job or position (its office page's link to them). */
export async function countApplicants(db: Db, target: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(leads)
    .where(applicantsWhere({ target }));
  return Number(row?.total ?? 0);
}

/** The jobs and positions applied for (the list's filter), the most recent first. */
export async function applicantTargets(db: Db): Promise<{ value: string; title: string }[]> {
  const value = sql<string>`(${leads.form}->'target'->>'kind') || ':' || (${leads.form}->'target'->>'id')`;
  const rows = await db
    .select({ value, title: sql<string>`max(${leads.form}->'job'->>'title')`, last: sql<string>`max(${leads.createdAt})` })
    .from(leads)
    .where(and(applicantLeads, eq(leads.type, 'job_application')))
    .groupBy(value)
    .orderBy(desc(sql`max(${leads.createdAt})`))
    .limit(200);
  return rows.filter((r) => r.value).map((r) => ({ value: r.value, title: r.title ?? r.value }));
}

export async function findApplicant(db: DbOrTx, id: string): Promise<Lead | undefined> {
  const [lead] = await db
    .select()
    .from(leads)
    .where(and(eq(leads.id, id), applicantLeads));
  return lead;
}

/**
 * A recruiter looks at an applicant: the detail and the person's other records, and the look is in
 * the audit log. Undefined when it is not an applicant (nothing is recorded then).
 */
export async function viewApplicant(db: Db, id: string, by: Viewer) {
  const detail = await applicantDetail(db, id);
  if (!detail) return undefined;
  await audit(db, { actor: by.actor, action: 'applicant.view', record: id, ip: by.ip });
  const person = detail.lead.email ? (await recordsOfPerson(db, detail.lead.email, by.role)).filter((p) => p.id !== id) : [];
  return { ...detail, person };
}

/** An applicant with the recruiters' notes, the mails sent about them and their CV's description. */
async function applicantDetail(db: Db, id: string) {
  const lead = await findApplicant(db, id);
  if (!lead) return undefined;
  const notes = await db.select().from(leadNotes).where(eq(leadNotes.leadId, id)).orderBy(asc(leadNotes.createdAt));
  const mails = await mailsAbout(db, id);
  const upload = await findUploadOfLead(db, id);
  return {
    lead,
    notes,
    mails,
    cv: upload ? { filename: upload.filename, contentType: upload.contentType ?? upload.declaredType, size: upload.size } : null,
  };
}
