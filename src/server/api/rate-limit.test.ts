import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';

// With REDIS_URL set for the suite (CI sets it), against that Redis: the limit every node shares.
const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(redisUrl)('rate limits in Redis', () => {
  it('count in Redis when REDIS_URL is set, and answer 429 with Retry-After past the limit', async () => {
    process.env.REDIS_URL = redisUrl;
    const { rateLimit } = await import('./rate-limit');
    const key = randomBytes(8).toString('hex');
    for (let i = 0; i < 3; i++) await rateLimit('test-limit', key, 3, 60);
    await expect(rateLimit('test-limit', key, 3, 60)).rejects.toMatchObject({ status: 429, extra: { retryAfterSeconds: expect.any(Number) } });
    const { Redis } = await import('ioredis');
    const client = new Redis(redisUrl!);
    expect(Number(await client.get(`rl:test-limit:${key}`))).toBe(4);
    client.disconnect();
  });
});
