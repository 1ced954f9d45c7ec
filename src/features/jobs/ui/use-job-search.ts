'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { localizedPath, type Locale } from '@/i18n/locale-path';
import { apiRequest } from '@/ui/api-client';
import { pushLocationSearch, useLocationSearch } from '@/ui/use-location-search';
// The search module, not the schemas: the board needs no zod of its own (decision 020).
import type { JobCard, JobCountResponse, JobSearchResponse } from '../schema';
import { boardQuery, PAGE_SIZE, pageFromParams, searchFromParams, searchToParams, type Dashboard, type JobSearch } from '../search';

export interface FirstPage {
  items: JobCard[];
  lastEvaluatedKey: string | null;
  count: JobCountResponse;
  /** The query string the server rendered these for: '' for the unfiltered first page. */
  address: string;
}

interface Result {
  key: string;
  items: JobCard[];
  next: string | null;
  count: JobCountResponse;
  failed?: boolean;
}

const noCount: JobCountResponse = { Count: 0, Capped: false };

/** The search, page and cursor of a board's query string; `key` names the three. */
function readAddress(dashboard: Dashboard, query: string) {
  const params = new URLSearchParams(query);
  const search = searchFromParams(dashboard, params);
  const searchQuery = searchToParams(search).toString();
  const { page, after } = pageFromParams(params);
  return { search, searchQuery, page, after, key: `${searchQuery}#${page}#${after ?? ''}` };
}

/**
 * The board's search, kept in the address: reads the search and page from it, fetches the page
 * it asks for (the one the server rendered, the unfiltered first page or the address's own, is
 * `initial`) and moves to other searches and pages with new history entries, without a page load.
 */
export function useJobSearch(locale: Locale, dashboard: Dashboard, initial: FirstPage) {
  const router = useRouter();
  const { search, searchQuery, page, after, key } = readAddress(dashboard, useLocationSearch(initial.address));
  const rendered = readAddress(dashboard, initial.address);
  const isInitial = key === rendered.key;

  const [result, setResult] = useState<Result | null>(null);
  // Cursors of the pages seen, per search, so Previous can go back without a page load.
  const cursors = useRef(new Map<string, (string | null)[]>());
  const counts = useRef(new Map<string, JobCountResponse>([[rendered.searchQuery, initial.count]]));

  useEffect(() => {
    if (isInitial) return;
    const controller = new AbortController();
    // By GET: the browser keeps each answer and asks again with its ETag, answered 304 while current.
    const q = (request: object) => encodeURIComponent(JSON.stringify(request));
    const knownCount = counts.current.get(searchQuery);
    Promise.all([
      apiRequest<JobSearchResponse>(`/jobs/search?pageSize=${PAGE_SIZE}&locale=${locale}&q=${q({ search, lastEvaluatedKey: after })}`, {
        signal: controller.signal,
      }),
      knownCount ?? apiRequest<JobCountResponse>(`/jobs/search?count=true&q=${q({ search })}`, { signal: controller.signal }),
    ]).then(
      ([pageResult, count]) => {
        counts.current.set(searchQuery, count);
        setResult({ key, items: pageResult.items, next: pageResult.lastEvaluatedKey, count });
      },
      () => {
        if (!controller.signal.aborted) setResult({ key, items: [], next: null, count: noCount, failed: true });
      },
    );
    return () => controller.abort();
    // `key` captures the search, page and cursor.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  const shown: Result | null = isInitial
    ? { key, items: initial.items, next: initial.lastEvaluatedKey, count: initial.count }
    : result?.key === key
      ? result
      : null;
  const ready = !!shown && !shown.failed;
  const nextCursor = shown?.next ?? null;
  useEffect(() => {
    if (!ready) return;
    const seen = cursors.current.get(searchQuery) ?? [null];
    seen[page - 1] = after;
    seen[page] = nextCursor;
    cursors.current.set(searchQuery, seen);
  }, [ready, searchQuery, page, after, nextCursor]);
  const total = shown?.count ?? noCount;
  const pages = Math.max(1, Math.ceil(total.Count / PAGE_SIZE));

  const pageHref = (target: number, cursor: string | null = null) => `?${boardQuery(search, target, cursor)}`;

  const go = (next: JobSearch, nextPage = 1, cursor: string | null = null) => {
    pushLocationSearch(boardQuery(next, nextPage, cursor));
    // The board's results section (job-board.tsx).
    if (nextPage !== page) document.getElementById('job-results')?.scrollIntoView({ block: 'start' });
  };

  const goToPage = (target: number) => {
    const cursor = target === 1 ? null : (cursors.current.get(searchQuery)?.[target - 1] ?? null);
    go(search, cursor || target === 1 ? target : 1, cursor);
  };

  return {
    search,
    /** The search as a query string ('' for the unfiltered search), without page or cursor. */
    searchQuery,
    /** The search, page and cursor of the address: what a job page carries to lead back here. */
    address: boardQuery(search, page, after),
    page,
    pages,
    /** The page for the address, once loaded (or failed); null while it loads. */
    shown,
    /** The cards to list: while a page loads, the previous one's stay. */
    items: (shown ?? result)?.items,
    total,
    /** The pager's addresses: real ones, so the links work before the page's script has loaded. */
    previousHref: page > 1 ? pageHref(page - 1) : null,
    nextHref: shown?.next ? pageHref(page + 1, shown.next) : null,
    goToPrevious: () => goToPage(page - 1),
    goToNext: () => go(search, page + 1, shown?.next ?? null),
    submit: (next: JobSearch) => go(next),
    reset: () => go({ dashboard, queryText: '', filters: {} }),
    changeDashboard: (d: Dashboard) => router.push(`${localizedPath(`/jobs/${d}`, locale)}${searchQuery ? `?${searchQuery}` : ''}`),
  };
}
