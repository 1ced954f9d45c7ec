import { randomBytes } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';

// With REDIS_URL set for the suite (CI sets it), against that Redis: the limit every node shares.
const redisUrl = process.env.TEST_REDIS_URL;

/** Runs `body` with REDIS_URL set to `url`, and gives the variable back as it was (or unset). */
async function withRedisUrl(url: string, body: () => Promise<void>) {
  const saved = process.env.REDIS_URL;
  process.env.REDIS_URL = url;
  try {
    await body();
  } finally {
    if (saved === undefined) delete process.env.REDIS_URL;
    else process.env.REDIS_URL = saved;
  }
}

describe.runIf(redisUrl)('rate limits in Redis', () => {
  it('count in Redis when REDIS_URL is set, and answer 429 with Retry-After past the limit', () =>
    withRedisUrl(redisUrl!, async () => {
      const { rateLimit } = await import('./rate-limit');
      const key = randomBytes(8).toString('hex');
      for (let i = 0; i < 3; i++) await rateLimit('test-limit', key, 3, 60);
      await expect(rateLimit('test-limit', key, 3, 60)).rejects.toMatchObject({
        status: 429,
        extra: { retryAfterSeconds: expect.any(Number) },
      });
      const { Redis } = await import('ioredis');
      const client = new Redis(redisUrl!);
      expect(Number(await client.get(`rl:test-limit:${key}`))).toBe(4);
      client.disconnect();
    }));
});

describe('rate limits while Redis is down', () => {
  it('count on this node at once, with one Redis client however many limits there are', async () => {
    vi.resetModules();
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(w.name);
    process.on('warning', onWarning);
    try {
      await withRedisUrl('redis://127.0.0.1:1', async () => {
        const { rateLimit } = await import('./rate-limit');
        const started = Date.now();
        for (let i = 0; i < 12; i++) await rateLimit(`down-${i}`, 'k', 5, 60);
        await rateLimit('down-limit', 'k', 2, 60);
        await rateLimit('down-limit', 'k', 2, 60);
        await expect(rateLimit('down-limit', 'k', 2, 60)).rejects.toMatchObject({ status: 429 });
        // Requests do not wait for Redis to come back (ioredis would retry for seconds each).
        expect(Date.now() - started).toBeLessThan(1000);
        await new Promise((r) => setTimeout(r, 50));
        expect(warnings).not.toContain('MaxListenersExceededWarning');
      });
    } finally {
      process.off('warning', onWarning);
    }
  });
});

describe('rate limits in memory', () => {
  it('keep about MEMORY_KEYS senders per limit: a flood from many addresses makes a sender under its limit forgotten, never one at it', async () => {
    vi.resetModules();
    const { rateLimit, MEMORY_KEYS } = await import('./rate-limit');
    const send = (key: string) => rateLimit('test-bounded', key, 2, 3600);
    const refused = (key: string) => expect(send(key)).rejects.toMatchObject({ status: 429 });
    // The first sender reaches its limit (as a locked account does); the second is under it.
    await send('limited');
    await send('limited');
    await refused('limited');
    await send('under');
    for (let i = 0; i < MEMORY_KEYS - 2; i++) await send(`other-${i}`);
    // One sender more: the oldest under its limit ('under') is forgotten, not 'limited'.
    await send('new');
    await refused('limited');
    const recent = `other-${MEMORY_KEYS - 3}`;
    await send(recent);
    await refused(recent);
    // 'under' counts from zero again: two uses pass where one would have.
    await send('under');
    await send('under');
    await refused('under');
  });
});
