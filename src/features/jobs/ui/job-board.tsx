'use client';

import { useId, useState, type ReactNode } from 'react';
import type { Locale } from '@/i18n/routing';
import { dashboards, PAGE_SIZE, type Dashboard } from '../search';
import { JobCardView, type JobLabels } from './job-card';
import { FilterForm } from './job-filters';
import { useJobSearch, type FirstPage } from './use-job-search';

export type { FirstPage };

/** The job board: dashboard selector, filters, results and pager, with the search in the address. */
export function JobBoard({
  locale,
  dashboard,
  initial,
  labels,
  notify,
  postJobUrl,
}: {
  locale: Locale;
  dashboard: Dashboard;
  initial: FirstPage;
  labels: JobLabels;
  /** The job alert box ('Notify me'), given by the page: the board knows no feature but its own. */
  notify: ReactNode;
  postJobUrl: string;
}) {
  const board = useJobSearch(locale, dashboard, initial);
  const { search, searchQuery, page, pages, shown, total } = board;
  const [showFilters, setShowFilters] = useState(true);

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-end gap-3">
        <DashboardSelect value={dashboard} labels={labels} onChange={board.changeDashboard} />
        <button
          type="button"
          aria-expanded={showFilters}
          aria-controls="job-filters"
          onClick={() => setShowFilters((v) => !v)}
          className="rounded-md border border-gray-300 px-3 py-2 text-sm font-medium hover:bg-gray-50"
        >
          {showFilters ? labels.hideFilters : labels.showFilters}
        </button>
        <a
          href={postJobUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="ml-auto text-sm font-semibold text-brand-700 underline underline-offset-4"
        >
          {labels.postJob}
        </a>
      </div>

      <div id="job-filters" hidden={!showFilters} className="grid gap-4">
        <FilterForm key={searchQuery} id="job-search" search={search} labels={labels} onSearch={board.submit} onReset={board.reset} />
        {notify}
      </div>

      <section id="job-results" aria-labelledby="job-results-status" className="scroll-mt-4">
        <p id="job-results-status" role="status" className="mb-4 text-sm font-medium text-muted">
          {!shown
            ? labels.searching
            : shown.failed
              ? null
              : (total.Capped ? labels.resultsMany : labels.results)
                  .replace('{shown}', String(shown.items.length))
                  .replace('{total}', String(total.Count))}
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
        <ul className={`grid gap-4 md:grid-cols-2 ${shown ? '' : 'opacity-50'}`} aria-busy={!shown}>
          {board.items?.map((job) => (
            <li key={job.id}>
              <JobCardView job={job} labels={labels} locale={locale} dashboard={dashboard} />
            </li>
          ))}
        </ul>
        {shown && (total.Capped || total.Count > PAGE_SIZE) ? (
          <nav aria-label={labels.pagination} className="mt-6 flex items-center justify-between gap-3">
            <PageLink label={labels.previous} arrow="←" href={board.previousHref} onClick={board.goToPrevious} />
            <span className="text-sm text-muted">
              {(total.Capped ? labels.pageOpen : labels.page).replace('{page}', String(page)).replace('{pages}', String(pages))}
            </span>
            <PageLink label={labels.next} arrow="→" href={board.nextHref} onClick={board.goToNext} />
          </nav>
        ) : null}
        <p className="mt-6 text-sm">
          <a
            href={`/jobs/${dashboard}/feed.xml${searchQuery ? `?${searchQuery}` : ''}`}
            className="text-brand-700 underline underline-offset-4"
          >
            {labels.feed}
          </a>
        </p>
      </section>
    </div>
  );
}

/**
 * A pager link: a real address (it works before the page's script has loaded), followed without
 * a page load once it has.
 */
function PageLink({ label, arrow, href, onClick }: { label: string; arrow: string; href: string | null; onClick: () => void }) {
  const className = 'rounded-md border border-gray-300 px-4 py-2 text-sm font-medium';
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
    <div className="grid gap-1">
      <label htmlFor={id} className="text-sm font-medium text-ink">
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
