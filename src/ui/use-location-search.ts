'use client';

import { useSyncExternalStore } from 'react';

const EVENT = 'site:search-change';

function subscribe(listener: () => void) {
  window.addEventListener('popstate', listener);
  window.addEventListener(EVENT, listener);
  return () => {
    window.removeEventListener('popstate', listener);
    window.removeEventListener(EVENT, listener);
  };
}

/**
 * The query string of the address; while rendering on the server, `rendered` (by default '', so
 * a prerendered page shows its default state and the browser then shows what the address asks
 * for). Back and forward work.
 */
export function useLocationSearch(rendered = ''): string {
  return useSyncExternalStore(
    subscribe,
    () => window.location.search.replace(/^\?/, ''),
    () => rendered,
  );
}

/** Puts a new query string in the address (a new history entry) without a page load. */
export function pushLocationSearch(query: string): void {
  const url = `${window.location.pathname}${query ? `?${query}` : ''}`;
  window.history.pushState(null, '', url);
  window.dispatchEvent(new Event(EVENT));
}
