import 'server-only';
import { database } from '../db';
import type { Database } from '../db/client';
import { env } from '../env';
import { processSingleton } from '../singleton';
import { removeStalePending, sendDueDigests } from '@/features/alerts/server/alerts-service';
import { deliverWebhook } from '@/features/leads/server/leads-webhook';
import { expireTransferOrders, reconcileCardOrders } from '@/features/courses/server/checkout-service';
import { expireUnpaidRegistrations } from '@/features/courses/server/courses-service';
import { paymentProvider } from '@/features/courses/server/payments';
import { deliverMail } from '../mail/mail';
import { applyRetention } from '../retention';
import { createTransport, type Transport } from '../mail/transport';
import { Queue, QueueName } from './queue';

export { Queue, QueueName } from './queue';

/** Registers every queue handler. Each feature that puts work on the queue adds its own here. */
export async function registerHandlers(q: Queue, db: Database, transport: Transport = createTransport()): Promise<void> {
  await q.work(QueueName.mail, (data) => deliverMail(data, { database: db, transport }));
  await q.work(QueueName.alertsTick, async () => {
    await removeStalePending(db.db);
    await sendDueDigests(db.db, q);
  });
  await q.schedule(QueueName.alertsTick, '*/15 * * * *');
  await q.work(QueueName.leadWebhook, deliverWebhook);
  // The queue keeps its first name; it now applies every retention period (src/server/retention.ts).
  await q.work(QueueName.applicationsRetention, async () => {
    await applyRetention(db.db);
  });
  await q.schedule(QueueName.applicationsRetention, '17 * * * *');
  // Always: bank transfer orders expire with or without card payments; Stripe is asked only when configured.
  await q.work(QueueName.coursesTick, async () => {
    await expireTransferOrders(db.db, q);
    const provider = paymentProvider();
    if (provider) await reconcileCardOrders(db.db, q, provider);
    await expireUnpaidRegistrations(db.db, q);
  });
  await q.schedule(QueueName.coursesTick, '*/10 * * * *');
}

const instance = processSingleton<Queue>('queue');

/**
 * Starts the process's queue once. `work` makes this process run the handlers: the web process
 * with WORKER=inline, and always the `npm run worker` process.
 */
export function startQueue(work: boolean): Promise<Queue> {
  return instance.get(async () => {
    const db = await database();
    const q = new Queue(db, { work });
    await q.start();
    if (work) await registerHandlers(q, db);
    return q;
  });
}

/** The process's queue, for code that sends jobs. */
export function queue(): Promise<Queue> {
  return startQueue(env().WORKER === 'inline');
}

export function stopQueue(): Promise<void> {
  return instance.clear((q) => q.stop());
}
