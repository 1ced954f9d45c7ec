import 'server-only';
import type { Db } from '../db';
import { features, type PersonRecord } from '../features';
import { opensPage } from './page-roles';
import type { OfficeRole } from './staff-tables';

/**
 * Who looks at a record: audited as `actor` from `ip`, shown of the person's other records those
 * `role` may see (none without a role: a bench or a script).
 */
export interface Viewer {
  actor: string;
  ip: string;
  role?: OfficeRole;
}

/**
 * Everything the site keeps with this address that a member of `role` may see, newest first, from
 * every feature: a record whose office page their role does not open (an application, for sales)
 * is left out, and one with no page is for admins only.
 */
export async function recordsOfPerson(db: Db, email: string, role: OfficeRole | undefined): Promise<PersonRecord[]> {
  const lists = await Promise.all(features().map((f) => f.personRecords?.(db, email.trim().toLowerCase()) ?? []));
  return lists
    .flat()
    .filter((r) => !!role && (r.officePath ? opensPage(role, r.officePath) : role === 'admin'))
    .sort((a, b) => b.at.getTime() - a.at.getTime());
}
