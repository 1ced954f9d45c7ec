import 'server-only';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db';
import { courseInvoiceCounters, courseInvoices, type CourseInvoice } from './courses-table';

/**
 * The year's next invoice number: its counter row is raised and stays locked until the
 * transaction ends, so numbers are consecutive and a rollback gives the number back.
 */
export async function nextInvoiceNumber(db: DbOrTx, year: number): Promise<number> {
  const [counter] = await db
    .insert(courseInvoiceCounters)
    .values({ year, last: 1 })
    .onConflictDoUpdate({ target: courseInvoiceCounters.year, set: { last: sql`${courseInvoiceCounters.last} + 1` } })
    .returning();
  return counter!.last;
}

export async function insertInvoice(db: DbOrTx, values: typeof courseInvoices.$inferInsert): Promise<CourseInvoice> {
  const [row] = await db.insert(courseInvoices).values(values).returning();
  return row!;
}

export async function findInvoiceOfOrder(db: DbOrTx, orderId: string): Promise<CourseInvoice | undefined> {
  const [row] = await db.select().from(courseInvoices).where(eq(courseInvoices.orderId, orderId));
  return row;
}
