import 'server-only';
import { eq } from 'drizzle-orm';
import { addNoteToLead, findApplicantLead, moveApplicantLead, moveApplicantLeads, type Lead } from '@/features/forms/server';
import type { Db, DbOrTx } from '@/server/db';
import { env } from '@/server/env';
import { AppError, refused } from '@/server/errors';
import { enqueueMail } from '@/server/mail/mail';
import { audit } from '@/server/office/audit';
import { staffUser } from '@/server/office/staff-tables';
import type { Queue } from '@/server/queue/queue';
import type { Locale } from '@/i18n/routing';
import { applicantDecision } from './applications-mails';
import { findApplicant } from './applicants';
import { isMailedStatus, type ApplicantStatus, type MailedStatus } from './applicants-schema';

// What recruiters do to an applicant, each in the audit log: a move (which may mail them), a
// rejection of several, keeping a hire's record, a note.

type By = { actor: string; ip: string };

/** The idempotency key of the mail telling an applicant about a move (one per kind of move). */
const decisionKey = (status: MailedStatus, id: string) => `applicant-${status}:${id}`;

/**
 * Where the candidate's answer to a decision goes: the recruiter who decided (their office
 * address), else the recruiting desk. The mail says "reply to it".
 */
async function replyToOf(tx: DbOrTx, by: By): Promise<string> {
  const [member] = await tx.select({ email: staffUser.email }).from(staffUser).where(eq(staffUser.id, by.actor));
  return member?.email ?? env().RECRUITING_EMAIL ?? env().SALES_EMAIL;
}

async function queueDecision(
  tx: DbOrTx,
  queue: Pick<Queue, 'send'>,
  lead: Lead,
  status: MailedStatus,
  note: string | undefined,
  replyTo: string,
) {
  if (!lead.email) return;
  const form = lead.form;
  await enqueueMail(
    queue,
    {
      key: decisionKey(status, lead.id),
      to: lead.email,
      replyTo,
      locale: lead.locale as Locale,
      template: applicantDecision,
      props: {
        status,
        name: typeof form.name === 'string' ? form.name : null,
        target: (form.job as { title?: string } | undefined)?.title ?? null,
        note: note?.trim() || null,
      },
    },
    { tx },
  );
}

/**
 * Moves an applicant on, in the audit log; to rejected, interview or offer it may also tell them
 * (the mail is queued with the change). Answers false when they were already there (nothing sent).
 */
export async function changeApplicant(
  db: Db,
  queue: Pick<Queue, 'send'>,
  id: string,
  change: { status: ApplicantStatus; mail?: boolean; note?: string },
  by: By,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const lead = await findApplicantLead(tx, id, { lock: true });
    if (!lead) throw new AppError('not_found', 'No such applicant.');
    if (lead.status === change.status) return false;
    // Only a hired applicant is kept: moving them on ends the keep, and retention applies again.
    const unkeep = lead.keptAt !== null && change.status !== 'hired';
    await moveApplicantLead(tx, id, { status: change.status, ...(unkeep ? { keptAt: null, keptBy: null } : {}) });
    await audit(tx, { actor: by.actor, action: 'applicant.status', record: id, ip: by.ip });
    if (unkeep) await audit(tx, { actor: by.actor, action: 'applicant.unkeep', record: id, ip: by.ip });
    if (change.mail && isMailedStatus(change.status))
      await queueDecision(tx, queue, lead, change.status, change.note, await replyToOf(tx, by));
    return true;
  });
}

/**
 * Rejects several applicants at once, each at most once: those already rejected are left alone,
 * so a second press (or a second member) sends nobody a second mail.
 */
export async function rejectApplicants(
  db: Db,
  queue: Pick<Queue, 'send'>,
  ids: string[],
  { note, mail }: { note?: string; mail: boolean },
  by: By,
): Promise<{ rejected: string[] }> {
  return db.transaction(async (tx) => {
    // A kept (hired) applicant who is rejected is no longer kept (changeApplicant).
    const { moved, unkept: kept } = await moveApplicantLeads(tx, ids, 'rejected');
    const replyTo = await replyToOf(tx, by);
    for (const lead of moved) {
      await audit(tx, { actor: by.actor, action: 'applicant.status', record: lead.id, ip: by.ip });
      if (kept.has(lead.id)) await audit(tx, { actor: by.actor, action: 'applicant.unkeep', record: lead.id, ip: by.ip });
      if (mail) await queueDecision(tx, queue, lead, 'rejected', note, replyTo);
    }
    return { rejected: moved.map((l) => l.id) };
  });
}

/**
 * Keeps a hired applicant's record past CV_RETENTION_DAYS (the retention job leaves it and its CV),
 * or undoes that; each in the audit log (`applicant.keep`, `applicant.unkeep`). Only a hired
 * applicant can be kept (409 otherwise). Asking for what already holds changes and records nothing.
 * An erasure request still deletes a kept record: keeping is the consultancy's choice about its
 * own retention, not a reason to refuse the person.
 */
export async function keepApplicant(db: Db, id: string, keep: boolean, by: By): Promise<{ keptAt: Date | null; keptBy: string | null }> {
  return db.transaction(async (tx) => {
    const lead = await findApplicantLead(tx, id, { lock: true });
    if (!lead) throw new AppError('not_found', 'No such applicant.');
    if (keep && lead.status !== 'hired') throw refused('conflict', 'Only a hired applicant’s record can be kept.', 'onlyHiredKept');
    if (keep === (lead.keptAt !== null)) return { keptAt: lead.keptAt, keptBy: lead.keptBy };
    const saved = await moveApplicantLead(tx, id, keep ? { keptAt: new Date(), keptBy: by.actor } : { keptAt: null, keptBy: null });
    await audit(tx, { actor: by.actor, action: keep ? 'applicant.keep' : 'applicant.unkeep', record: id, ip: by.ip });
    return saved!;
  });
}

export async function addApplicantNote(db: Db, leadId: string, body: string, by: By) {
  return db.transaction(async (tx) => {
    if (!(await findApplicant(tx, leadId))) throw new AppError('not_found', 'No such applicant.');
    const note = await addNoteToLead(tx, leadId, by.actor, body);
    await audit(tx, { actor: by.actor, action: 'applicant.note', record: leadId, ip: by.ip });
    return note;
  });
}
