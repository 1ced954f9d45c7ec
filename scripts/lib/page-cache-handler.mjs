// Next's own cache of rendered pages (its file-system cache: memory, then .next on disk), with one
// change: a page is dated from when its render began, not from when it was stored.
//
// A cached page counts as stale once one of its tags was marked after its date (revalidatePath,
// page-cache.ts; a mark from another node, page-marks.ts). Next dates a page when it stores it. A
// render that read the database before a change was committed, and is stored after that change's
// mark, or in the same millisecond as the mark, would be dated after the mark: the old page would
// be served as fresh for its whole lifetime (five minutes for a job page). Next looks a page up in
// this cache just before it renders it, and renders one page at a time per address, so the time of
// that lookup is when the render began; the page is dated a millisecond before it, so a mark in the
// lookup's own millisecond counts as later (decision 043).
import { utimes } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { lookupSeen, pagesChanged } from './page-changes.mjs';

// Required, not imported: the same CommonJS module Next's server uses, whatever loads this file.
const require = createRequire(import.meta.url);
const { default: FileSystemCache } = require('next/dist/server/lib/incremental-cache/file-system-cache.js');

// Lookups not (yet) followed by a render: every address asked for is one, so bounded.
export const MAX_LOOKUPS = 10_000;

/** When each address was last looked up (in this process, whichever cache instance did it). */
const lookedUpAt = new Map();

/** The file whose modification time Next reads as the date of a page kept on disk. */
const DATED_FILE = { APP_PAGE: '.html', PAGES: '.html', APP_ROUTE: '.body' };

export default class PageCacheHandler extends FileSystemCache {
  /** @param {string} key @param {{ kind?: string }} ctx */
  async get(key, ctx) {
    lookedUpAt.delete(key);
    if (lookedUpAt.size >= MAX_LOOKUPS) lookedUpAt.delete(lookedUpAt.keys().next().value);
    lookedUpAt.set(key, Date.now());
    lookupSeen();
    return super.get(key, ctx);
  }

  /** Next's revalidatePath and revalidateTag: the pages in front of Next are dropped too. */
  revalidateTag(/** @type {any[]} */ ...args) {
    // The manifest is written before the first await: the count changes with it.
    const marking = super.revalidateTag(...args);
    pagesChanged();
    return marking;
  }

  /** @param {string} key @param {{ kind?: string } | null} data @param {{ kind?: string }} ctx */
  async set(key, data, ctx) {
    const began = lookedUpAt.get(key);
    lookedUpAt.delete(key);
    // Stored in memory before set() first waits (on the disk): dated at once, before any read.
    const storing = super.set(key, data, ctx);
    if (began === undefined) return storing; // not a render this cache saw begin (the build's)
    const date = began - 1;
    const kept = FileSystemCache.memoryCache?.get(key);
    // Only this page: one larger than the whole memory cache is refused, and the entry found would
    // be the previous one.
    if (kept?.value === data) kept.lastModified = date;
    await storing;
    const suffix = DATED_FILE[/** @type {keyof typeof DATED_FILE} */ (ctx?.kind)];
    if (this.flushToDisk && data && suffix) {
      await utimes(this.getFilePath(`${key}${suffix}`, ctx.kind), new Date(), new Date(date)).catch(() => {});
    }
  }
}

/** How many lookups are remembered (for tests). */
export const lookupsRemembered = () => lookedUpAt.size;
