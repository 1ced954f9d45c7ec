import 'server-only';
import { Redis } from 'ioredis';
import { log } from './log';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { env } from './env';
import { AppError } from './errors';

const limiters = new Map<string, RateLimiterAbstract>();

async function limiterOf(name: string, points: number, seconds: number): Promise<RateLimiterAbstract> {
  let limiter = limiters.get(name);
  if (!limiter) limiters.set(name, (limiter = createLimiter(name, points, seconds)));
  await firstConnection;
  return limiter;
}
let redis: Redis | undefined;
/** Settles when the client first connects or fails to: until then limits would count in memory only. */
let firstConnection: Promise<void> = Promise.resolve();

/** One client for every limiter. An outage is logged once, not at each reconnection attempt. */
function sharedRedis(url: string): Redis {
  const client = new Redis(url, { maxRetriesPerRequest: 1, connectTimeout: 1000 });
  let down = false;
  firstConnection = new Promise<void>((resolve) => {
    client.once('ready', () => resolve());
    client.once('error', () => resolve());
    setTimeout(resolve, 1500).unref();
  });
  client.on('error', (err: Error) => {
    if (down) return;
    down = true;
    log().warn({ err: err.message }, 'Redis unreachable: rate limits count per node until it is back');
  });
  client.on('ready', () => {
    down = false;
  });
  return client;
}

/** Senders (addresses or emails) one limit keeps in memory before it forgets some. */
export const MEMORY_KEYS = 10_000;
/** How many of the oldest senders are looked at for one that may be forgotten. */
const FORGET_SCAN = 64;

/**
 * rate-limiter-flexible keeps a record and a timer per key until its window ends, however many
 * keys there are: a flood from as many addresses (an IPv6 range), one request each, would grow
 * the process for an hour. Past MEMORY_KEYS, a new sender makes the first-counted sender still
 * under its limit forgotten (the store is a Map in insertion order). A sender at its limit, such
 * as an account locked after failed sign-ins, is never forgotten this way: when the oldest
 * FORGET_SCAN are all at their limit the store grows instead, which costs the flood as many
 * requests per key as the limit allows.
 */
function boundedMemoryLimiter(name: string, points: number, seconds: number): RateLimiterMemory {
  const limiter = new RateLimiterMemory({ keyPrefix: name, points, duration: seconds });
  const store = (limiter as unknown as { _memoryStorage: MemoryStore })._memoryStorage;
  const set = store.set.bind(store);
  store.set = (key, ...rest) => {
    if (store._storage.size >= MEMORY_KEYS && !store._storage.has(key)) forgetOneUnderLimit(store, points);
    return set(key, ...rest);
  };
  return limiter;
}

function forgetOneUnderLimit(store: MemoryStore, points: number): void {
  let looked = 0;
  for (const [key, record] of store._storage) {
    if (record.value < points) {
      store.delete(key);
      return;
    }
    if (++looked >= FORGET_SCAN) return;
  }
}
type MemoryStore = {
  _storage: Map<string, { value: number }>;
  set: (key: string, value: number, seconds: number) => unknown;
  delete: (key: string) => boolean;
};

function createLimiter(name: string, points: number, seconds: number): RateLimiterAbstract {
  const memory = boundedMemoryLimiter(name, points, seconds);
  const url = env().REDIS_URL;
  if (!url) return memory;
  // Shared by every web node; while Redis is unreachable each node counts on its own, at once
  // (rejectIfRedisNotReady), instead of each request waiting for a reconnection first.
  redis ??= sharedRedis(url);
  return new RateLimiterRedis({
    storeClient: redis,
    keyPrefix: `rl:${name}`,
    points,
    duration: seconds,
    insuranceLimiter: memory,
    rejectIfRedisNotReady: true,
  });
}

/**
 * Counts one use of `name` by `key`; past `points` per `seconds` it throws a 429 with
 * Retry-After. In memory by default; in Redis, shared by all nodes, when REDIS_URL is set.
 */
export async function rateLimit(name: string, key: string, points: number, seconds: number): Promise<void> {
  const limiter = await limiterOf(name, points, seconds);
  try {
    await limiter.consume(key);
  } catch (err) {
    if (!(err instanceof RateLimiterRes)) throw err;
    throw new AppError('rate_limited', 'Too many requests. Please wait before trying again.', {
      retryAfterSeconds: Math.max(1, Math.ceil(err.msBeforeNext / 1000)),
    });
  }
}

/**
 * A lock after repeated failures (a password guessed at): `failed` counts one, `lockedFor` answers
 * the seconds left once `points` failures fell within `seconds` (0 while it is open). Shared by
 * every node through Redis, as rate limits are.
 */
export function failureLock(name: string, points: number, seconds: number) {
  return {
    async lockedFor(key: string): Promise<number> {
      const res = await (await limiterOf(name, points, seconds)).get(key);
      return res && res.consumedPoints >= points ? Math.max(1, Math.ceil(res.msBeforeNext / 1000)) : 0;
    },
    /** Counts a failure; true when it is the one that locks. */
    async failed(key: string): Promise<boolean> {
      return (await (await limiterOf(name, points, seconds)).penalty(key, 1)).consumedPoints === points;
    },
    async reset(key: string): Promise<void> {
      await (await limiterOf(name, points, seconds)).delete(key);
    },
  };
}
