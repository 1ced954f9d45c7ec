/** Reload at most once per this many ms, so a broken deployment cannot cause a reload loop. */
const CHUNK_RELOAD_INTERVAL_MS = 60_000;
const KEY = 'chunk-reload-at';

/** Errors thrown when a lazily loaded script of an older deployment is gone. */
export function isChunkLoadError(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { name, message } = error as { name?: unknown; message?: unknown };
  if (name === 'ChunkLoadError') return true;
  return (
    typeof message === 'string' &&
    /Loading (CSS )?chunk [\w/.-]+ failed|Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Failed to load chunk/i.test(
      message,
    )
  );
}

/** Reloads the page unless it was already reloaded for this reason in the last 60 s. */
export function reloadForChunkError(storage: Pick<Storage, 'getItem' | 'setItem'>, reload: () => void, now = Date.now()): boolean {
  const last = Number(storage.getItem(KEY) ?? 0);
  if (now - last < CHUNK_RELOAD_INTERVAL_MS) return false;
  storage.setItem(KEY, String(now));
  reload();
  return true;
}

/** In the browser: reload for a chunk load error, at most once a minute. */
export function handleChunkError(error: unknown): void {
  if (isChunkLoadError(error)) reloadForChunkError(sessionStorage, () => window.location.reload());
}
