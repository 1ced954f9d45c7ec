import 'server-only';
import { mailsAbout } from '@/server/mail/mail-log';
import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/server/db';
import { AppError } from '@/server/errors';
import { audit } from '@/server/office/audit';
import { recordsOfPerson, type Viewer } from '@/server/office/person';
import { SALES_KINDS, type SalesKind } from './inbox-schema';
import type { LeadStatus } from './lead-statuses';
import { leads } from './leads-table';
import { addNoteToLead, exportColumns, notesOfLead, type ExportedLead } from './leads-repository';
import { leadListPage, leadListWhere, type LeadListFilter } from './lead-list';
import { webhookKey } from './leads-webhook';

const salesKinds = new Set<string>(SALES_KINDS);
export const isSalesKind = (type: string): type is SalesKind => salesKinds.has(type);

export interface InboxFilter extends LeadListFilter {
  kind?: SalesKind;
  status?: LeadStatus;
  /** A staff id, or `none` for the unassigned. */
  assignee?: string;
  source?: string;
  campaign?: string;
}

function inboxWhere(f: InboxFilter): SQL | undefined {
  return and(
    // Whatever the filter says, the inbox reads the sales kinds only.
    leadListWhere(inboxKinds(f), f),
    f.assignee === 'none' ? isNull(leads.assigneeId) : f.assignee ? eq(leads.assigneeId, f.assignee) : undefined,
    f.source ? sql`${leads.utm}->>'source' = ${f.source}` : undefined,
    f.campaign ? sql`${leads.utm}->>'campaign' = ${f.campaign}` : undefined,
  );
}

/** A page of the inbox as the office asks for it (`after`: a page's cursor), newest first, and the next page's cursor. */
export async function inboxPage(db: Db, filter: InboxFilter, after?: string) {
  return leadListPage(
    db,
    inboxWhere(filter),
    {
      company: sql<string>`coalesce(${leads.form}->>'company', '')`,
      assigneeId: leads.assigneeId,
      source: sql<string>`coalesce(${leads.utm}->>'source', '')`,
    },
    after,
  );
}

/** The kinds a filter reads: the one it names, else every kind sales work. */
export const inboxKinds = (f: InboxFilter): readonly SalesKind[] => (f.kind && isSalesKind(f.kind) ? [f.kind] : SALES_KINDS);

/** Every lead of the filtered view, for the CSV export (capped: a spreadsheet, not a backup). */
export async function inboxExport(db: Db, filter: InboxFilter, limit = 100_000): Promise<ExportedLead[]> {
  return db.select(exportColumns).from(leads).where(inboxWhere(filter)).orderBy(desc(leads.createdAt), desc(leads.id)).limit(limit);
}

type Rows<T> = { rows: T[] };

interface Delivery {
  at: string;
  what: string;
  to?: string;
  state: string;
}

/** A lead of a kind sales work, or undefined (an application, a CV, or no such lead). */
export async function salesLead(db: Db, id: string) {
  const [lead] = await db.select().from(leads).where(eq(leads.id, id));
  return lead && isSalesKind(lead.type) ? lead : undefined;
}

/** A lead with what was done about it: notes, the mails sent and the CRM deliveries. */
async function leadDetail(db: Db, id: string) {
  const lead = await salesLead(db, id);
  if (!lead) return undefined;
  const notes = await notesOfLead(db, id);
  const webhook = (await db.execute(
    sql`select state, retry_count, created_on, completed_on from pgboss.job where name = 'lead-webhook' and singleton_key = ${webhookKey(id)}
        union all select state, retry_count, created_on, completed_on from pgboss.archive where name = 'lead-webhook' and singleton_key = ${webhookKey(id)}`,
  )) as unknown as Rows<{ state: string; retry_count: number; created_on: string; completed_on: string | null }>;
  const mailRows: Delivery[] = await mailsAbout(db, id);
  const webhookRows: Delivery[] = webhook.rows.map((w) => ({
    at: new Date(w.completed_on ?? w.created_on).toISOString(),
    what: 'CRM webhook',
    state: `${w.state}${w.retry_count ? ` (${w.retry_count} retries)` : ''}`,
  }));
  return { lead, notes, mails: mailRows, webhook: webhookRows };
}

/**
 * A staff member looks at a lead: its detail and the person's other records, and the look is in
 * the audit log. Undefined when it is not a sales lead (nothing is recorded then).
 */
export async function viewLead(db: Db, id: string, by: Viewer) {
  const detail = await leadDetail(db, id);
  if (!detail) return undefined;
  await audit(db, { actor: by.actor, action: 'lead.view', record: id, ip: by.ip });
  const person = detail.lead.email ? (await recordsOfPerson(db, detail.lead.email, by.role)).filter((p) => p.id !== id) : [];
  return { ...detail, person };
}

export interface LeadChange {
  status?: LeadStatus;
  lostReason?: string;
  /** A staff id, or null to unassign. */
  assigneeId?: string | null;
}

/** Moves a lead on (status, assignee), in the audit log. */
export async function changeLead(db: Db, id: string, change: LeadChange, by: { actor: string; ip: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const [lead] = await tx.select({ id: leads.id, type: leads.type }).from(leads).where(eq(leads.id, id)).for('update');
    if (!lead || !isSalesKind(lead.type)) throw new AppError('not_found', 'No such lead.');
    if (change.status) {
      if (change.status === 'lost' && !change.lostReason?.trim()) {
        throw new AppError('validation', 'Say why the lead was lost.', { errors: [{ path: 'lostReason', message: 'required' }] });
      }
      await tx
        .update(leads)
        .set({ status: change.status, lostReason: change.status === 'lost' ? change.lostReason!.trim() : null })
        .where(eq(leads.id, id));
      await audit(tx, { actor: by.actor, action: 'lead.status', record: id, ip: by.ip });
    }
    if (change.assigneeId !== undefined) {
      await tx.update(leads).set({ assigneeId: change.assigneeId }).where(eq(leads.id, id));
      await audit(tx, { actor: by.actor, action: 'lead.assign', record: id, ip: by.ip });
    }
  });
}

export async function addLeadNote(db: Db, leadId: string, body: string, by: { actor: string; ip: string }) {
  return db.transaction(async (tx) => {
    const [lead] = await tx.select({ id: leads.id, type: leads.type }).from(leads).where(eq(leads.id, leadId));
    if (!lead || !isSalesKind(lead.type)) throw new AppError('not_found', 'No such lead.');
    const note = await addNoteToLead(tx, leadId, by.actor, body);
    await audit(tx, { actor: by.actor, action: 'lead.note', record: leadId, ip: by.ip });
    return note;
  });
}

/** The person's other records in the forms kernel: every lead with this address. */
export async function leadsOfPerson(db: Db, email: string) {
  return db
    .select({ id: leads.id, type: leads.type, createdAt: leads.createdAt, status: leads.status })
    .from(leads)
    .where(and(eq(leads.email, email), isNull(leads.spam)))
    .orderBy(desc(leads.createdAt))
    .limit(100);
}
