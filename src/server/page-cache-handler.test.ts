import { describe, expect, it } from 'vitest';
import PageCacheHandler from './page-cache-handler.ts';

// The handler as Next uses it: a new instance per request, the same pages behind them all, and
// the marks of page-marks.ts on globalThis.
const MARKS = Symbol.for('site.page-marks');
const marks = () => ((globalThis as Record<symbol, { marks: Map<string, number> }>)[MARKS] ??= { marks: new Map() }).marks;
const page = (html: string, tags: string) => ({
  kind: 'APP_PAGE',
  html,
  rscData: Buffer.from('x'),
  headers: { 'x-next-cache-tags': tags },
});
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the cache of rendered pages', () => {
  it('answers a stored page until one of its tags is marked, then nothing (the next visit renders it)', async () => {
    const key = `/sp/jobs/all-${Math.random()}`;
    await new PageCacheHandler().get(key);
    await new PageCacheHandler().set(key, page('<p>1</p>', '_N_T_/layout,_N_T_/[locale]/jobs/[dashboard]/page'));
    expect((await new PageCacheHandler().get(key))?.value.html).toBe('<p>1</p>');
    await sleep(2);
    marks().set('_N_T_/[locale]/training/page', Date.now());
    expect((await new PageCacheHandler().get(key))?.value.html).toBe('<p>1</p>'); // another route's mark
    marks().set('_N_T_/[locale]/jobs/[dashboard]/page', Date.now());
    expect(await new PageCacheHandler().get(key)).toBeNull();
  });

  it('dates a page from when its render began: a mark made during the render makes it stale', async () => {
    const key = `/jobs/all/specs/${Math.random()}`;
    const tag = `_N_T_/test-${Math.random()}/page`;
    await new PageCacheHandler().get(key); // Next looks the page up, then renders it
    await sleep(2);
    marks().set(tag, Date.now()); // a change is committed and marked while the render runs
    await sleep(2);
    await new PageCacheHandler().set(key, page('<p>before the change</p>', tag));
    expect(await new PageCacheHandler().get(key)).toBeNull();
  });

  it('keeps to its size, the least recently used going first', async () => {
    const handler = new PageCacheHandler({ maxMemoryCacheSize: 3000 });
    const keys = ['/a', '/b', '/c'].map((k) => `${k}-${Math.random()}`);
    for (const key of keys) await handler.set(key, page('x'.repeat(1000), '_N_T_/x'));
    expect(await handler.get(keys[0]!)).toBeNull();
    expect(await handler.get(keys[2]!)).not.toBeNull();
    await handler.set('/huge', page('x'.repeat(5000), '_N_T_/x'));
    expect(await handler.get('/huge')).toBeNull();
  });
});
