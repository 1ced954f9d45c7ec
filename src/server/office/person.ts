import 'server-only';
import type { Db } from '../db';
import { features, type PersonRecord } from '../features';

/** Everything the site keeps with this address, newest first, from every feature. */
export async function recordsOfPerson(db: Db, email: string): Promise<PersonRecord[]> {
  const lists = await Promise.all(features().map((f) => f.personRecords?.(db, email.trim().toLowerCase()) ?? []));
  return lists.flat().sort((a, b) => b.at.getTime() - a.at.getTime());
}
