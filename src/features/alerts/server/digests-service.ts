import 'server-only';
import { jobsPostedBetween, localizedLocation } from '@/features/jobs/server';
import { localizedPath, type Locale } from '@/i18n/routing';
import type { Db } from '@/server/db';
import { env } from '@/server/env';
import { enqueueMail } from '@/server/mail/mail';
import type { Queue } from '@/server/queue/queue';
import type { Frequency } from '../schema';
import { links } from './alert-links';
import { alertDigest } from './alerts-mails';
import { deletePendingCreatedBefore, takeNextDue, updateSubscriptionRow } from './alerts-repository';
import { describeSearch } from './describe-search';

// The alerts tick: digests that are due, and unconfirmed subscriptions past their week.

const DAY = 24 * 3600 * 1000;
/** Digests look at jobs posted up to this long ago: an import still committing is not skipped. */
const DIGEST_LAG_MS = 10 * 60 * 1000;
const PENDING_KEPT_MS = 7 * DAY;
const DIGEST_SIZE = 20;

export /** When the digest after `from` is due. */
function nextDigest(from: Date, frequency: Frequency): Date {
  const next = new Date(from);
  if (frequency === 'weekly') next.setUTCDate(next.getUTCDate() + 7);
  else next.setUTCMonth(next.getUTCMonth() + (frequency === 'monthly' ? 1 : 3));
  return next;
}

/** Unconfirmed subscriptions older than 7 days are forgotten. */
export async function removeStalePending(db: Db, now = new Date()): Promise<number> {
  return deletePendingCreatedBefore(db, new Date(now.getTime() - PENDING_KEPT_MS));
}

/**
 * Sends every digest that is due. Each subscription is taken in its own transaction, locked
 * (other workers skip it), and its digest mail is queued in the same transaction that moves its
 * last-sent mark: both happen or neither, so a digest goes out once per period even with several
 * workers or a crash half-way. No new jobs: no mail, the period simply moves on.
 */
export async function sendDueDigests(db: Db, queue: Queue, now = new Date(), limit = 1000): Promise<{ sent: number; empty: number }> {
  const result = { sent: 0, empty: 0 };
  for (let i = 0; i < limit; i++) {
    const done = await db.transaction(async (tx) => {
      const sub = await takeNextDue(tx, now);
      if (!sub) return true;
      const locale = sub.locale as Locale;
      const since = sub.lastDigestAt ?? sub.confirmedAt ?? sub.createdAt;
      const until = new Date(now.getTime() - DIGEST_LAG_MS);
      const jobs = await jobsPostedBetween(tx, sub.search, since, until, DIGEST_SIZE, locale);
      if (jobs.length > 0) {
        const urls = links(sub);
        const base = env().PUBLIC_URL;
        await enqueueMail(
          queue,
          {
            key: `alert-digest:${sub.id}:${sub.nextDigestAt!.toISOString()}`,
            to: sub.email,
            locale,
            template: alertDigest,
            props: {
              search: describeSearch(sub.search, locale),
              frequency: sub.frequency as Frequency,
              jobs: jobs.map((job) => ({
                title: job.company ? `${job.company} - ${job.position}` : job.position,
                details: [job.client_location && localizedLocation(job.client_location, locale), job.remuneration_formatted]
                  .filter(Boolean)
                  .join(' · '),
                url: `${base}${localizedPath(`/jobs/${sub.search.dashboard}/specs/${job.id}`, locale)}`,
              })),
              searchUrl: urls.searchUrl,
              manageUrl: urls.manageUrl,
              unsubscribeUrl: urls.unsubscribeUrl,
            },
            headers: { 'List-Unsubscribe': `<${urls.oneClickUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
          },
          { tx },
        );
        result.sent++;
      } else result.empty++;
      await updateSubscriptionRow(tx, sub.id, { lastDigestAt: until, nextDigestAt: nextDigest(now, sub.frequency as Frequency) });
      return false;
    });
    if (done) break;
  }
  return result;
}
