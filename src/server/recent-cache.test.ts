import { afterEach, describe, expect, it, vi } from 'vitest';
import { RecentCache } from './recent-cache';

describe('answers kept for a short while', () => {
  afterEach(() => vi.useRealTimers());

  it('are forgotten after their lifetime, and when what they show changed after them', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const cache = new RecentCache<string>(5000, 10);
    cache.set('a', 'first page');
    expect(cache.get('a')).toBe('first page');
    expect(cache.get('a', 999_999)).toBe('first page');
    // The jobs changed (on this node or another) after the answer was made: not used.
    expect(cache.get('a', 1_000_000)).toBeUndefined();
    cache.set('a', 'first page again');
    vi.advanceTimersByTime(4999);
    expect(cache.get('a')).toBe('first page again');
    vi.advanceTimersByTime(1);
    expect(cache.get('a')).toBeUndefined();
  });

  it('hold at most their size, the oldest leaving first', () => {
    const cache = new RecentCache<number>(60_000, 3);
    for (let i = 0; i < 5; i++) cache.set(`k${i}`, i);
    expect(cache.count).toBe(3);
    expect([0, 1, 2, 3, 4].map((i) => cache.get(`k${i}`))).toEqual([undefined, undefined, 2, 3, 4]);
  });
});
