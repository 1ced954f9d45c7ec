import 'server-only';
import { and, desc, eq, inArray, isNotNull, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '@/server/db';
import { leadListPage, leadListWhere, type LeadListFilter } from './lead-list';
import { leads, type Lead } from './leads-table';

// The recruiters' applicants are leads (job applications and CVs sent on spec) in the kernel's
// table, which has the indexes their desk needs: the applications feature reads and moves them
// through these, and keeps what a move means (statuses, mails, the audit log) to itself.

/** What recruiters work: job applications and CVs sent on spec. */
const APPLICANT_KINDS = ['job_application', 'cv'] as const;
/** The leads recruiters work, spam left out. */
const applicantLeads = leadListWhere(APPLICANT_KINDS, {});

export interface ApplicantLeadFilter extends LeadListFilter {
  /** `job:<id>`, `position:<id>` or `cv`. */
  target?: string;
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

function applicantsWhere(f: ApplicantLeadFilter): SQL | undefined {
  return and(leadListWhere(APPLICANT_KINDS, f), targetWhere(f.target));
}

/** A page of applicants (`after`: a page's cursor), newest first, with the title of what they applied for, and the next page's cursor. */
export async function applicantLeadsPage(db: Db, filter: ApplicantLeadFilter, after?: string) {
  // The job or position's title; empty for a CV on spec.
  return leadListPage(db, applicantsWhere(filter), { target: sql<string>`coalesce(${leads.form}->'job'->>'title', '')` }, after);
}

/** How many applicants the filter finds. */
export async function countApplicantLeads(db: DbOrTx, filter: ApplicantLeadFilter): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(leads)
    .where(applicantsWhere(filter));
  return Number(row?.total ?? 0);
}

/**
 * The applicants the filter finds (its status left out) by status: how many each status holds,
 * and the newest `perColumn` of each, newest first.
 */
export async function applicantLeadsByStatus(db: DbOrTx, filter: ApplicantLeadFilter, perColumn: number) {
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
  return {
    totals: new Map(counts.map((c) => [c.status, Number(c.total)])),
    rows: rows.map((r) => ({
      id: r.id,
      createdAt: r.createdAt,
      locale: r.locale,
      name: r.name,
      email: r.email,
      status: r.status,
      kept: r.kept,
    })),
  };
}

/** The jobs and positions applied for (`job:<id>`, `position:<id>`) with their titles, the most recent first. */
export async function applicantLeadTargets(db: DbOrTx): Promise<{ value: string; title: string }[]> {
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

/**
 * An applicant's lead, spam left out unless `withSpam`; `lock` holds its row until the
 * transaction ends (for a move).
 */
export async function findApplicantLead(db: DbOrTx, id: string, { lock = false, withSpam = false } = {}): Promise<Lead | undefined> {
  const where = and(eq(leads.id, id), withSpam ? inArray(leads.type, [...APPLICANT_KINDS]) : applicantLeads);
  const query = db.select().from(leads).where(where);
  const [lead] = lock ? await query.for('update') : await query;
  return lead;
}

/** What recruiters change of an applicant's lead: where they are, and whether their record is kept. */
type ApplicantMove = Partial<Pick<Lead, 'status' | 'keptAt' | 'keptBy'>>;

/** Changes an applicant's lead; answers whether it is kept now. */
export async function moveApplicantLead(tx: DbOrTx, id: string, move: ApplicantMove) {
  const [saved] = await tx.update(leads).set(move).where(eq(leads.id, id)).returning({ keptAt: leads.keptAt, keptBy: leads.keptBy });
  return saved;
}

/**
 * Moves the applicants among `ids` that are not already at `status` to it, ending their keep;
 * answers the leads moved and which of them were kept. The moved rows stay locked until the
 * transaction ends.
 */
export async function moveApplicantLeads(tx: DbOrTx, ids: string[], status: string): Promise<{ moved: Lead[]; unkept: Set<string> }> {
  const chosen = and(inArray(leads.id, [...new Set(ids)]), applicantLeads, ne(leads.status, status));
  const kept = await tx
    .select({ id: leads.id })
    .from(leads)
    .where(and(chosen, isNotNull(leads.keptAt)))
    .for('update');
  const moved = await tx.update(leads).set({ status, keptAt: null, keptBy: null }).where(chosen).returning();
  return { moved, unkept: new Set(kept.map((r) => r.id)) };
}
