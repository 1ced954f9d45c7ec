import 'server-only';

/**
 * One instance per process of something opened asynchronously (database, queue). Kept on
 * globalThis because Next bundles instrumentation, pages and route handlers separately. A failed
 * open is forgotten, so the next call tries again (the database may be back by then).
 */
export function processSingleton<T>(name: string) {
  const key = Symbol.for(`site.${name}`);
  const g = globalThis as Record<symbol, Promise<T> | undefined>;
  return {
    /** The instance, opened by `open` if there is none yet. */
    get(open: () => Promise<T>): Promise<T> {
      const existing = g[key];
      if (existing) return existing;
      const opening = open();
      g[key] = opening;
      opening.catch(() => {
        if (g[key] === opening) delete g[key];
      });
      return opening;
    },
    /** The instance if one was opened (or is opening), without opening one. */
    peek(): Promise<T> | undefined {
      return g[key];
    },
    /** Makes every `get` fail with `err` in this process (until `clear`). */
    refuse(err: Error): void {
      const refused = Promise.reject(err);
      refused.catch(() => {});
      g[key] = refused;
    },
    /** Forgets the instance and hands it (if it opened) to `close`. */
    async clear(close: (value: T) => Promise<void>): Promise<void> {
      const pending = g[key];
      delete g[key];
      const value = await pending?.catch(() => undefined);
      if (value !== undefined) await close(value);
    },
  };
}
