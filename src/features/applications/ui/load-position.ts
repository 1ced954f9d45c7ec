import 'server-only';
import { notFound } from 'next/navigation';
import { isLocale, type Locale } from '@/i18n/routing';
import { database } from '@/server/db';
import { openPosition } from '../server/applications-service';

export type PositionParams = { params: Promise<{ locale: Locale; id: string }> };

/** The open role of a /careers/{id} page, or the 404 page (unknown locale or closed role). */
export async function loadPosition({ params }: PositionParams) {
  const { locale, id } = await params;
  if (!isLocale(locale)) notFound();
  const position = await openPosition((await database()).db, id);
  if (!position) notFound();
  return { locale, position };
}
