import 'server-only';
import { randomBytes } from 'node:crypto';
import { filterNames, searchToParams, type JobSearch } from '@/features/jobs/schema';
import { jobsPostedBetween } from '@/features/jobs/server/jobs-service';
import { localizedPath, type Locale } from '@/i18n/routing';
import type { Db, DbOrTx } from '@/server/db';
import { env } from '@/server/env';
import { rateLimit } from '@/server/rate-limit';
import { enqueueMail } from '@/server/mail/mail';
import { alertConfirm, alertDigest } from './alerts-mails';
import { QueueName, type Queue } from '@/server/queue/queue';
import type { Frequency, SubscribeRequest, SubscriptionView, UpdateSubscriptionRequest } from '../schema';
import {
  countConfirmationsSince,
  deletePendingCreatedBefore,
  deleteSubscription,
  findByEmailAndSearchForUpdate,
  findSubscription,
  insertSubscription,
  listAllSubscriptions,
  takeNextDue,
  updateSubscriptionRow,
} from './alerts-repository';
import type { AlertSubscription } from './alerts-table';
import { describeSearch } from './describe-search';
import { subscriptionIdOf, subscriptionToken } from './tokens';

const DAY = 24 * 3600 * 1000;
const CONFIRMATION_EVERY_MS = DAY;
/** Confirmation mails an address gets in a day, whatever the searches (no mail bombing). */
const CONFIRMATIONS_PER_ADDRESS_A_DAY = 3;
/** Digests look at jobs posted up to this long ago: an import still committing is not skipped. */
const DIGEST_LAG_MS = 10 * 60 * 1000;
const PENDING_KEPT_MS = 7 * DAY;
const DIGEST_SIZE = 20;

/** When the digest after `from` is due. */
function nextDigest(from: Date, frequency: Frequency): Date {
  const next = new Date(from);
  if (frequency === 'weekly') next.setUTCDate(next.getUTCDate() + 7);
  else next.setUTCMonth(next.getUTCMonth() + (frequency === 'monthly' ? 1 : 3));
  return next;
}

/** One form of a search: the same filters in any order, any case of text, are one subscription. */
function searchKey(search: JobSearch): string {
  const filters = Object.fromEntries(filterNames.filter((n) => search.filters[n]).map((n) => [n, search.filters[n]]));
  return JSON.stringify([search.dashboard, search.queryText.trim().toLowerCase(), filters]);
}

function links(sub: Pick<AlertSubscription, 'id' | 'locale' | 'search'>) {
  const base = env().PUBLIC_URL;
  const locale = sub.locale as Locale;
  const token = subscriptionToken(sub.id);
  const query = searchToParams(sub.search).toString();
  return {
    manageUrl: `${base}${localizedPath(`/alerts/${token}`, locale)}`,
    /** The visible link: the manage page, asking to confirm (a link scanner cannot unsubscribe). */
    unsubscribeUrl: `${base}${localizedPath(`/alerts/${token}`, locale)}?unsubscribe=1`,
    /** The one-click target of the List-Unsubscribe headers (RFC 8058). */
    oneClickUrl: `${base}/rest/newsletter/unsubscribe/${token}`,
    searchUrl: `${base}${localizedPath(`/jobs/${sub.search.dashboard}`, locale)}${query ? `?${query}` : ''}`,
  };
}

async function sendConfirmation(queue: Queue, tx: DbOrTx, sub: AlertSubscription, now: Date) {
  // This subscription counts itself; more than the daily allowance and the address hears nothing more today.
  if ((await countConfirmationsSince(tx, sub.email, new Date(now.getTime() - DAY))) > CONFIRMATIONS_PER_ADDRESS_A_DAY) return;
  await enqueueMail(
    queue,
    {
      key: `alert-confirm:${sub.id}:${now.toISOString()}`,
      to: sub.email,
      locale: sub.locale as Locale,
      template: alertConfirm,
      props: { search: describeSearch(sub.search, sub.locale as Locale), frequency: sub.frequency as Frequency, confirmUrl: links(sub).manageUrl },
    },
    { tx },
  );
}

/**
 * 'Notify me'. Creates the subscription (not active until confirmed) and mails the confirmation,
 * at most once a day per address and search. Answers the same whatever the address's history.
 */
export async function subscribe(db: Db, queue: Queue, request: SubscribeRequest, { ip, now = new Date() }: { ip: string; now?: Date }): Promise<void> {
  await rateLimit('subscribe', ip, 10, 3600);
  const email = request.email.trim().toLowerCase();
  const key = searchKey(request.search);
  await db.transaction(async (tx) => {
    const existing = await findByEmailAndSearchForUpdate(tx, email, key);
    if (!existing) {
      const created = await insertSubscription(tx, {
        id: randomBytes(12).toString('base64url'),
        email,
        locale: request.locale,
        search: request.search,
        searchKey: key,
        frequency: request.frequency,
        confirmationSentAt: now,
        createdAt: now,
      });
      if (created) await sendConfirmation(queue, tx, created, now);
      return;
    }
    if (existing.status !== 'pending') return;
    const resend = !existing.confirmationSentAt || now.getTime() - existing.confirmationSentAt.getTime() >= CONFIRMATION_EVERY_MS;
    const updated = await updateSubscriptionRow(tx, existing.id, { frequency: request.frequency, locale: request.locale, ...(resend ? { confirmationSentAt: now } : {}) });
    if (resend && updated) await sendConfirmation(queue, tx, updated, now);
  });
}

function view(sub: AlertSubscription): SubscriptionView {
  return { status: sub.status as SubscriptionView['status'], frequency: sub.frequency as Frequency, search: sub.search, description: describeSearch(sub.search, sub.locale as Locale) };
}

async function byToken(db: DbOrTx, token: string): Promise<AlertSubscription | undefined> {
  const id = subscriptionIdOf(token);
  if (!id) return undefined;
  return findSubscription(db, id);
}

/** The manage page: opening it from the confirmation mail confirms the subscription. */
export async function openSubscription(db: Db, token: string, now = new Date()): Promise<(SubscriptionView & { justConfirmed: boolean }) | null> {
  const sub = await byToken(db, token);
  if (!sub) return null;
  if (sub.status !== 'pending') return { ...view(sub), justConfirmed: false };
  const confirmed = await updateSubscriptionRow(db, sub.id, { status: 'active', confirmedAt: now, lastDigestAt: now, nextDigestAt: nextDigest(now, sub.frequency as Frequency) }, 'pending');
  return { ...view(confirmed ?? sub), justConfirmed: !!confirmed };
}

export async function updateSubscription(db: Db, token: string, change: UpdateSubscriptionRequest): Promise<SubscriptionView | null> {
  const id = subscriptionIdOf(token);
  if (!id) return null;
  // Locked, so a digest run cannot move the mark between our read and our write.
  return db.transaction(async (tx) => {
    const sub = await findSubscription(tx, id, { lock: true });
    if (!sub) return null;
    const frequency = (change.frequency ?? sub.frequency) as Frequency;
    const status = sub.status === 'pending' ? 'pending' : change.paused === undefined ? sub.status : change.paused ? 'paused' : 'active';
    const updated = await updateSubscriptionRow(tx, sub.id, { frequency, status, ...(sub.lastDigestAt ? { nextDigestAt: nextDigest(sub.lastDigestAt, frequency) } : {}) });
    return updated ? view(updated) : null;
  });
}

/**
 * Deletes the subscription (manage page, one-click unsubscribe) and any of its mails still
 * waiting in the queue, so nothing arrives after an unsubscribe. False for an unknown token.
 */
export async function removeSubscription(db: Db, queue: Queue, token: string): Promise<boolean> {
  const id = subscriptionIdOf(token);
  if (!id) return false;
  return db.transaction(async (tx) => {
    const deleted = await deleteSubscription(tx, id);
    await queue.cancelByKeyPrefix(QueueName.mail, `alert-digest:${id}:`, { tx });
    return deleted;
  });
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
                details: [job.client_location, job.remuneration_formatted].filter(Boolean).join(' · '),
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

export async function listSubscriptions(db: Db): Promise<(AlertSubscription & { description: string })[]> {
  const rows = await listAllSubscriptions(db);
  return rows.map((r) => ({ ...r, description: describeSearch(r.search, r.locale as Locale) }));
}
