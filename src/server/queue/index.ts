import 'server-only';
import { database } from '../db';
import type { Database } from '../db/client';
import { env } from '../env';
import { AppError, isOutage } from '../errors';
import { log } from '../log';
import { processSingleton } from '../singleton';
import { deliverMail } from '../mail/mail';
import { applyRetention } from '../retention';
import { createTransport, type Transport } from '../mail/transport';
import { features } from '../features';
import { Queue, QueueName, type QueueDefinition } from './queue';

export { Queue, QueueName } from './queue';

/** The queues the installed features declare. */
function featureQueues(): QueueDefinition[] {
  return features().flatMap((f) => f.queues ?? []);
}

/** Registers every queue handler: the mail and retention jobs, then each feature's queues and ticks. */
export async function registerHandlers(q: Queue, db: Database, transport: Transport = createTransport()): Promise<void> {
  // Mails in batches, several at once: a digest to thousands drains in minutes, not hours.
  await q.work(QueueName.mail, (data) => deliverMail(data, { database: db, transport }), MAIL_WORK);
  await q.work(QueueName.retention, async () => {
    await applyRetention(db.db);
  });
  await q.schedule(QueueName.retention, '17 * * * *');
  await q.define(featureQueues());
  for (const definition of featureQueues()) {
    await q.work(definition.name, (data, job) => definition.work(data, { database: db, queue: q, job }));
    if (definition.schedule) await q.schedule(definition.name, definition.schedule);
  }
}

/**
 * Per worker process: mails fetched at once, all sent at the same time. pg-boss gives a batch as
 * a whole the queue's expiry (120 s): a batch larger than what runs at once could outlast it while
 * SMTP is slow, and its jobs would be retried while still being sent.
 */
const MAIL_WORK = { batchSize: 10, concurrency: 10 };

const instance = processSingleton<Queue>('queue');

/**
 * Starts the process's queue once. `work` makes this process run the handlers: the web process
 * with WORKER=inline, and always the `npm run worker` process.
 */
export function startQueue(work: boolean): Promise<Queue> {
  return instance.get(async () => {
    const db = await database();
    const q = new Queue(db, { work }, featureQueues());
    await q.start();
    if (work) {
      surviveOutagesOfCompletions();
      await registerHandlers(q, db);
    }
    return q;
  });
}

const surviving = Symbol.for('site.queue-outages');

/**
 * pg-boss 10 marks a job done (or failed) without waiting on the query: while the database is
 * down that query's rejection is unhandled, and Node would end the process. Such a rejection is
 * logged and the process goes on (the job expires and is retried; a mail already sent is not sent
 * again, mail.ts). Any other unhandled rejection still ends the process, as Node's default does,
 * unless another listener (Next's, in the web server) handles it.
 */
function surviveOutagesOfCompletions(): void {
  const g = globalThis as Record<symbol, boolean | undefined>;
  if (g[surviving]) return;
  g[surviving] = true;
  const onRejection = (reason: unknown) => {
    if (isOutage(reason)) {
      log().warn(
        { err: reason instanceof Error ? reason.message : String(reason) },
        'database unreachable: a job is retried when it expires',
      );
      return;
    }
    if (process.listeners('unhandledRejection').length > 1) return;
    console.error(reason);
    process.exit(1);
  };
  process.on('unhandledRejection', onRejection);
}

/** The process's queue, for code that sends jobs. */
export function queue(): Promise<Queue> {
  return startQueue(env().WORKER === 'inline');
}

/** Makes `queue()` fail with `reason` in this process: an operator command run where mails must not be queued. */
export function refuseQueue(reason: string): void {
  instance.refuse(new AppError('conflict', reason));
}

/**
 * For a process that is about to stop (an operator command run without the site's server): if it
 * started a working queue, lets the mails it queued leave first, for up to `ms`. A mail that fails
 * (or waits for a retry) stays queued for the next worker.
 */
export async function letMailsLeave(ms = 60_000): Promise<void> {
  const started = await instance.peek()?.catch(() => undefined);
  if (!started?.working) return;
  const deadline = Date.now() + ms;
  while (Date.now() < deadline && (await started.unfinishedCount(QueueName.mail)) > 0) await new Promise((r) => setTimeout(r, 500));
}

export function stopQueue(): Promise<void> {
  return instance.clear((q) => q.stop());
}
