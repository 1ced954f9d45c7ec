import 'server-only';
import { and, desc, eq, gte, inArray, lt } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db';
import { leads, type Lead } from './leads-table';

export async function insertLead(db: DbOrTx, values: typeof leads.$inferInsert): Promise<void> {
  await db.insert(leads).values(values);
}

/** Leads received since a date, newest first. */
export async function findLeadsSince(db: DbOrTx, since: Date, limit = 100_000): Promise<Lead[]> {
  return db.select().from(leads).where(gte(leads.createdAt, since)).orderBy(desc(leads.createdAt)).limit(limit);
}

/** Ids of leads of these types received before a date (for retention). */
export async function findLeadIdsBefore(db: DbOrTx, types: string[], before: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: leads.id })
    .from(leads)
    .where(and(inArray(leads.type, types), lt(leads.createdAt, before)))
    .limit(limit);
  return rows.map((r) => r.id);
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
