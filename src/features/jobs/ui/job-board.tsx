'use client';

import { useId, useRef, useState, useSyncExternalStore, type KeyboardEvent, type ReactNode } from 'react';
import type { Locale } from '@/i18n/routing';
import { resultsLine } from '../results-line';
import { formatCount } from '@/lib/format-count';
import { activeFilterCount, dashboards, PAGE_SIZE, type Dashboard, type JobSearch } from '../search';
import { JobCardView, type JobLabels } from './job-card';
import { FilterFields, SearchBar } from './job-filters';
import { useJobSearch, type FirstPage } from './use-job-search';

export type { FirstPage };

// Tailwind's `lg`: from there the filters have a column beside the results.
const WIDE = '(min-width: 64rem)';
const subscribeWide = (listener: () => void) => {
  const query = matchMedia(WIDE);
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
};
/** Whether the screen has room for the filters' column (false on the server: phones first). */
function useWide(): boolean {
  return useSyncExternalStore(
    subscribeWide,
    () => matchMedia(WIDE).matches,
    () => false,
  );
}

/**
 * The job board, results first: the free-text search above them, the filters in a side column on
 * wide screens and behind a "Filters (n)" button on phones, and the job alert box after them. The
 * search lives in the address.
 */
export function JobBoard({
  locale,
  dashboard,
  initial,
  labels,
  notify,
  postJob,
}: {
  locale: Locale;
  dashboard: Dashboard;
  initial: FirstPage;
  labels: JobLabels;
  /** The job alert box ('Notify me'), given by the page: the board knows no feature but its own. */
  notify: ReactNode;
  /** The "Post a job" link, rendered by the page (no script for it). */
  postJob: ReactNode;
}) {
  const board = useJobSearch(locale, dashboard, initial);
  const { search, searchQuery, page, pages, shown, total } = board;
  const count = (n: number) => formatCount(n, locale);

  // The form's draft, started afresh from each search the address shows.
  const [draft, setDraft] = useState(search);
  const [draftOf, setDraftOf] = useState(searchQuery);
  if (draftOf !== searchQuery) {
    setDraftOf(searchQuery);
    setDraft(search);
  }

  const wide = useWide();
  // null until the visitor uses the button: open beside the results on wide screens, closed on phones
  // (CSS decides before the page's script runs, so the server's HTML is right for both).
  const [filtersChoice, setFiltersChoice] = useState<boolean | null>(null);
  const filtersOpen = filtersChoice ?? wide;
  const toggle = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const closeFilters = () => {
    const hadFocus = panel.current?.contains(document.activeElement);
    setFiltersChoice(false);
    if (hadFocus) toggle.current?.focus();
  };
  const onPanelKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && !wide) {
      e.preventDefault();
      closeFilters();
    }
  };
  const submit = (next: JobSearch) => {
    // On a phone the results take the panel's place.
    if (!wide && filtersOpen) closeFilters();
    board.submit(next);
  };

  const active = activeFilterCount(search);
  const draftProps = { formId: 'job-search', draft, setDraft, labels };

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <SearchBar {...draftProps} onSearch={submit} onReset={board.reset} />
        <button
          ref={toggle}
          type="button"
          aria-expanded={filtersOpen}
          aria-controls="job-filters"
          onClick={() => setFiltersChoice(!filtersOpen)}
          className="inline-flex items-center gap-2 rounded-md border border-gray-300 bg-white px-3 py-2 text-sm font-medium hover:bg-gray-50"
        >
          <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4">
            <path d="M3 4.5A1.5 1.5 0 0 1 4.5 3h11A1.5 1.5 0 0 1 17 4.5v1.1a1.5 1.5 0 0 1-.44 1.06L12 11.2V16a1 1 0 0 1-1.45.9l-2-1A1 1 0 0 1 8 15v-3.8L3.44 6.66A1.5 1.5 0 0 1 3 5.6V4.5Z" />
          </svg>
          {active ? labels.filtersActive.replace('{count}', count(active)) : labels.filtersButton}
        </button>
        <DashboardSelect value={dashboard} labels={labels} onChange={board.changeDashboard} />
        {postJob}
      </div>

      <div className={filtersChoice === false ? '' : 'lg:grid lg:grid-cols-[16rem_minmax(0,1fr)] lg:items-start lg:gap-6'}>
        <div
          id="job-filters"
          ref={panel}
          role="group"
          aria-label={labels.filtersButton}
          onKeyDown={onPanelKey}
          className={`mb-4 lg:mb-0 ${filtersChoice === null ? 'hidden lg:block' : filtersChoice ? 'block' : 'hidden'}`}
        >
          <FilterFields {...draftProps} />
        </div>

        <div className="min-w-0">
          <section id="job-results" aria-labelledby="job-results-status" className="scroll-mt-4">
            <p id="job-results-status" role="status" className="mb-3 text-sm font-medium text-muted">
              {!shown
                ? labels.searching
                : shown.failed
                  ? null
                  : resultsLine(labels, { shown: shown.items.length, total: total.Count, capped: !!total.Capped }, count)}
            </p>
            {shown?.failed ? (
              <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4">
                <p className="font-semibold text-red-900">{labels.errorTitle}</p>
                <p className="mt-1 text-sm text-red-900">{labels.errorText}</p>
              </div>
            ) : null}
            {shown && !shown.failed && shown.items.length === 0 ? (
              <p className="rounded-lg bg-gray-50 p-6 text-muted">{labels.noResults}</p>
            ) : null}
            <ul className={`grid gap-3 md:grid-cols-2 ${shown ? '' : 'opacity-50'}`} aria-busy={!shown}>
              {board.items?.map((job) => (
                <li key={job.id}>
                  <JobCardView job={job} labels={labels} locale={locale} dashboard={dashboard} boardQuery={board.address} />
                </li>
              ))}
            </ul>
            {shown && (total.Capped || total.Count > PAGE_SIZE) ? (
              // On a phone the page count takes a line of its own, above the two links, so that none of
              // the three wraps.
              <nav aria-label={labels.pagination} className="mt-6 flex flex-wrap items-center justify-between gap-3">
                <PageLink label={labels.previous} arrow="←" href={board.previousHref} onClick={board.goToPrevious} />
                <span data-testid="page-count" className="order-first w-full text-center text-sm text-muted sm:order-none sm:w-auto">
                  {(total.Capped ? labels.pageOpen : labels.page).replace('{page}', count(page)).replace('{pages}', count(pages))}
                </span>
                <PageLink label={labels.next} arrow="→" href={board.nextHref} onClick={board.goToNext} />
              </nav>
            ) : null}
          </section>
          {/* The job alert box after the results: wanted once the visitor has seen what the search finds. */}
          <div className="mt-8 grid gap-3">
            {notify}
            <p className="text-sm">
              <a
                href={`/jobs/${dashboard}/feed.xml${searchQuery ? `?${searchQuery}` : ''}`}
                className="text-brand-700 underline underline-offset-4"
              >
                {labels.feed}
              </a>
            </p>
          </div>
        </div>
      </div>
    </div>
  );
}

/**
 * A pager link: a real address (it works before the page's script has loaded), followed without
 * a page load once it has.
 */
function PageLink({ label, arrow, href, onClick }: { label: string; arrow: string; href: string | null; onClick: () => void }) {
  const className = 'rounded-md border border-gray-300 px-4 py-2 text-sm font-medium whitespace-nowrap';
  const text =
    arrow === '←' ? (
      <>
        <span aria-hidden="true">← </span>
        {label}
      </>
    ) : (
      <>
        {label}
        <span aria-hidden="true"> →</span>
      </>
    );
  if (!href)
    return (
      <span aria-disabled="true" className={`${className} opacity-40`}>
        {text}
      </span>
    );
  return (
    <a
      href={href}
      onClick={(e) => {
        e.preventDefault();
        onClick();
      }}
      className={`${className} hover:bg-gray-50`}
    >
      {text}
    </a>
  );
}

function DashboardSelect({ value, labels, onChange }: { value: Dashboard; labels: JobLabels; onChange: (d: Dashboard) => void }) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      {/* Hidden on phones, where the row has no room for it; the select still has its name. */}
      <label htmlFor={id} className="sr-only text-sm font-medium text-ink sm:not-sr-only">
        {labels.dashboard}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value as Dashboard)}
        className="rounded-md border border-gray-300 bg-white px-3 py-2 text-sm"
      >
        {dashboards.map((d) => (
          <option key={d} value={d}>
            {labels.dashboards[d]}
          </option>
        ))}
      </select>
    </div>
  );
}
