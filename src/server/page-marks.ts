import 'server-only';
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { tagsManifest } from 'next/dist/server/lib/incremental-cache/tags-manifest.external';
import { pagesChanged } from '../../scripts/lib/page-changes.mjs';
import { env } from './env';
import { log } from './log';

// Every web node keeps the pages it rendered in its own cache; what is shared, through Redis, is
// the marks that make them stale (decision 037). A mark is written to a hash (for a node that
// starts, or reconnects, later) and published (for the nodes running now), before the change that
// made it is answered. Each node applies the marks of the others to Next's own tag manifest, which
// its cache checks on every read, and drops the pages held in front of Next (front-cache.mjs).

const CHANNEL = 'site:page-marks';
const HASH = 'site:page-marks';
/** Marks older than a day concern no cached page any more (the longest `revalidate` is 5 minutes). */
const KEEP_SECONDS = 86_400;

interface Message {
  node: string;
  /**
   * When the mark was made, on the sender's clock. A receiver applies a mark when it arrives
   * (applyMarks) and only checks that this is a number: it stays in the message for a node of an
   * earlier version during a rolling restart, and in the hash for an operator reading it.
   */
  at: number;
  tags: string[];
}

interface State {
  node: string;
  publisher?: Redis;
  subscriber?: Redis;
}

const key = Symbol.for('site.page-marks');
// On globalThis: Next bundles instrumentation (which listens) and route handlers (which mark) apart.
function state(): State {
  const g = globalThis as Record<symbol, State | undefined>;
  return (g[key] ??= { node: randomUUID() });
}

let warned = false;
function warnOnce(err: unknown) {
  if (warned) return;
  warned = true;
  log().warn({ err: err instanceof Error ? err.message : String(err) }, 'Redis unreachable: page changes reach this node only');
}

function client(url: string): Redis {
  // Fails at once while Redis is down instead of queueing: a save must not wait on it.
  const redis = new Redis(url, { maxRetriesPerRequest: 1, connectTimeout: 1000, enableOfflineQueue: false, lazyConnect: false });
  redis.on('error', warnOnce);
  redis.on('ready', () => (warned = false));
  return redis;
}

async function ready(redis: Redis): Promise<void> {
  if (redis.status === 'ready') return;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('Redis did not answer within 1 s')), 1000);
    redis.once('ready', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/**
 * Sends the marks to every other web node. False without REDIS_URL, or while Redis is unreachable
 * (logged once): the change is saved all the same and the other nodes' copies age out by their
 * `revalidate` period.
 */
export async function shareMarks(tags: string[]): Promise<boolean> {
  const url = env().REDIS_URL;
  if (!url || tags.length === 0) return false;
  const s = state();
  s.publisher ??= client(url);
  const message: Message = { node: s.node, at: Date.now(), tags };
  try {
    await ready(s.publisher);
    await s.publisher
      .multi()
      .hset(HASH, Object.fromEntries(tags.map((t) => [t, String(message.at)])))
      .expire(HASH, KEEP_SECONDS)
      .publish(CHANNEL, JSON.stringify(message))
      .exec();
    return true;
  } catch (err) {
    warnOnce(err);
    return false;
  }
}

/**
 * Makes the pages tagged `tags` and stored here until now stale, as Next's own revalidation does.
 * Now, when the mark arrives, not when it was made on the other node: a page this node rendered
 * from the data before the change, and stored between the change and the mark's arrival, is stale
 * too. (A render still under way when it arrives is not kept: scripts/lib/page-cache-handler.mjs.)
 * The cost is a page rendered again that was already fresh: a render that began after the change.
 */
export function applyMarks(tags: readonly string[]): void {
  const now = Date.now();
  for (const tag of tags) {
    const entry = tagsManifest.get(tag);
    if ((entry?.expired ?? 0) < now) tagsManifest.set(tag, { ...entry, expired: now });
  }
  pagesChanged();
}

/**
 * The web server listens for the other nodes' marks (with REDIS_URL). At each (re)connection it
 * first marks every tag in the hash (kept a day after the last mark), so a node that starts or was
 * cut off misses none.
 */
export async function listenForMarks(): Promise<void> {
  const url = env().REDIS_URL;
  const s = state();
  if (!url || s.subscriber) return;
  const subscriber = (s.subscriber = client(url));
  subscriber.on('message', (_channel: string, text: string) => {
    try {
      const message = JSON.parse(text) as Partial<Message>;
      // Only well-formed marks of other nodes: a tag is a string, a time a number.
      const tags = Array.isArray(message.tags) ? message.tags.filter((t): t is string => typeof t === 'string') : [];
      if (message.node !== s.node && Number.isFinite(message.at) && tags.length) applyMarks(tags);
    } catch (err) {
      log().warn({ err }, 'unreadable page mark ignored');
    }
  });
  subscriber.on('ready', () => {
    void subscriber
      .subscribe(CHANNEL)
      .then(() => catchUp(url))
      .catch(warnOnce);
  });
}

async function catchUp(url: string): Promise<void> {
  const s = state();
  s.publisher ??= client(url);
  await ready(s.publisher);
  // Marks made while this node was not listening: every page they concern is rendered again once.
  applyMarks(Object.keys(await s.publisher.hgetall(HASH)));
}

export async function stopListening(): Promise<void> {
  const s = state();
  const clients = [s.subscriber, s.publisher].filter((c): c is Redis => c !== undefined);
  s.subscriber = s.publisher = undefined;
  await Promise.all(clients.map((c) => c.quit().catch(() => c.disconnect())));
}
