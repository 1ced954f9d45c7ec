import 'server-only';
import { randomBytes } from 'node:crypto';
import { filterNames, type JobSearch } from '@/features/jobs/schema';
import type { Locale } from '@/i18n/routing';
import type { Db, DbOrTx } from '@/server/db';
import { rateLimit } from '@/server/rate-limit';
import { enqueueMail } from '@/server/mail/mail';
import { alertConfirm } from './alerts-mails';
import { links } from './alert-links';
import { nextDigest } from './digests-service';
import { QueueName, type Queue } from '@/server/queue/queue';
import type { Frequency, SubscribeRequest, SubscriptionView, UpdateSubscriptionRequest } from '../schema';
import {
  countConfirmationsSince,
  deleteSubscription,
  findByEmailAndSearchForUpdate,
  findSubscription,
  insertSubscription,
  listAllSubscriptions,
  updateSubscriptionRow,
} from './alerts-repository';
import type { AlertSubscription } from './alerts-table';
import { describeSearch } from './describe-search';
import { subscriptionIdOf } from './tokens';

const DAY = 24 * 3600 * 1000;
const CONFIRMATION_EVERY_MS = DAY;
/** Confirmation mails an address gets in a day, whatever the searches (no mail bombing). */
const CONFIRMATIONS_PER_ADDRESS_A_DAY = 3;

/** One form of a search: the same filters in any order, any case of text, are one subscription. */
function searchKey(search: JobSearch): string {
  const filters = Object.fromEntries(filterNames.filter((n) => search.filters[n]).map((n) => [n, search.filters[n]]));
  return JSON.stringify([search.dashboard, search.queryText.trim().toLowerCase(), filters]);
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
      props: {
        search: describeSearch(sub.search, sub.locale as Locale),
        frequency: sub.frequency as Frequency,
        confirmUrl: links(sub).manageUrl,
      },
    },
    { tx },
  );
}

/**
 * 'Notify me'. Creates the subscription (not active until confirmed) and mails the confirmation,
 * at most once a day per address and search. Answers the same whatever the address's history.
 */
export async function subscribe(
  db: Db,
  queue: Queue,
  request: SubscribeRequest,
  { ip, now = new Date() }: { ip: string; now?: Date },
): Promise<void> {
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
    const updated = await updateSubscriptionRow(tx, existing.id, {
      frequency: request.frequency,
      locale: request.locale,
      ...(resend ? { confirmationSentAt: now } : {}),
    });
    if (resend && updated) await sendConfirmation(queue, tx, updated, now);
  });
}

function view(sub: AlertSubscription): SubscriptionView {
  return {
    status: sub.status as SubscriptionView['status'],
    frequency: sub.frequency as Frequency,
    search: sub.search,
    description: describeSearch(sub.search, sub.locale as Locale),
  };
}

async function byToken(db: DbOrTx, token: string): Promise<AlertSubscription | undefined> {
  const id = subscriptionIdOf(token);
  if (!id) return undefined;
  return findSubscription(db, id);
}

/** The manage page: opening it from the confirmation mail confirms the subscription. */
export async function openSubscription(
  db: Db,
  token: string,
  now = new Date(),
): Promise<(SubscriptionView & { justConfirmed: boolean }) | null> {
  const sub = await byToken(db, token);
  if (!sub) return null;
  if (sub.status !== 'pending') return { ...view(sub), justConfirmed: false };
  const confirmed = await updateSubscriptionRow(
    db,
    sub.id,
    { status: 'active', confirmedAt: now, lastDigestAt: now, nextDigestAt: nextDigest(now, sub.frequency as Frequency) },
    'pending',
  );
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
    const updated = await updateSubscriptionRow(tx, sub.id, {
      frequency,
      status,
      ...(sub.lastDigestAt ? { nextDigestAt: nextDigest(sub.lastDigestAt, frequency) } : {}),
    });
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

export async function listSubscriptions(db: Db): Promise<(AlertSubscription & { description: string })[]> {
  const rows = await listAllSubscriptions(db);
  return rows.map((r) => ({ ...r, description: describeSearch(r.search, r.locale as Locale) }));
}
