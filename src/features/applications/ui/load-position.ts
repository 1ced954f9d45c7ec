import 'server-only';
import type { Locale } from '@/i18n/routing';
import { pageRecord } from '@/server/page-record';
import { openPosition } from '../server/positions-service';

export type PositionParams = { params: Promise<{ locale: Locale; id: string }> };

/** The open role of a /careers/{id} page, or the 404 page (unknown locale or closed role). */
export async function loadPosition({ params }: PositionParams) {
  const { locale, record: position } = await pageRecord(params, (db, { id }) => openPosition(db, id));
  return { locale, position };
}
