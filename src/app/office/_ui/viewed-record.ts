import 'server-only';
import { headers } from 'next/headers';
import { notFound } from 'next/navigation';
import { isPlausibleId } from '@/lib/ids';
import { clientIp } from '@/server/api/client-ip';
import { database, type Db } from '@/server/db';
import type { Staff } from '@/server/office/access';
import type { Viewer } from '@/server/office/person';

/**
 * The record of a record's page (`params.id`) as `view` answers it for this member, who looks at it
 * from their address: every look at a person's details is in the audit log. An id no record can
 * have, or a record that is not there (undefined), is the office's 404.
 */
export async function viewedRecord<T>(
  params: Promise<{ id: string }>,
  staff: Staff,
  view: (db: Db, id: string, by: Viewer) => Promise<T | undefined>,
): Promise<{ id: string; db: Db; detail: T }> {
  const { id } = await params;
  const db = (await database()).db;
  const detail = isPlausibleId(id) ? await view(db, id, { actor: staff.id, ip: clientIp(await headers()), role: staff.role }) : undefined;
  if (!detail) notFound();
  return { id, db, detail };
}
