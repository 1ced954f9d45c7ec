import 'server-only';
import { desc, gte } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db';
import { leads, type Lead } from './leads-table';

export async function insertLead(db: DbOrTx, values: typeof leads.$inferInsert): Promise<void> {
  await db.insert(leads).values(values);
}

/** Leads received since a date, newest first. */
export async function findLeadsSince(db: DbOrTx, since: Date, limit = 100_000): Promise<Lead[]> {
  return db.select().from(leads).where(gte(leads.createdAt, since)).orderBy(desc(leads.createdAt)).limit(limit);
}
