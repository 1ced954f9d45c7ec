import 'server-only';
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, getTableColumns, sql, type SQL, gte, inArray, isNotNull, isNull, lt } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db';
import type { HeldJob } from './held-jobs';
import { staffUser } from '@/server/office/staff-tables';
import { leadNotes, leads, type Lead } from './leads-table';

export async function insertLead(db: DbOrTx, values: typeof leads.$inferInsert): Promise<void> {
  await db.insert(leads).values(values);
}

/** Leads received since a date, newest first; suspected spam is in the spam folder, not here. */
/** A lead as exported: its columns, and the work on it (who has it, its notes, oldest first). */
export type ExportedLead = Lead & { assignee: string | null; notes: string | null };

/** The export's columns: the lead's own, and the name of its assignee and its notes as text. */
export const exportColumns = {
  ...getTableColumns(leads),
  // Qualified by hand: Drizzle names a column of the one table selected from without its table.
  assignee: sql<string | null>`(select s.name from ${staffUser} s where s.id = "leads"."assignee_id")`,
  notes: sql<string | null>`(select string_agg(n.body, E'\n' order by n.created_at) from ${leadNotes} n where n.lead_id = "leads"."id")`,
};

export async function findLeadsSince(db: DbOrTx, since: Date, limit = 100_000): Promise<ExportedLead[]> {
  return db
    .select(exportColumns)
    .from(leads)
    .where(and(gte(leads.createdAt, since), isNull(leads.spam)))
    .orderBy(desc(leads.createdAt))
    .limit(limit);
}

/** The spam folder: leads suspected of spam, newest first. */
export async function findSpamLeads(db: DbOrTx, limit = 200): Promise<Lead[]> {
  return db.select().from(leads).where(isNotNull(leads.spam)).orderBy(desc(leads.createdAt)).limit(limit);
}

/** Ids of leads of these types (only those suspected of spam, with `spamOnly`) received before a date (for retention). */
export async function findLeadIdsBefore(db: DbOrTx, types: string[], before: Date, limit: number, spamOnly = false): Promise<string[]> {
  const rows = await db
    .select({ id: leads.id })
    .from(leads)
    // A record staff chose to keep (a hired applicant's, kept_at) is not retention's to remove.
    .where(and(inArray(leads.type, types), lt(leads.createdAt, before), isNull(leads.keptAt), spamOnly ? isNotNull(leads.spam) : undefined))
    .limit(limit);
  return rows.map((r) => r.id);
}

export async function setHeldJobs(db: DbOrTx, id: string, held: HeldJob[]): Promise<void> {
  await db.update(leads).set({ held }).where(eq(leads.id, id));
}

/**
 * Takes a lead out of the spam folder and answers it with the jobs it held; undefined when it is
 * not there (never was, or already released: a second release finds nothing).
 */
export async function clearSpam(db: DbOrTx, id: string): Promise<Lead | undefined> {
  const [lead] = await db
    .update(leads)
    .set({ spam: null, held: null })
    .where(and(eq(leads.id, id), isNotNull(leads.spam)))
    .returning();
  return lead;
}

/**
 * Empties the held jobs of a kind's leads from an address that are not suspected of spam (a trial
 * sign-up's, once the address is confirmed) and answers them; the rows stay locked to the end of
 * the transaction, so two confirmations cannot both take them.
 */
export async function takeHeldJobsOf(db: DbOrTx, type: string, email: string): Promise<HeldJob[]> {
  const rows = await db
    .select({ id: leads.id, held: leads.held })
    .from(leads)
    .where(and(eq(leads.type, type), eq(leads.email, email), isNull(leads.spam), isNotNull(leads.held)))
    .for('update');
  if (rows.length === 0) return [];
  await db
    .update(leads)
    .set({ held: null })
    .where(
      inArray(
        leads.id,
        rows.map((r) => r.id),
      ),
    );
  return rows.flatMap((r) => r.held ?? []);
}

/** The jobs held by a lead, before clearSpam empties them (the UPDATE's RETURNING answers new values). */
export async function findHeldJobs(db: DbOrTx, id: string): Promise<HeldJob[]> {
  const [row] = await db.select({ held: leads.held }).from(leads).where(eq(leads.id, id)).for('update');
  return row?.held ?? [];
}

export async function findLead(db: DbOrTx, id: string): Promise<Lead | undefined> {
  const [lead] = await db.select().from(leads).where(eq(leads.id, id));
  return lead;
}

export async function deleteLeadsOf(db: DbOrTx, type: string, emails: string[]): Promise<number> {
  if (emails.length === 0) return 0;
  return (
    await db
      .delete(leads)
      .where(and(eq(leads.type, type), inArray(leads.email, emails)))
      .returning({ id: leads.id })
  ).length;
}

export async function deleteLeads(db: DbOrTx, ids: string[]): Promise<void> {
  if (ids.length > 0) await db.delete(leads).where(inArray(leads.id, ids));
}

/**
 * Leads whose address, name or company holds `text` (any case): the lower-case `search` column
 * (migration 0020), one short scan instead of three JSON extractions per row.
 */
export function leadMatches(text: string): SQL {
  return sql`${leads.search} like lower(${`%${text.replace(/[\\%_]/g, '\\$&')}%`})`;
}

/** The staff's notes on a lead, oldest first. */
export function notesOfLead(db: DbOrTx, leadId: string) {
  return db.select().from(leadNotes).where(eq(leadNotes.leadId, leadId)).orderBy(asc(leadNotes.createdAt));
}

/** Adds a staff member's note to a lead. */
export async function addNoteToLead(tx: DbOrTx, leadId: string, authorId: string, body: string) {
  const [note] = await tx.insert(leadNotes).values({ id: randomUUID(), leadId, authorId, body: body.trim() }).returning();
  return note!;
}

/** The ids of the leads sent with an address, as a subquery (for what hangs on them). */
export function leadIdsOfEmail(db: DbOrTx, email: string) {
  return db.select({ id: leads.id }).from(leads).where(eq(leads.email, email));
}
