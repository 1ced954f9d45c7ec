import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { nodeFs } from 'next/dist/server/lib/node-fs-methods';
import { describe, expect, it, vi } from 'vitest';
import PageCacheHandler, { lookupsRemembered, MAX_LOOKUPS } from './page-cache-handler.mjs';
import { pageChanges, watchLookups } from './page-changes.mjs';

// As Next's server makes it: memory first, then the files under .next.
const cache = new PageCacheHandler({
  fs: nodeFs,
  flushToDisk: true,
  serverDistDir: mkdtempSync(path.join(tmpdir(), 'page-cache-')),
  maxMemoryCacheSize: 8 * 1024 * 1024,
  revalidatedTags: [],
});
const memory = (PageCacheHandler as unknown as { memoryCache: { remove(key: string): void } }).memoryCache;
const ctx = { kind: 'APP_PAGE', isRoutePPREnabled: false, isFallback: false };
let n = 0;

/** A job page as Next's render leaves it: its tags name its route (what revalidatePath marks). */
function jobPage(title: string) {
  const route = `_N_T_/[locale]/jobs/[dashboard]/specs/[id]/page-${++n}`;
  const value = {
    kind: 'APP_PAGE',
    html: `<h1>${title}</h1>`,
    rscData: Buffer.from(title),
    status: 200,
    postponed: undefined,
    segmentData: undefined,
    headers: { 'x-next-cache-tags': `_N_T_/layout,${route}` },
  };
  return { key: `/sp/jobs/all/specs/${n}`, route, value };
}
const html = async (key: string) => ((await cache.get(key, ctx))?.value as { html?: string } | undefined)?.html;

describe("the cache of rendered pages (Next's, in memory and on disk)", () => {
  it('does not serve as fresh a render that a change marked stale while it ran', async () => {
    const { key, route, value } = jobPage('Compiler engineer');
    expect(await cache.get(key, ctx)).toBeNull(); // the render begins
    await sleep(5);
    await cache.revalidateTag([route]); // the job changes and its pages are marked
    await sleep(5);
    await cache.set(key, value, ctx); // the render, which read the old job, ends
    expect(await cache.get(key, ctx)).toBeNull();
  });

  it('nor one whose mark arrives in the millisecond it was stored, in memory or read back from disk', async () => {
    const { key, route, value } = jobPage('Compiler engineer');
    // The clock of dates, stopped a second back: store and mark fall in the same millisecond.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() - 1000 });
    try {
      await cache.get(key, ctx);
      vi.advanceTimersByTime(5);
      await cache.set(key, value, ctx);
      await cache.revalidateTag([route]); // another node's change, arriving at that moment
    } finally {
      vi.useRealTimers();
    }
    expect(await cache.get(key, ctx)).toBeNull();
    memory.remove(key);
    expect(await cache.get(key, ctx)).toBeNull();
  });

  it('keeps a render begun after the mark, and one no mark overtook, in memory and on disk', async () => {
    const marked = jobPage('Compiler engineer (lead)');
    await cache.revalidateTag([marked.route]);
    await sleep(2);
    expect(await cache.get(marked.key, ctx)).toBeNull();
    await cache.set(marked.key, marked.value, ctx);
    expect(await html(marked.key)).toBe('<h1>Compiler engineer (lead)</h1>');

    const quiet = jobPage('Data engineer');
    await cache.get(quiet.key, ctx);
    await cache.set(quiet.key, quiet.value, ctx);
    memory.remove(quiet.key);
    expect(await html(quiet.key)).toBe('<h1>Data engineer</h1>');
  });

  it('never makes the previous page fresh again when the new one is too large to keep in memory', async () => {
    const { key, route, value } = jobPage('Compiler engineer');
    await cache.get(key, ctx);
    await cache.set(key, value, ctx);
    await sleep(2);
    await cache.revalidateTag([route]);
    await sleep(2);
    await cache.get(key, ctx);
    // Larger than the whole memory cache (8 MB here): Next's memory keeps the previous, marked one.
    await cache.set(key, { ...value, html: `<h1>Compiler engineer (lead)</h1>${' '.repeat(9 * 1024 * 1024)}` }, ctx);
    expect(await html(key)).not.toBe('<h1>Compiler engineer</h1>');
  });

  it('remembers a bounded number of lookups: every address asked for is one', async () => {
    for (let i = 0; i < MAX_LOOKUPS + 50; i++) await cache.get(`/jobs/all/specs/unknown-${i}`, ctx);
    expect(lookupsRemembered()).toBe(MAX_LOOKUPS);
  });

  it('tells the pages in front of Next of each mark, and of each lookup made by the request it serves', async () => {
    const { key, route } = jobPage('Compiler engineer');
    const before = pageChanges();
    await cache.revalidateTag([route]);
    expect(pageChanges()).toBe(before + 1);
    const { result, seen } = watchLookups(() => cache.get(key, ctx));
    await result;
    expect(seen.lookups).toBe(1);
    await cache.get(key, ctx); // another request's, not watched
    expect(seen.lookups).toBe(1);
  });
});

describe("the lookups seen by a request, through Next's response cache", () => {
  it('are the lookups of that request only: one that joins a lookup under way for the same page sees none', async () => {
    const { default: ResponseCache } = (await import('next/dist/server/response-cache/index.js')) as unknown as {
      default: new (o: { minimalMode: boolean; route: { kind: string } }) => {
        get(key: string, generate: () => Promise<unknown>, ctx: Record<string, unknown>): Promise<unknown>;
      };
    };
    const responses = new ResponseCache({ minimalMode: false, route: { kind: 'APP_PAGE' } });
    const { key } = jobPage('Compiler engineer');
    // Next's incremental cache as the server passes it: the lookup is this handler's.
    const incrementalCache = {
      get: async (k: string, c: typeof ctx) => {
        const found = await cache.get(k, c);
        await sleep(20);
        return found;
      },
      set: async () => {},
    };
    const generate = async () => ({ value: null, cacheControl: undefined });
    const first = watchLookups(() => responses.get(key, generate, { incrementalCache }));
    await sleep(5);
    const second = watchLookups(() => responses.get(key, generate, { incrementalCache }));
    await Promise.all([first.result, second.result]);
    expect([first.seen.lookups, second.seen.lookups]).toEqual([1, 0]);
    const third = watchLookups(() => responses.get(key, generate, { incrementalCache }));
    await third.result;
    expect(third.seen.lookups).toBe(1);
  });
});
