import 'server-only';
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { gt, sql } from 'drizzle-orm';
import { database } from './db';
import { env } from './env';
import { log } from './log';
import { pageMarks } from './page-marks-table';

// Every web node keeps the pages it rendered in its own memory (src/server/page-cache-handler.ts);
// what is shared is the marks that make them stale (decision 061). A mark says "the pages of this
// tag stored before now are stale". It is made here in the process that changed the data (a web
// node, a worker) and reaches every other node before the change is answered where Redis is
// configured (a hash for a node that starts later, and a message for the nodes running now), or
// within a second through the database's `page_marks` table where it is not.
//
// The marks this process knows are on globalThis: Next loads the cache handler on its own, and
// bundles instrumentation (which listens) and route handlers (which mark) apart.

const CHANNEL = 'site:page-marks';
const HASH = 'site:page-marks';
/** Marks older than a day concern no cached page any more (the longest `revalidate` is an hour). */
const KEEP_SECONDS = 86_400;
/** How often a node without Redis reads the marks made by the others. */
export const POLL_MS = 1000;

interface Message {
  node: string;
  /** When the mark was made, on the sender's clock; only checked to be a number (see applyMarks). */
  at: number;
  tags: string[];
}

interface State {
  node: string;
  /** Tag → when this process learnt the pages of it stored until then are stale. */
  marks: Map<string, number>;
  /** For the cache handler's revalidateTag (Next's revalidatePath in a request). */
  mark: (tags: readonly string[]) => Promise<boolean>;
  publisher?: Redis;
  subscriber?: Redis;
  poller?: NodeJS.Timeout;
}

/** Read by the cache handler, which cannot import this module (Next loads it on its own). */
export const MARKS_KEY = Symbol.for('site.page-marks');

function state(): State {
  const g = globalThis as Record<symbol, State | undefined>;
  return (g[MARKS_KEY] ??= { node: randomUUID(), marks: new Map(), mark: markPages });
}

/** The latest mark of these tags known here, 0 when none was made. */
export function markedAt(tags: readonly string[]): number {
  const { marks } = state();
  let last = 0;
  for (const tag of tags) last = Math.max(last, marks.get(tag) ?? 0);
  return last;
}

/**
 * The pages of these tags stored here until now are stale. Now, when the mark arrives, not when it
 * was made elsewhere: a page this node rendered from the data before the change, and stored
 * between the change and the mark's arrival, is stale too. The cost is a page rendered again that
 * was already fresh.
 */
export function applyMarks(tags: readonly string[]): void {
  const { marks } = state();
  const now = Date.now();
  for (const tag of tags) if ((marks.get(tag) ?? 0) < now) marks.set(tag, now);
}

let warned = false;
function warnOnce(err: unknown) {
  if (warned) return;
  warned = true;
  log().warn({ err: err instanceof Error ? err.message : String(err) }, 'page marks not shared: page changes reach this node only');
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
 * Marks the pages of these tags stale here and on every other web node. False when the mark could
 * not be shared (Redis or the database unreachable, logged once): the change is saved all the same
 * and the other nodes' copies age out by their `revalidate` period.
 */
export async function markPages(tags: readonly string[]): Promise<boolean> {
  if (tags.length === 0) return false;
  applyMarks(tags);
  const url = env().REDIS_URL;
  try {
    if (url) await publish(url, tags);
    else await record(tags);
    return true;
  } catch (err) {
    warnOnce(err);
    return false;
  }
}

async function publish(url: string, tags: readonly string[]): Promise<void> {
  const s = state();
  s.publisher ??= client(url);
  const message: Message = { node: s.node, at: Date.now(), tags: [...tags] };
  await ready(s.publisher);
  await s.publisher
    .multi()
    .hset(HASH, Object.fromEntries(tags.map((t) => [t, String(message.at)])))
    .expire(HASH, KEEP_SECONDS)
    .publish(CHANNEL, JSON.stringify(message))
    .exec();
}

async function record(tags: readonly string[]): Promise<void> {
  const { db } = await database();
  await db
    .insert(pageMarks)
    // The time of the write, not of its transaction's start: a poll that has read past it misses none.
    .values(tags.map((tag) => ({ tag, markedAt: sql`clock_timestamp()` })))
    .onConflictDoUpdate({ target: pageMarks.tag, set: { markedAt: sql`clock_timestamp()` } });
}

/**
 * The web server applies the marks of the other nodes and the workers: from Redis's channel (at
 * each (re)connection it first applies every tag of the hash, so a node that starts or was cut off
 * misses none), or, without Redis, from the database every POLL_MS (at start, every mark of the
 * last day).
 */
export async function listenForMarks(): Promise<void> {
  const url = env().REDIS_URL;
  const s = state();
  if (s.subscriber || s.poller) return;
  if (!url) return pollMarks(s);
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
  applyMarks(Object.keys(await s.publisher.hgetall(HASH)));
}

async function pollMarks(s: State): Promise<void> {
  // The database's clock dates the marks, so the nodes' clocks need not agree.
  let since = new Date(Date.now() - KEEP_SECONDS * 1000);
  const read = async () => {
    const { db } = await database();
    const rows = await db.select().from(pageMarks).where(gt(pageMarks.markedAt, since));
    for (const row of rows) if (row.markedAt > since) since = row.markedAt;
    applyMarks(rows.map((r) => r.tag));
  };
  await read().catch(warnOnce);
  s.poller = setInterval(() => void read().catch(warnOnce), POLL_MS);
  s.poller.unref();
}

export async function stopListening(): Promise<void> {
  const s = state();
  clearInterval(s.poller);
  const clients = [s.subscriber, s.publisher].filter((c): c is Redis => c !== undefined);
  s.subscriber = s.publisher = s.poller = undefined;
  await Promise.all(clients.map((c) => c.quit().catch(() => c.disconnect())));
}
