// What the cache of whole pages in front of Next (front-cache.mjs) needs to know of Next's own
// cache, shared by every bundle of the process through globalThis (the server, Next's bundles,
// the API's bundle each load this file on their own):
// - a count of the marks that made cached pages stale (revalidatePath in a request, through
//   page-cache-handler.mjs; a mark applied outside one or from another node, page-marks.ts);
// - for a request the front cache passed on to Next, how many lookups of Next's cache were made in
//   that request. An answer Next gave from a lookup of another request (Next shares one lookup and
//   render between requests for the same page that arrive together) has none: it may have been
//   looked up before a mark this request came after.
import { AsyncLocalStorage } from 'node:async_hooks';

const COUNT = Symbol.for('site.pageChanges.count');
const LOOKUPS = Symbol.for('site.pageChanges.lookups');
/** @type {Record<symbol, any>} */
const shared = globalThis;
/** @type {AsyncLocalStorage<{ lookups: number }>} */
const lookups = (shared[LOOKUPS] ??= new AsyncLocalStorage());

/** How many times cached pages were marked stale in this process. */
export function pageChanges() {
  return /** @type {number} */ (shared[COUNT] ?? 0);
}

/** Cached pages were marked stale: what the front cache holds is no longer current. */
export function pagesChanged() {
  shared[COUNT] = pageChanges() + 1;
}

/** Next's cache is looked up: noted for the request under way, if the front cache follows it. */
export function lookupSeen() {
  const seen = lookups.getStore();
  if (seen) seen.lookups += 1;
}

/**
 * Runs `handle` (Next's handling of one request) noting the lookups it makes.
 * @template T
 * @param {() => T} handle
 * @returns {{ result: T, seen: { lookups: number } }}
 */
export function watchLookups(handle) {
  const seen = { lookups: 0 };
  return { result: lookups.run(seen, handle), seen };
}
