import 'server-only';
import { and, desc, eq, gte, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Db } from '@/server/db';
import { cursorOf, LIST_PAGE, pageOf } from '@/server/db/keyset';
import { leadMatches } from './leads-repository';
import { leads } from './leads-table';

// The office's lists of leads: the sales inbox (inbox.ts) and the recruiters' applicants (the
// applications feature) read the same table the same way, each with its kinds and filters of its own.

/** The filters every list of leads has. */
export interface LeadListFilter {
  status?: string;
  locale?: string;
  from?: Date;
  /** Exclusive. */
  to?: Date;
  /** Part of a name, email address or company. */
  q?: string;
}

/** The leads of these kinds that are not suspected of spam, as the common filters narrow them. */
export function leadListWhere(kinds: readonly string[], f: LeadListFilter): SQL | undefined {
  return and(
    isNull(leads.spam),
    inArray(leads.type, [...kinds]),
    f.status ? eq(leads.status, f.status) : undefined,
    f.locale ? eq(leads.locale, f.locale) : undefined,
    f.from ? gte(leads.createdAt, f.from) : undefined,
    f.to ? lt(leads.createdAt, f.to) : undefined,
    // The address, name and company in one lower-case column (leads-table.ts).
    f.q ? leadMatches(f.q) : undefined,
  );
}

/** What every list shows of a lead; a list adds its own columns. */
const listed = {
  id: leads.id,
  createdAt: leads.createdAt,
  type: leads.type,
  locale: leads.locale,
  name: sql<string>`coalesce(${leads.form}->>'name', '')`,
  email: leads.email,
  status: leads.status,
};

/**
 * A page of a list of leads, newest first, as the office asks for it: the leads `where` chooses,
 * with the common columns and the list's own `columns`; `after` is a page's cursor. Answers the
 * rows and the next page's cursor.
 */
export async function leadListPage<C extends SelectedFields>(db: Db, where: SQL | undefined, columns: C, after?: string) {
  const cursor = cursorOf(after);
  const rows = await db
    .select({ ...listed, ...columns })
    .from(leads)
    .where(
      and(where, cursor ? or(lt(leads.createdAt, cursor.at), and(eq(leads.createdAt, cursor.at), lt(leads.id, cursor.id))) : undefined),
    )
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(LIST_PAGE + 1);
  return pageOf(rows, LIST_PAGE);
}
