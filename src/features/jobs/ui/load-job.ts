import 'server-only';
import type { Locale } from '@/i18n/routing';
import { pageRecord } from '@/server/page-record';
import { isDashboard } from '../search';
import { getJob } from '../server/jobs-service';

export type JobParams = { params: Promise<{ locale: Locale; dashboard: string; id: string }> };

/** The live job of a /jobs/{dashboard}/… page, or the 404 page (unknown locale or board, or a job not on it). */
export async function loadJob({ params }: JobParams) {
  const { locale, record } = await pageRecord(params, async (db, { dashboard, id }) => {
    if (!isDashboard(dashboard)) return undefined;
    const job = await getJob(db, id, dashboard);
    return job ? { job, dashboard } : undefined;
  });
  return { locale, ...record };
}
