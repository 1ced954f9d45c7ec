import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '#tests/eventually';

// Against the suite's Redis (CI sets REDIS_URL): this process is one web node; a raw client
// plays the other nodes and the workers.
const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(redisUrl)('page changes shared through Redis', () => {
  let other: Redis;
  let marks: typeof import('./page-marks');
  beforeAll(async () => {
    process.env.REDIS_URL = redisUrl;
    marks = await import('./page-marks');
    other = new Redis(redisUrl!);
  });
  afterAll(async () => {
    await marks.stopListening();
    other.disconnect();
    process.env.REDIS_URL = '';
  });
  const tag = () => `_N_T_/test-${randomBytes(4).toString('hex')}/page`;

  it('a mark made before this node listens is applied when it starts (a node that restarts misses none)', async () => {
    const early = tag();
    await other.hset('site:page-marks', early, String(Date.now() - 5000));
    // Made while this node was not listening: every page of it this node holds may predate it.
    const listening = Date.now();
    await marks.listenForMarks();
    await eventually(() => expect(marks.markedAt([early])).toBeGreaterThanOrEqual(listening));
  });

  it("another node's mark makes this node's pages of that tag stale, those stored before it arrived too", async () => {
    const t = tag();
    // Made a second ago on the other node; a page stored here since was maybe rendered before it.
    const at = Date.now() - 1000;
    const sent = Date.now();
    await eventually(async () => {
      await other.publish('site:page-marks', JSON.stringify({ node: 'another-node', at, tags: [t] }));
      expect(marks.markedAt([t])).toBeGreaterThanOrEqual(sent);
    });
  });

  it('a mark from a clock ahead of this one is not put in the future', async () => {
    const t = tag();
    await other.publish('site:page-marks', JSON.stringify({ node: 'another-node', at: Date.now() + 60_000, tags: [t] }));
    await eventually(() => expect(marks.markedAt([t])).toBeLessThanOrEqual(Date.now()));
  });

  it('a message that is not a well-formed mark changes nothing, and the marks after it still apply', async () => {
    const [noTime, mixed, after] = [tag(), tag(), tag()];
    const at = Date.now() - 2000;
    const sent = Date.now();
    await other.publish('site:page-marks', 'not json');
    await other.publish('site:page-marks', JSON.stringify({ node: 'another-node', at: 'soon', tags: [noTime] }));
    await other.publish('site:page-marks', JSON.stringify({ node: 'another-node', at, tags: [mixed, 42, { tag: after }] }));
    await other.publish('site:page-marks', JSON.stringify({ node: 'another-node', at, tags: after }));
    await other.publish('site:page-marks', JSON.stringify({ node: 'another-node', at, tags: [after] }));
    // Messages arrive in order: once the last one is applied, the ones before it have been read.
    await eventually(() => expect(marks.markedAt([after])).toBeGreaterThanOrEqual(sent));
    expect(marks.markedAt([noTime])).toBe(0);
    expect(marks.markedAt([mixed])).toBeGreaterThanOrEqual(sent);
  });

  it("this node's marks reach the others before markPages returns, and stay for a node that starts later", async () => {
    const t = tag();
    const listener = new Redis(redisUrl!);
    const received: string[] = [];
    listener.on('message', (_c: string, text: string) => received.push(text));
    await listener.subscribe('site:page-marks');
    const before = Date.now();
    await expect(marks.markPages([t])).resolves.toBe(true);
    await eventually(() => expect(received.some((m) => (JSON.parse(m) as { tags: string[] }).tags.includes(t))).toBe(true));
    expect(Number(await other.hget('site:page-marks', t))).toBeGreaterThanOrEqual(before);
    expect(await other.ttl('site:page-marks')).toBeGreaterThan(86_000);
    listener.disconnect();
  });
});

describe('page changes while Redis is down', () => {
  it('are not shared, at once, and the caller goes on', async () => {
    const saved = process.env.REDIS_URL;
    process.env.REDIS_URL = 'redis://127.0.0.1:1';
    try {
      const { vi } = await import('vitest');
      vi.resetModules();
      const marks = await import('./page-marks');
      const started = Date.now();
      await expect(marks.markPages(['_N_T_/down/page'])).resolves.toBe(false);
      expect(Date.now() - started).toBeLessThan(2000);
      await marks.stopListening();
    } finally {
      process.env.REDIS_URL = saved;
    }
  });
});
