/** See page-cache-handler.mjs. */
export const MAX_LOOKUPS: number;
export function lookupsRemembered(): number;
export default class PageCacheHandler {
  constructor(ctx: { fs: unknown; flushToDisk: boolean; serverDistDir: string; maxMemoryCacheSize: number; revalidatedTags: string[] });
  get(key: string, ctx: unknown): Promise<{ value: unknown; lastModified: number } | null>;
  set(key: string, data: unknown, ctx: unknown): Promise<void>;
  revalidateTag(tags: string | string[], durations?: { expire?: number }): Promise<void>;
}
