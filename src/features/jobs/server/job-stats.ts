import 'server-only';
import { database, type DbOrTx } from '@/server/db';
import { log } from '@/server/log';
import { JOB_COUNTER, type JobCounterHook, type JobEvent } from '../job-visit';
import { addDailyCounts, findDailyCounts, type DailyCount } from './job-stats-repository';

const FLUSH_EVERY_MS = 5_000;
/** Job and day pairs held between two writes; a flood of made-up ids cannot grow it past this. */
const MAX_KEYS = 10_000;

/**
 * Page views and apply clicks, added up in memory and written every few seconds in one statement,
 * so a busy job page costs no write per visit. What is held when the process dies without
 * stopping (a crash, a kill -9) is lost: a few seconds of counts. When the database cannot be
 * written the counts wait for the next write, within the same bound.
 */
export class JobCounter {
  private counts = new Map<string, DailyCount>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly write: (counts: DailyCount[]) => Promise<void>,
    private readonly maxKeys = MAX_KEYS,
  ) {}

  count(jobId: string, event: JobEvent, at = new Date()): void {
    this.add({ jobId, day: at.toISOString().slice(0, 10), views: event === 'view' ? 1 : 0, applyClicks: event === 'apply' ? 1 : 0 });
  }

  private add(c: DailyCount): void {
    const key = `${c.day} ${c.jobId}`;
    const held = this.counts.get(key);
    if (held) {
      held.views += c.views;
      held.applyClicks += c.applyClicks;
    } else if (this.counts.size < this.maxKeys) this.counts.set(key, { ...c });
  }

  /** Writes what is held; one write at a time, the next one waits for it. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      if (this.counts.size === 0) return;
      const batch = [...this.counts.values()];
      this.counts = new Map();
      try {
        await this.write(batch);
      } catch (err) {
        for (const c of batch) this.add(c);
        log().warn({ err, held: this.counts.size }, 'job stats not written; kept for the next write');
      }
    });
    return this.flushing;
  }

  start(): void {
    this.timer ??= setInterval(() => void this.flush(), FLUSH_EVERY_MS);
    // Never what keeps the process alive.
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
  }
}

const slot = globalThis as Record<symbol, JobCounterHook | undefined>;
let running: JobCounter | undefined;

/** Starts counting in this process: the proxy and the API reach the counter through globalThis. */
export function startJobCounter(): void {
  if (running) return;
  running = new JobCounter(async (counts) => addDailyCounts((await database()).db, counts));
  running.start();
  const counter = running;
  slot[JOB_COUNTER] = (jobId, event) => counter.count(jobId, event);
}

/** Stops counting and writes what is held (the server's shutdown, before the database closes). */
export async function stopJobCounter(): Promise<void> {
  const counter = running;
  running = undefined;
  delete slot[JOB_COUNTER];
  await counter?.stop();
}

export interface JobDailyStats {
  /** Days with a view or a click, newest first (YYYY-MM-DD, UTC); days without any are left out. */
  days: { day: string; views: number; applyClicks: number }[];
  totals: { views: number; applyClicks: number };
}

/** A job's views and apply clicks per day over the last `days` days, today (UTC) included. */
export async function jobDailyStats(db: DbOrTx, jobId: string, days = 30): Promise<JobDailyStats> {
  const rows = await findDailyCounts(db, jobId, days);
  return {
    days: rows,
    totals: rows.reduce((t, r) => ({ views: t.views + r.views, applyClicks: t.applyClicks + r.applyClicks }), { views: 0, applyClicks: 0 }),
  };
}
