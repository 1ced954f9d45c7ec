import 'server-only';
import type { Locale } from '@/i18n/routing';
import { pageRecord } from '@/server/page-record';
import { dashboards, type Dashboard } from '../search';
import { getJob } from '../server/jobs-service';

export type JobParams = { params: Promise<{ locale: Locale; dashboard: string; id: string }> };

const isDashboard = (d: string): d is Dashboard => (dashboards as readonly string[]).includes(d);

/** The live job of a /jobs/{dashboard}/… page, or the 404 page (unknown locale or board, or a job not on it). */
export async function loadJob({ params }: JobParams) {
  const { locale, record: job } = await pageRecord(params, (db, { dashboard, id }) => (isDashboard(dashboard) ? getJob(db, id, dashboard) : Promise.resolve(undefined)));
  return { locale, dashboard: (await params).dashboard as Dashboard, job };
}
