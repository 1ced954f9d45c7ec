import { describe, expect, it, vi } from 'vitest';
import { isChunkLoadError, reloadForChunkError } from './chunk-reload';
import { errorStatus } from './error-status';
import { createProgress, PROGRESS_DELAY_MS, PROGRESS_MAX_MS } from './progress/progress';

describe('error status', () => {
  it('takes statusCode, then status, then the response status, else 500', () => {
    expect(errorStatus({ statusCode: 404, status: 410 })).toBe(404);
    expect(errorStatus({ status: 503 })).toBe(503);
    expect(errorStatus({ response: { status: 429 } })).toBe(429);
    expect(errorStatus(new Error('boom'))).toBe(500);
    expect(errorStatus({ status: 'nonsense' })).toBe(500);
    expect(errorStatus(null)).toBe(500);
  });
});

describe('reload after a failed chunk load', () => {
  it('recognises chunk load errors from the bundlers and browsers', () => {
    expect(isChunkLoadError({ name: 'ChunkLoadError', message: 'x' })).toBe(true);
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /_next/static/chunks/a.js'))).toBe(true);
    expect(isChunkLoadError(new Error('Loading chunk 123 failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });

  it('reloads once, then not again within 60 seconds', () => {
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
    const reload = vi.fn();
    expect(reloadForChunkError(storage, reload, 1_000_000)).toBe(true);
    expect(reloadForChunkError(storage, reload, 1_030_000)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(reloadForChunkError(storage, reload, 1_061_000)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});

describe('progress bar timing', () => {
  it('stays hidden for work shorter than 200 ms', () => {
    vi.useFakeTimers();
    const p = createProgress();
    const done = p.start();
    vi.advanceTimersByTime(PROGRESS_DELAY_MS - 10);
    done();
    vi.advanceTimersByTime(1000);
    expect(p.visible.get()).toBe(false);
    vi.useRealTimers();
  });

  it('shows after 200 ms while any task runs, and gives up after 5 s', () => {
    vi.useFakeTimers();
    const p = createProgress();
    const first = p.start();
    const second = p.start();
    vi.advanceTimersByTime(PROGRESS_DELAY_MS);
    expect(p.visible.get()).toBe(true);
    first();
    expect(p.visible.get()).toBe(true);
    vi.advanceTimersByTime(PROGRESS_MAX_MS);
    expect(p.visible.get()).toBe(false);
    // A stuck task does not keep the bar from showing for the next one.
    const third = p.start();
    vi.advanceTimersByTime(PROGRESS_DELAY_MS);
    expect(p.visible.get()).toBe(true);
    second();
    expect(p.visible.get()).toBe(true);
    third();
    expect(p.visible.get()).toBe(false);
    vi.useRealTimers();
  });
});
