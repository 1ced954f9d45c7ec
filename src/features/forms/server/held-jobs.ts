import 'server-only';
import type { DbOrTx } from '@/server/db';
import { env } from '@/server/env';
import type { Queue } from '@/server/queue/queue';
import { LEAD_WEBHOOK_QUEUE } from './leads-webhook';

// A submission suspected of spam is stored, but what it would have sent (the staff notification,
// the visitor's acknowledgement, the CRM delivery) is kept with it instead of queued: staff who
// release it from the spam folder send exactly those jobs, once (docs/decisions/030).

/** One queue job, as `Queue.send` would have been given it. */
export type HeldJob = { name: string; data: Record<string, unknown>; singletonKey?: string; priority?: number };

/** What the features queue with: the queue itself, or one that holds the jobs. */
export type JobSender = Pick<Queue, 'send'>;

/** A queue that keeps every job it is given in `held` instead of sending it. */
function holdingQueue(): { queue: JobSender; held: HeldJob[] } {
  const held: HeldJob[] = [];
  const queue: JobSender = {
    async send(name, data, opts = {}) {
      held.push({ name, data: data as Record<string, unknown>, singletonKey: opts.singletonKey, priority: opts.priority });
      return null;
    },
  };
  return { queue, held };
}

/**
 * For a submission whose jobs must wait (suspected of spam, or a sign-up whose address is not yet
 * confirmed: `hold` says why), a holding queue; otherwise the real one (and nothing held).
 */
export function queueFor(queue: JobSender, hold: string | null): { queue: JobSender; held: HeldJob[] | null } {
  if (!hold) return { queue, held: null };
  return holdingQueue();
}

/**
 * Sends the jobs held with a released submission, in the caller's transaction (the one that
 * clears its spam mark). The CRM delivery goes to the webhook configured now, or nowhere.
 */
export async function sendHeld(tx: DbOrTx, queue: JobSender, held: readonly HeldJob[]): Promise<void> {
  for (const job of held) {
    let data = job.data;
    if (job.name === LEAD_WEBHOOK_QUEUE) {
      const url = env().LEADS_WEBHOOK_URL;
      if (!url) continue;
      data = { ...data, url };
    }
    await queue.send(job.name, data, { tx, singletonKey: job.singletonKey, priority: job.priority });
  }
}
