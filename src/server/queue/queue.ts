import 'server-only';
import PgBoss from 'pg-boss';
import type { Database, DbOrTx } from '../db/client';
import { log, safeError } from '../log';

/** The infrastructure's own queues; features name theirs in their module (FeatureModule.queues). */
export const QueueName = {
  mail: 'mail-send',
  /** Hourly: every retention period of the privacy policy, each feature's rules (src/server/retention.ts). */
  retention: 'retention',
} as const;

/** The hourly retention job's name until each feature declared its own rules; its schedule is removed at start. */
const RETIRED_SCHEDULES = ['applications-retention'];

/** What a queue's jobs get besides their data. */
interface WorkContext {
  database: Database;
  queue: Queue;
  job: { id: string; retryCount: number };
}

/** A queue of a feature: pg-boss's options for it, its handler and, for ticks, a cron schedule (UTC). */
export interface QueueDefinition {
  name: string;
  /** pg-boss's options; the first retry delay is the queue's own (QueueOptions.retryDelaySeconds). */
  options: Omit<PgBoss.Queue, 'name' | 'retryDelay'>;
  schedule?: string;
  work(data: unknown, ctx: WorkContext): Promise<void>;
}

export interface QueueOptions {
  /** Run handlers in this process (WORKER=inline, or the worker process). */
  work: boolean;
  /** First retry delay in seconds; doubles each time (backoff). */
  retryDelaySeconds?: number;
  /** Seconds between polls for new jobs. */
  pollingIntervalSeconds?: number;
}

export type JobHandler = (data: unknown, job: WorkContext['job']) => Promise<void>;

/** How a queue's jobs are fetched and run in one process. */
export interface WorkOptions {
  /** Jobs fetched at once. */
  batchSize?: number;
  /** Jobs of a batch run at the same time. */
  concurrency?: number;
}

/** Runs `run` over `items`, at most `limit` at a time. */
async function eachLimited<T>(items: readonly T[], limit: number, run: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await run(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

/** pg-boss runs its SQL through this, on PGlite and PostgreSQL alike. */
function bossDb(database: Database): PgBoss.Db {
  return {
    executeSql: (text, values) => (values && values.length > 0 ? database.query(text, values) : database.exec(text)),
  };
}

/**
 * The raw client of a Drizzle transaction, so a job is inserted in the same transaction as
 * the row it belongs to: both are committed or neither is. Drizzle keeps it on the session.
 */
function txDb(tx: DbOrTx): PgBoss.Db {
  const client = (tx as unknown as { session: { client: { query: PgBoss.Db['executeSql'] } } }).session.client;
  return { executeSql: (text, values) => client.query(text, values) };
}

export class Queue {
  private readonly boss: PgBoss;
  private started = false;

  constructor(
    private readonly database: Database,
    private readonly options: QueueOptions,
    /** The features' queues, created at start so that any node can send to them. */
    private readonly definitions: readonly QueueDefinition[] = [],
  ) {
    this.boss = new PgBoss({
      db: bossDb(database),
      // Only nodes that work also run pg-boss's maintenance and cron schedules.
      supervise: options.work,
      schedule: options.work,
      // A job held by a worker that died (killed, its machine gone) is retried once it expires and
      // maintenance sees it: checked every 30 s rather than pg-boss's 120 s, so a mail waits about 3
      // minutes, not 5 (expiry 120 s, this, the first retry delay 30 s).
      maintenanceIntervalSeconds: 30,
    });
    this.boss.on('error', () => {
      // Maintenance errors while the database is briefly down are retried by pg-boss itself.
    });
  }

  /** Whether this process runs the queues' handlers (sends the mails). */
  get working(): boolean {
    return this.options.work;
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
    await this.boss.createQueue(QueueName.retention, {
      name: QueueName.retention,
      policy: 'singleton',
      retryLimit: 2,
      expireInSeconds: 1800,
    });
    for (const name of RETIRED_SCHEDULES) if (this.options.work) await this.boss.unschedule(name).catch(() => undefined);
    await this.define(this.definitions);
    this.started = true;
  }

  /** Creates these queues (again is harmless), so that jobs can be sent to them and worked. */
  async define(definitions: readonly QueueDefinition[]): Promise<void> {
    const retryDelay = this.options.retryDelaySeconds ?? 30;
    for (const d of definitions) await this.boss.createQueue(d.name, { name: d.name, retryDelay, ...d.options });
  }

  /** A cron schedule (UTC) for a queue; pg-boss runs it once per slot across all workers. */
  async schedule(name: string, cron: string): Promise<void> {
    if (this.options.work) await this.boss.schedule(name, cron);
  }

  /** Enqueue a job; pass the transaction that writes the job's data to commit them together. */
  async send(
    name: string,
    data: object,
    opts: { tx?: DbOrTx; singletonKey?: string; priority?: number; startAfter?: Date } = {},
  ): Promise<string | null> {
    return this.boss.send(name, data, {
      ...(opts.tx ? { db: txDb(opts.tx) } : {}),
      // Not before then; a job whose time passed while no worker ran is taken at the next start.
      ...(opts.startAfter ? { startAfter: opts.startAfter } : {}),
      ...(opts.singletonKey ? { singletonKey: opts.singletonKey } : {}),
      ...(opts.priority ? { priority: opts.priority } : {}),
    });
  }

  /** Cancels the jobs not started yet whose key starts with `prefix` (e.g. a subscription's mails). */
  async cancelByKeyPrefix(name: string, prefix: string, opts: { tx?: DbOrTx } = {}): Promise<void> {
    const db = opts.tx ? txDb(opts.tx) : bossDb(this.database);
    const { rows } = await db.executeSql(
      `select id from pgboss.job where name = $1 and state in ('created', 'retry') and singleton_key like $2`,
      [name, `${prefix.replace(/[\\%_]/g, '\\$&')}%`],
    );
    if (rows.length)
      await this.boss.cancel(
        name,
        rows.map((r: { id: string }) => r.id),
        { db },
      );
  }

  /**
   * Erases the jobs with exactly these keys, waiting or done (their data is personal data someone
   * asked us to delete); a job running right now finishes.
   */
  async eraseByKeys(name: string, keys: string[]): Promise<void> {
    if (keys.length === 0) return;
    await this.database.query(`delete from pgboss.job where name = $1 and singleton_key = any($2) and state <> 'active'`, [name, keys]);
    await this.database.query(`delete from pgboss.archive where name = $1 and singleton_key = any($2)`, [name, keys]);
  }

  /** Jobs of a queue that are waiting or running. */
  async unfinishedCount(name: string): Promise<number> {
    const { rows } = await this.database.query(
      `select count(*)::int as n from pgboss.job where name = $1 and state in ('created', 'retry', 'active')`,
      [name],
    );
    return Number(rows[0]?.n ?? 0);
  }

  /**
   * Runs `handler` for the queue's jobs in this process. Each job succeeds or fails on its own,
   * even in a batch; a failure is logged with its attempt and next try. After a fetch that found
   * jobs the next fetch is at once, not after the polling interval, so a backlog drains at the
   * handlers' pace.
   */
  async work(name: string, handler: JobHandler, { batchSize = 1, concurrency = 1 }: WorkOptions = {}): Promise<void> {
    if (!this.options.work) return;
    const workerId: string = await this.boss.work(
      name,
      { batchSize, includeMetadata: true, pollingIntervalSeconds: this.options.pollingIntervalSeconds ?? 2 },
      async (jobs) => {
        // A batch comes back in no particular order: the most urgent first.
        const byPriority = [...jobs].sort((a, b) => b.priority - a.priority);
        await eachLimited(byPriority, concurrency, async (job) => {
          try {
            await handler(job.data, { id: job.id, retryCount: job.retryCount });
          } catch (err) {
            await this.failed(name, job, err);
          }
        });
        if (jobs.length > 0) this.boss.notifyWorker(workerId);
      },
    );
  }

  /** Fails one job (pg-boss retries it later if it has tries left) and says so in the log. */
  private async failed(name: string, job: PgBoss.JobWithMetadata<unknown>, err: unknown): Promise<void> {
    // The job's output keeps what the log keeps: the reason, never the data it was about.
    const reason = safeError(err) as object;
    try {
      await this.boss.fail(name, job.id, reason);
      const after = await this.boss.getJobById(name, job.id);
      const retrying = after?.state === 'retry';
      log().warn(
        { queue: name, job: job.id, attempt: job.retryCount + 1, of: job.retryLimit + 1, nextTry: retrying ? after.startAfter : null, err },
        retrying ? 'job failed, will retry' : 'job failed, no tries left',
      );
    } catch (failErr) {
      // The database is down too: the job stays active until it expires, then pg-boss retries it.
      log().warn(
        { queue: name, job: job.id, attempt: job.retryCount + 1, err, failErr: safeError(failErr) },
        'job failed, retried when it expires',
      );
    }
  }

  /** Stops fetching, lets running handlers finish (up to `timeoutMs`), then returns. */
  async stop(timeoutMs = 8000): Promise<void> {
    if (!this.started) return;
    this.started = false;
    await this.boss.stop({ graceful: true, wait: true, timeout: timeoutMs, close: false });
  }
}
