import 'server-only';
import { mailsAbout } from '@/server/mail/mail-log';
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { leadNotes, leads, type Lead } from '@/features/forms/server/leads-table';
import { leadMatches } from '@/features/forms/server/leads-repository';
import type { Db, DbOrTx } from '@/server/db';
import { cursorOf, LIST_PAGE, pageOf } from '@/server/db/keyset';
import { authSecret, env } from '@/server/env';
import { AppError, refused } from '@/server/errors';
import { enqueueMail } from '@/server/mail/mail';
import { audit } from '@/server/office/audit';
import { recordsOfPerson } from '@/server/office/person';
import { staffUser } from '@/server/office/staff-tables';
import type { Queue } from '@/server/queue/queue';
import { storage as defaultStorage, type Storage } from '@/server/storage/storage';
import type { Locale } from '@/i18n/routing';
import { CV_MAX_BYTES } from '../schema';
import { findUploadOfLead } from './applications-repository';
import { applicantDecision } from './applications-mails';
import { APPLICANT_STATUSES, isMailedStatus, type ApplicantStatus, type MailedStatus } from './applicants-schema';

/** What recruiters work: job applications and CVs sent on spec. */
export const APPLICANT_KINDS = ['job_application', 'cv'] as const;
const applicant = and(inArray(leads.type, [...APPLICANT_KINDS]), isNull(leads.spam));

export interface ApplicantFilter {
  /** `job:<id>`, `position:<id>` or `cv`. */
  target?: string;
  status?: ApplicantStatus;
  locale?: string;
  from?: Date;
  /** Exclusive. */
  to?: Date;
  /** Part of a name or email address. */
  q?: string;
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
  return and(
    applicant,
    targetWhere(f.target),
    f.status ? eq(leads.status, f.status) : undefined,
    f.locale ? eq(leads.locale, f.locale) : undefined,
    f.from ? gte(leads.createdAt, f.from) : undefined,
    f.to ? lt(leads.createdAt, f.to) : undefined,
    f.q ? leadMatches(f.q) : undefined,
  );
}

export interface ApplicantRow {
  id: string;
  createdAt: Date;
  type: string;
  locale: string;
  name: string;
  email: string | null;
  /** The job or position's title; empty for a CV on spec. */
  target: string;
  status: string;
}

/** A page of applicants as the office asks for it (`after`: a page's cursor), and the next page's cursor. */
export async function applicantsPage(db: Db, filter: ApplicantFilter, after?: string) {
  return pageOf(await listApplicants(db, filter, cursorOf(after), LIST_PAGE + 1), LIST_PAGE);
}

/** One page of applicants, newest first; `after` is the last row of the page before. */
async function listApplicants(
  db: Db,
  filter: ApplicantFilter,
  after: { at: Date; id: string } | undefined,
  limit: number,
): Promise<ApplicantRow[]> {
  return db
    .select({
      id: leads.id,
      createdAt: leads.createdAt,
      type: leads.type,
      locale: leads.locale,
      name: sql<string>`coalesce(${leads.form}->>'name', '')`,
      email: leads.email,
      target: sql<string>`coalesce(${leads.form}->'job'->>'title', '')`,
      status: leads.status,
    })
    .from(leads)
    .where(
      and(
        applicantsWhere(filter),
        after ? or(lt(leads.createdAt, after.at), and(eq(leads.createdAt, after.at), lt(leads.id, after.id))) : undefined,
      ),
    )
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(limit);
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
    .where(and(applicant, eq(leads.type, 'job_application')))
    .groupBy(value)
    .orderBy(desc(sql`max(${leads.createdAt})`))
    .limit(200);
  return rows.filter((r) => r.value).map((r) => ({ value: r.value, title: r.title ?? r.value }));
}

async function findApplicant(db: DbOrTx, id: string): Promise<Lead | undefined> {
  const [lead] = await db
    .select()
    .from(leads)
    .where(and(eq(leads.id, id), applicant));
  return lead;
}

/**
 * A recruiter looks at an applicant: the detail and the person's other records, and the look is in
 * the audit log. Undefined when it is not an applicant (nothing is recorded then).
 */
export async function viewApplicant(db: Db, id: string, by: { actor: string; ip: string }) {
  const detail = await applicantDetail(db, id);
  if (!detail) return undefined;
  await audit(db, { actor: by.actor, action: 'applicant.view', record: id, ip: by.ip });
  const person = detail.lead.email ? (await recordsOfPerson(db, detail.lead.email)).filter((p) => p.id !== id) : [];
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
    const [lead] = await tx
      .select()
      .from(leads)
      .where(and(eq(leads.id, id), applicant))
      .for('update');
    if (!lead) throw new AppError('not_found', 'No such applicant.');
    if (lead.status === change.status) return false;
    // Only a hired applicant is kept: moving them on ends the keep, and retention applies again.
    const unkeep = lead.keptAt !== null && change.status !== 'hired';
    await tx
      .update(leads)
      .set({ status: change.status, ...(unkeep ? { keptAt: null, keptBy: null } : {}) })
      .where(eq(leads.id, id));
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
    const chosen = and(inArray(leads.id, [...new Set(ids)]), applicant, ne(leads.status, 'rejected'));
    // A kept (hired) applicant who is rejected is no longer kept (changeApplicant).
    const kept = new Set(
      (
        await tx
          .select({ id: leads.id })
          .from(leads)
          .where(and(chosen, isNotNull(leads.keptAt)))
          .for('update')
      ).map((r) => r.id),
    );
    const moved = await tx.update(leads).set({ status: 'rejected', keptAt: null, keptBy: null }).where(chosen).returning();
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
    const [lead] = await tx
      .select()
      .from(leads)
      .where(and(eq(leads.id, id), applicant))
      .for('update');
    if (!lead) throw new AppError('not_found', 'No such applicant.');
    if (keep && lead.status !== 'hired') throw refused('conflict', 'Only a hired applicant’s record can be kept.', 'onlyHiredKept');
    if (keep === (lead.keptAt !== null)) return { keptAt: lead.keptAt, keptBy: lead.keptBy };
    const [saved] = await tx
      .update(leads)
      .set(keep ? { keptAt: new Date(), keptBy: by.actor } : { keptAt: null, keptBy: null })
      .where(eq(leads.id, id))
      .returning({ keptAt: leads.keptAt, keptBy: leads.keptBy });
    await audit(tx, { actor: by.actor, action: keep ? 'applicant.keep' : 'applicant.unkeep', record: id, ip: by.ip });
    return saved!;
  });
}

export async function addApplicantNote(db: Db, leadId: string, body: string, by: By) {
  return db.transaction(async (tx) => {
    if (!(await findApplicant(tx, leadId))) throw new AppError('not_found', 'No such applicant.');
    const [note] = await tx.insert(leadNotes).values({ id: randomUUID(), leadId, authorId: by.actor, body: body.trim() }).returning();
    await audit(tx, { actor: by.actor, action: 'applicant.note', record: leadId, ip: by.ip });
    return note!;
  });
}

/** How long a CV link works. */
const CV_LINK_MS = 5 * 60_000;
const cvKey = () => createHmac('sha256', authSecret()).update('office-cv-link').digest();
const cvSignature = (leadId: string, staffId: string, expires: number) =>
  createHmac('sha256', cvKey()).update(`cv:${leadId}:${staffId}:${expires}`).digest('base64url');

/** A CV link's token: the lead, its expiry (ms) and a signature binding both to one staff member. */
export function cvToken(leadId: string, staffId: string, expires: number): string {
  return `${leadId}.${expires}.${cvSignature(leadId, staffId, expires)}`;
}

/** The lead of a token this member was given and that has not expired; undefined otherwise. */
export function leadOfCvToken(token: string, staffId: string, now = Date.now()): string | undefined {
  const [leadId = '', expiresText = '', sig = ''] = token.split('.');
  const expires = Number(expiresText);
  if (!leadId || !Number.isSafeInteger(expires) || expires < now) return undefined;
  const expected = Buffer.from(cvSignature(leadId, staffId, expires));
  const given = Buffer.from(sig);
  return given.length === expected.length && timingSafeEqual(given, expected) ? leadId : undefined;
}

/** A CV link for this member, when the applicant has a CV. */
export async function cvLink(db: Db, leadId: string, staffId: string, now = Date.now()) {
  if (!(await findApplicant(db, leadId)) || !(await findUploadOfLead(db, leadId)))
    throw new AppError('not_found', 'No CV for this applicant.');
  const expires = now + CV_LINK_MS;
  return { url: `/rest/office/cv/${cvToken(leadId, staffId, expires)}`, expiresAt: new Date(expires) };
}

/** The CV file of an applicant, with the type found in its bytes. */
export async function applicantCv(db: Db, leadId: string, storage?: Storage) {
  if (!(await findApplicant(db, leadId))) return undefined;
  const upload = await findUploadOfLead(db, leadId);
  if (!upload) return undefined;
  const bytes = await (storage ?? (await defaultStorage())).read(upload.storageKey, CV_MAX_BYTES);
  return bytes ? { filename: upload.filename, contentType: upload.contentType ?? upload.declaredType, bytes } : undefined;
}
