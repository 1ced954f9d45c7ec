import 'server-only';
import { asc, eq } from 'drizzle-orm';
import type { PrivacyContribution } from '@/server/features';
import { alertSubscriptions } from './alerts-table';

/**
 * Job alerts' part in a privacy request: the address's subscriptions, confirmed or not. Their
 * mails are the address's, which the privacy request's erasure removes from the queue as a whole.
 */
export const alertsPrivacy: PrivacyContribution = {
  async collect(db, email) {
    const rows = await db
      .select()
      .from(alertSubscriptions)
      .where(eq(alertSubscriptions.email, email))
      .orderBy(asc(alertSubscriptions.createdAt));
    return {
      records: { alert_subscriptions: rows.map((row) => Object.fromEntries(Object.entries(row).filter(([k]) => k !== 'searchKey'))) },
      files: [],
    };
  },
  async erase(db, _queue, email) {
    const rows = await db.delete(alertSubscriptions).where(eq(alertSubscriptions.email, email)).returning({ id: alertSubscriptions.id });
    return { deleted: { alert_subscriptions: rows.length }, kept: [] };
  },
};
