import { afterEach, describe, expect, it, vi } from 'vitest';
import { RecentCache } from './recent-cache';

describe('answers kept for a short while', () => {
  afterEach(() => vi.useRealTimers());

  it('are forgotten after their lifetime, and when what they show changed after them', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const cache = new RecentCache<string>(5000, 10);
    cache.set('a', 'first page', Date.now());
    expect(cache.get('a')).toBe('first page');
    expect(cache.get('a', 999_999)).toBe('first page');
    // The jobs changed (on this node or another) after the answer was made: not used.
    expect(cache.get('a', 1_000_000)).toBeUndefined();
    vi.advanceTimersByTime(1);
    cache.set('a', 'first page again', Date.now());
    vi.advanceTimersByTime(4999);
    expect(cache.get('a')).toBe('first page again');
    vi.advanceTimersByTime(1);
    expect(cache.get('a')).toBeUndefined();
  });

  it('count from when their read began, so a change during the read leaves them out', () => {
    vi.useFakeTimers({ now: 2_000_000 });
    const cache = new RecentCache<string>(5000, 10);
    const startedAt = Date.now();
    vi.advanceTimersByTime(20);
    // Another node's change lands while the read is under way; the read ends after it.
    const changedAt = Date.now();
    vi.advanceTimersByTime(20);
    cache.set('a', 'read before the change', startedAt);
    expect(cache.get('a', changedAt)).toBeUndefined();
    // Their lifetime counts from the read's start too.
    cache.set('b', 'page', startedAt);
    vi.advanceTimersByTime(4960);
    expect(cache.get('b')).toBeUndefined();
  });

  it('are not kept when the cache was cleared while they were being made', () => {
    vi.useFakeTimers({ now: 3_000_000 });
    const cache = new RecentCache<string>(5000, 10);
    const startedAt = Date.now();
    vi.advanceTimersByTime(5);
    cache.clear();
    vi.advanceTimersByTime(5);
    cache.set('a', 'read before the change', startedAt);
    expect(cache.get('a')).toBeUndefined();
    // A read begun in the very millisecond of the clear may have come first: not kept either.
    cache.clear();
    cache.set('a', 'same millisecond', Date.now());
    expect(cache.get('a')).toBeUndefined();
    vi.advanceTimersByTime(1);
    cache.set('a', 'after the change', Date.now());
    expect(cache.get('a')).toBe('after the change');
  });

  it('hold at most their size, the oldest leaving first', () => {
    const cache = new RecentCache<number>(60_000, 3);
    for (let i = 0; i < 5; i++) cache.set(`k${i}`, i, Date.now());
    expect(cache.count).toBe(3);
    expect([0, 1, 2, 3, 4].map((i) => cache.get(`k${i}`))).toEqual([undefined, undefined, 2, 3, 4]);
  });
});
