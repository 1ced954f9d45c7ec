import 'server-only';
import PgBoss from 'pg-boss';
import type { Database, DbOrTx } from '../db/client';

/** Queue names; each has one handler registered by the worker. */
export const QueueName = {
  mail: 'mail-send',
  /** Every 15 minutes: job alert digests that are due, and clean-up of unconfirmed alerts. */
  alertsTick: 'alerts-tick',
  /** A lead posted to the CRM webhook. */
  leadWebhook: 'lead-webhook',
  /** Hourly: every retention period of the privacy policy (src/server/retention.ts); named when it was the applications' only. */
  applicationsRetention: 'applications-retention',
  /** Every 10 minutes: card orders whose payment webhook never came are checked with Stripe. */
  coursesTick: 'courses-tick',
} as const;
export type QueueName = (typeof QueueName)[keyof typeof QueueName];

export interface QueueOptions {
  /** Run handlers in this process (WORKER=inline, or the worker process). */
  work: boolean;
  /** First retry delay in seconds; doubles each time (backoff). */
  retryDelaySeconds?: number;
  /** Seconds between polls for new jobs. */
  pollingIntervalSeconds?: number;
}

export type JobHandler = (data: unknown, job: { id: string; retryCount: number }) => Promise<void>;

/** pg-boss runs its SQL through this, on PGlite and PostgreSQL alike. */
function bossDb(database: Database): PgBoss.Db {
  return {
    executeSql: (text, values) =>
      values && values.length > 0 ? database.query(text, values) : database.exec(text),
  };
}

/**
 * The raw client of a Drizzle transaction, so a job is inserted in the same transaction as
 * the row it belongs to: both are committed or neither is. Drizzle keeps it on the session.
 */
function txDb(tx: DbOrTx): PgBoss.Db {
  const client = (tx as unknown as { session: { client: { query: PgBoss.Db['executeSql'] } } }).session
    .client;
  return { executeSql: (text, values) => client.query(text, values) };
}

export class Queue {
  private readonly boss: PgBoss;
  private started = false;

  constructor(
    private readonly database: Database,
    private readonly options: QueueOptions,
  ) {
    this.boss = new PgBoss({
      db: bossDb(database),
      // Only nodes that work also run pg-boss's maintenance and cron schedules.
      supervise: options.work,
      schedule: options.work,
    });
    this.boss.on('error', () => {
      // Maintenance errors while the database is briefly down are retried by pg-boss itself.
    });
  }

  async start(): Promise<void> {
    if (this.started) return;
    await this.boss.start();
    const retryDelay = this.options.retryDelaySeconds ?? 30;
    // 12 retries with backoff from 30 s cover an SMTP outage of about a day. The 'singleton'
    // policy never runs two jobs with the same key at once, so two workers cannot both send
    // the same mail (jobs carry the mail's idempotency key as singletonKey).
    await this.boss.createQueue(QueueName.mail, {
      name: QueueName.mail,
      policy: 'singleton',
      retryLimit: 12,
      retryDelay,
      retryBackoff: true,
      expireInSeconds: 120,
      retentionDays: 14,
    });
    await this.boss.createQueue(QueueName.leadWebhook, { name: QueueName.leadWebhook, retryLimit: 12, retryDelay, retryBackoff: true, expireInSeconds: 60, retentionDays: 14 });
    // A tick that fails is simply the next tick's work: no retries pile up.
    await this.boss.createQueue(QueueName.alertsTick, { name: QueueName.alertsTick, policy: 'singleton', retryLimit: 0, expireInSeconds: 600 });
    await this.boss.createQueue(QueueName.applicationsRetention, { name: QueueName.applicationsRetention, policy: 'singleton', retryLimit: 2, expireInSeconds: 1800 });
    await this.boss.createQueue(QueueName.coursesTick, { name: QueueName.coursesTick, policy: 'singleton', retryLimit: 0, expireInSeconds: 600 });
    this.started = true;
  }

  /** A cron schedule (UTC) for a queue; pg-boss runs it once per slot across all workers. */
  async schedule(name: QueueName, cron: string): Promise<void> {
    if (this.options.work) await this.boss.schedule(name, cron);
  }

  /** Enqueue a job; pass the transaction that writes the job's data to commit them together. */
  async send(name: QueueName, data: object, opts: { tx?: DbOrTx; singletonKey?: string } = {}): Promise<string | null> {
    return this.boss.send(name, data, {
      ...(opts.tx ? { db: txDb(opts.tx) } : {}),
      ...(opts.singletonKey ? { singletonKey: opts.singletonKey } : {}),
    });
  }

  /** Cancels the jobs not started yet whose key starts with `prefix` (e.g. a subscription's mails). */
  async cancelByKeyPrefix(name: QueueName, prefix: string, opts: { tx?: DbOrTx } = {}): Promise<void> {
    const db = opts.tx ? txDb(opts.tx) : bossDb(this.database);
    const { rows } = await db.executeSql(`select id from pgboss.job where name = $1 and state in ('created', 'retry') and singleton_key like $2`, [
      name,
      `${prefix.replace(/[\\%_]/g, '\\$&')}%`,
    ]);
    if (rows.length) await this.boss.cancel(name, rows.map((r: { id: string }) => r.id), { db });
  }

  /**
   * Erases the jobs with exactly these keys, waiting or done (their data is personal data someone
   * asked us to delete); a job running right now finishes.
   */
  async eraseByKeys(name: QueueName, keys: string[]): Promise<void> {
    if (keys.length === 0) return;
    await this.database.query(`delete from pgboss.job where name = $1 and singleton_key = any($2) and state <> 'active'`, [name, keys]);
    await this.database.query(`delete from pgboss.archive where name = $1 and singleton_key = any($2)`, [name, keys]);
  }

  /** Jobs of a queue that are waiting or running. */
  async unfinishedCount(name: QueueName): Promise<number> {
    const { rows } = await this.database.query(`select count(*)::int as n from pgboss.job where name = $1 and state in ('created', 'retry', 'active')`, [name]);
    return Number(rows[0]?.n ?? 0);
  }

  async work(name: QueueName, handler: JobHandler): Promise<void> {
    if (!this.options.work) return;
    await this.boss.work(
      name,
      { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: this.options.pollingIntervalSeconds ?? 2 },
      async ([job]) => {
        if (job) await handler(job.data, { id: job.id, retryCount: job.retryCount });
      },
    );
  }

  /** Stops fetching, lets running handlers finish (up to `timeoutMs`), then returns. */
  async stop(timeoutMs = 8000): Promise<void> {
    if (!this.started) return;
    this.started = false;
    await this.boss.stop({ graceful: true, wait: true, timeout: timeoutMs, close: false });
  }
}
