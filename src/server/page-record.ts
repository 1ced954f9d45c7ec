import 'server-only';
import { notFound } from 'next/navigation';
import { isLocale, type Locale } from '@/i18n/routing';
import { database, type Db } from '@/server/db';

/**
 * For a page about one record (a job, a position, a course): the locale of the address and the
 * record it names, or the 404 page for an unknown locale or a record `find` does not return.
 */
export async function pageRecord<P extends { locale: string }, T>(
  params: Promise<P>,
  find: (db: Db, params: P) => Promise<T | undefined>,
): Promise<{ locale: Locale; record: T }> {
  const resolved = await params;
  if (!isLocale(resolved.locale)) notFound();
  const record = await find((await database()).db, resolved);
  if (record === undefined) notFound();
  return { locale: resolved.locale, record };
}
