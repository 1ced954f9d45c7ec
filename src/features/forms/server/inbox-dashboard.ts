import 'server-only';
import { and, count, desc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/server/db';
import { weeklyCounts, type DashboardContribution } from '@/server/office/dashboard';
import { SALES_KINDS } from './inbox-schema';
import { leads } from './leads-table';
import { spamCount, type SpamFolder } from './spam-folder';

const sales = ['sales', 'admin'] as const;
const salesLead = and(inArray(leads.type, [...SALES_KINDS]), isNull(leads.spam));

async function countWhere(db: Db, where: ReturnType<typeof and>): Promise<number> {
  const [row] = await db.select({ n: count() }).from(leads).where(where);
  return Number(row?.n ?? 0);
}

async function splitBy(db: Db, since: Date, by: ReturnType<typeof sql<string>>): Promise<[string, number][]> {
  const rows = await db
    .select({ label: by, n: count() })
    .from(leads)
    .where(and(salesLead, gte(leads.createdAt, since)))
    .groupBy(by)
    .orderBy(desc(count()));
  return rows.map((r) => [r.label, Number(r.n)]);
}

/** A dashboard series of another feature's leads: those of one kind sent each week, spam left out. */
export const weeklyLeadsOf =
  (type: string) =>
  (db: Db, since: Date): Promise<Map<string, number>> =>
    weeklyCounts(db, leads, leads.createdAt, since, and(eq(leads.type, type), isNull(leads.spam)));

/**
 * The leads on the dashboard: per week, by kind, language and source, and the work waiting, the
 * spam folder's suspected forms among it (what each role would find there).
 */
export const inboxDashboard = (spamFolders: readonly SpamFolder[]): DashboardContribution => ({
  series: [
    { key: 'leads', roles: sales, weekly: (db, since) => weeklyCounts(db, leads, leads.createdAt, since, salesLead) },
    {
      key: 'applications',
      roles: ['recruiting', 'admin'],
      weekly: (db, since) =>
        weeklyCounts(db, leads, leads.createdAt, since, and(inArray(leads.type, ['job_application', 'cv']), isNull(leads.spam))),
    },
  ],
  waiting: [
    {
      key: 'newLeads',
      roles: sales,
      href: '/office/leads?status=new',
      count: (db) => countWhere(db, and(salesLead, eq(leads.status, 'new'))),
    },
    {
      key: 'unassigned',
      roles: sales,
      href: '/office/leads?assignee=none',
      count: (db) => countWhere(db, and(salesLead, isNull(leads.assigneeId))),
    },
    { key: 'spam', roles: ['sales'], href: '/office/spam', count: (db) => spamCount(db, spamFolders, 'sales') },
    { key: 'spam', roles: ['admin'], href: '/office/spam', count: (db) => spamCount(db, spamFolders, 'admin') },
  ],
  breakdowns: [
    { key: 'byKind', roles: sales, split: (db, since) => splitBy(db, since, sql<string>`${leads.type}`) },
    { key: 'byLanguage', roles: sales, split: (db, since) => splitBy(db, since, sql<string>`${leads.locale}`) },
    { key: 'bySource', roles: sales, split: (db, since) => splitBy(db, since, sql<string>`coalesce(${leads.utm}->>'source', '')`) },
  ],
});
