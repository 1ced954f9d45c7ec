import 'server-only';
import { mailsAbout } from '@/server/mail/mail-log';
import {
  applicantLeadsByStatus,
  applicantLeadsPage,
  applicantLeadTargets,
  countApplicantLeads,
  findApplicantLead,
  notesOfLead,
  type ApplicantLeadFilter,
  type Lead,
} from '@/features/forms/server';
import type { Db, DbOrTx } from '@/server/db';
import { audit } from '@/server/office/audit';
import { recordsOfPerson, type Viewer } from '@/server/office/person';
import { findUploadOfLead } from './applications-repository';
import { APPLICANT_STATUSES, type ApplicantStatus } from './applicants-schema';

// The recruiters' applicants: the list, a job's board, the counts and an applicant's page. What
// recruiters do to them is applicant-moves.ts's; their CVs, applicant-cv.ts's.

export interface ApplicantFilter extends ApplicantLeadFilter {
  status?: ApplicantStatus;
}

/** A page of applicants as the office asks for it (`after`: a page's cursor), newest first, and the next page's cursor. */
export async function applicantsPage(db: Db, filter: ApplicantFilter, after?: string) {
  return applicantLeadsPage(db, filter, after);
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
  const { totals, rows } = await applicantLeadsByStatus(db, filter, perColumn);
  return APPLICANT_STATUSES.map((status) => ({ status, total: totals.get(status) ?? 0, cards: rows.filter((r) => r.status === status) }));
}

/** How many applied for a job or position (its office page's link to them). */
export async function countApplicants(db: Db, target: string): Promise<number> {
  return countApplicantLeads(db, { target });
}

/** The jobs and positions applied for (the list's filter), the most recent first. */
export async function applicantTargets(db: Db): Promise<{ value: string; title: string }[]> {
  return applicantLeadTargets(db);
}

export async function findApplicant(db: DbOrTx, id: string): Promise<Lead | undefined> {
  return findApplicantLead(db, id);
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
  const notes = await notesOfLead(db, id);
  const mails = await mailsAbout(db, id);
  const upload = await findUploadOfLead(db, id);
  return {
    lead,
    notes,
    mails,
    cv: upload ? { filename: upload.filename, contentType: upload.contentType ?? upload.declaredType, size: upload.size } : null,
  };
}
