import 'server-only';
import type { Locale } from '@/i18n/routing';
import { pageRecord } from '@/server/page-record';
import { isDashboard } from '../search';
import { getJobForPage } from '../server/jobs-service';

export type JobParams = { params: Promise<{ locale: Locale; dashboard: string; id: string }> };

/**
 * The job of a /jobs/{dashboard}/… page, live or not (`live` tells: a closed job's page says so),
 * or the 404 page (unknown locale or board, or a job not on it).
 */
export async function loadJobPage({ params }: JobParams) {
  const { locale, record } = await pageRecord(params, async (db, { dashboard, id }) => {
    if (!isDashboard(dashboard)) return undefined;
    const found = await getJobForPage(db, id, dashboard);
    return found ? { ...found, dashboard } : undefined;
  });
  return { locale, ...record };
}
