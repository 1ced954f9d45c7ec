// The site's cache of rendered pages: Next's documented `cacheHandler` (next.config.ts), kept in
// this process's memory. Loaded by Next itself, by file, outside its bundles: it imports nothing of
// the site, and reads the marks of page-marks.ts from globalThis (decision 061).
//
// A page is stale once one of its tags was marked after its date: `get` then answers nothing, and
// Next renders the page again before it answers. A page is dated from when its render began, not
// from when it was stored: a render that read the database before a change and is stored after
// that change's mark would otherwise be fresh for its whole lifetime. Next looks a page up here
// just before it renders it, and renders one page at a time per key, so the time of that lookup is
// when the render began; the page is dated a millisecond before it, so a mark in the lookup's own
// millisecond counts as later (decision 043).

interface Entry {
  value: CacheValue;
  lastModified: number;
  tags: string[];
  size: number;
}

interface CacheValue {
  kind?: string;
  html?: { length: number };
  rscData?: { length: number };
  body?: { length: number };
  headers?: Record<string, unknown>;
  segmentData?: Map<string, { length: number }>;
  data?: unknown;
}

interface Context {
  tags?: string[];
  softTags?: string[];
}

const MARKS_KEY = Symbol.for('site.page-marks');
/** Next's header in a rendered page's entry that lists its tags, the implicit ones of its route too. */
const TAGS_HEADER = 'x-next-cache-tags';
/** Lookups not (yet) followed by a render: every address asked for is one, so bounded. */
const MAX_LOOKUPS = 10_000;
const DEFAULT_BYTES = 64 * 1024 * 1024;

// On the module, not the instance: Next makes a handler per request.
const entries = new Map<string, Entry>();
const lookedUpAt = new Map<string, number>();
let bytes = 0;

function marked(tags: readonly string[]): number {
  const marks = (globalThis as Record<symbol, { marks?: Map<string, number> } | undefined>)[MARKS_KEY]?.marks;
  let last = 0;
  if (marks) for (const tag of tags) last = Math.max(last, marks.get(tag) ?? 0);
  return last;
}

function sizeOf(key: string, value: CacheValue | null): number {
  if (!value) return key.length + 25;
  let size = (value.html?.length ?? 0) + (value.rscData?.length ?? 0) + (value.body?.length ?? 0);
  for (const [segment, data] of value.segmentData ?? []) size += segment.length + data.length;
  if (value.data !== undefined) size += JSON.stringify(value.data)?.length ?? 0;
  return key.length + Math.max(size, 1);
}

function tagsOf(value: CacheValue | null, ctx: Context | undefined): string[] {
  const header = value?.headers?.[TAGS_HEADER];
  return [...(typeof header === 'string' ? header.split(',') : []), ...(ctx?.tags ?? [])];
}

function drop(key: string) {
  const entry = entries.get(key);
  if (!entry) return;
  entries.delete(key);
  bytes -= entry.size;
}

export default class PageCacheHandler {
  maxBytes: number;

  constructor(options: { maxMemoryCacheSize?: number } = {}) {
    this.maxBytes = options.maxMemoryCacheSize || DEFAULT_BYTES;
  }

  async get(key: string, ctx?: Context) {
    lookedUpAt.delete(key);
    if (lookedUpAt.size >= MAX_LOOKUPS) lookedUpAt.delete(lookedUpAt.keys().next().value!);
    lookedUpAt.set(key, Date.now());
    const entry = entries.get(key);
    if (!entry) return null;
    if (marked([...entry.tags, ...(ctx?.softTags ?? [])]) >= entry.lastModified) {
      drop(key);
      return null;
    }
    // Most recently used last: the first entries are the first to go.
    entries.delete(key);
    entries.set(key, entry);
    return { value: entry.value, lastModified: entry.lastModified };
  }

  async set(key: string, value: CacheValue | null, ctx?: Context) {
    const began = lookedUpAt.get(key);
    lookedUpAt.delete(key);
    drop(key);
    if (!value) return;
    const size = sizeOf(key, value);
    // One larger than the whole cache is not kept (it would push out every other).
    if (size > this.maxBytes) return;
    // Not a render this process saw begin (a build's): dated now.
    entries.set(key, { value, lastModified: began === undefined ? Date.now() : began - 1, tags: tagsOf(value, ctx), size });
    bytes += size;
    for (const old of entries.keys()) {
      if (bytes <= this.maxBytes) break;
      drop(old);
    }
  }

  /** Next's revalidateTag and revalidatePath, in a request: marked as the site marks (page-marks.ts). */
  async revalidateTag(tags: string | string[]) {
    const mark = (globalThis as Record<symbol, { mark?: (tags: string[]) => Promise<unknown> } | undefined>)[MARKS_KEY]?.mark;
    await mark?.([tags].flat());
  }

  resetRequestCache() {}
}
