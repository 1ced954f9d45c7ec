'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { localizedPath, type Locale } from '@/i18n/routing';
import { apiRequest } from '@/ui/api-client';
import { pushLocationSearch, useLocationSearch } from '@/ui/use-location-search';
// The search module, not the schemas: the board needs no zod of its own (decision 020).
import type { JobCard, JobCountResponse, JobSearchResponse } from '../schema';
import { dashboards, filterNames, filterValues, PAGE_SIZE, searchFromParams, searchToParams, type Dashboard, type JobSearch } from '../search';
import { NotifyForm, type FrequencyLabels } from '@/features/alerts/ui/notify-form';
import { JobCardView, type JobLabels } from './job-card';

export interface FirstPage {
  items: JobCard[];
  lastEvaluatedKey: string | null;
  count: JobCountResponse;
}

interface Result {
  key: string;
  items: JobCard[];
  next: string | null;
  count: JobCountResponse;
  failed?: boolean;
}

const noCount: JobCountResponse = { Count: 0, Capped: false };

/** The job board: dashboard selector, filters, results and pager, with the search in the address. */
export function JobBoard({
  locale,
  dashboard,
  initial,
  labels,
  frequencyLabels,
  postJobUrl,
}: {
  locale: Locale;
  dashboard: Dashboard;
  initial: FirstPage;
  labels: JobLabels;
  frequencyLabels: FrequencyLabels;
  postJobUrl: string;
}) {
  const router = useRouter();
  const params = new URLSearchParams(useLocationSearch());
  const search = searchFromParams(dashboard, params);
  const searchQuery = searchToParams(search).toString();
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const after = page > 1 ? params.get('after') : null;
  const key = `${searchQuery}#${page}#${after ?? ''}`;
  const isFirstUnfiltered = searchQuery === '' && page === 1;

  const [result, setResult] = useState<Result | null>(null);
  const [showFilters, setShowFilters] = useState(true);
  // Cursors of the pages seen, per search, so Previous can go back without a page load.
  const cursors = useRef(new Map<string, (string | null)[]>());
  const counts = useRef(new Map<string, JobCountResponse>([['', initial.count]]));

  useEffect(() => {
    if (isFirstUnfiltered) return;
    const controller = new AbortController();
    const body = { search, lastEvaluatedKey: after };
    const knownCount = counts.current.get(searchQuery);
    Promise.all([
      apiRequest<JobSearchResponse>(`/jobs/search?pageSize=${PAGE_SIZE}&locale=${locale}`, { body, signal: controller.signal }),
      knownCount ?? apiRequest<JobCountResponse>('/jobs/search?count=true', { body: { search }, signal: controller.signal }),
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

  const shown: Result | null = isFirstUnfiltered ? { key, items: initial.items, next: initial.lastEvaluatedKey, count: initial.count } : result?.key === key ? result : null;
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

  const queryFor = (next: JobSearch, nextPage = 1, cursor: string | null = null) => {
    const query = searchToParams(next);
    if (nextPage > 1 && cursor) {
      query.set('page', String(nextPage));
      query.set('after', cursor);
    }
    return query.toString();
  };
  const pageHref = (target: number, cursor: string | null = null) => `?${queryFor(search, target, cursor)}`;

  const go = (next: JobSearch, nextPage = 1, cursor: string | null = null) => {
    pushLocationSearch(queryFor(next, nextPage, cursor));
    if (nextPage !== page) document.getElementById('job-results')?.scrollIntoView({ block: 'start' });
  };

  const goToPage = (target: number) => {
    const cursor = target === 1 ? null : (cursors.current.get(searchQuery)?.[target - 1] ?? null);
    go(search, cursor || target === 1 ? target : 1, cursor);
  };

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-end gap-3">
        <DashboardSelect
          value={dashboard}
          labels={labels}
          onChange={(d) => router.push(`${localizedPath(`/jobs/${d}`, locale)}${searchQuery ? `?${searchQuery}` : ''}`)}
        />
        <button
          type="button"
          aria-expanded={showFilters}
          aria-controls="job-filters"
          onClick={() => setShowFilters((v) => !v)}
          className="rounded-md border border-gray-300 px-3 py-2 text-sm font-medium hover:bg-gray-50"
        >
          {showFilters ? labels.hideFilters : labels.showFilters}
        </button>
        <a href={postJobUrl} target="_blank" rel="noopener noreferrer" className="ml-auto text-sm font-semibold text-brand-700 underline underline-offset-4">
          {labels.postJob}
        </a>
      </div>

      <div id="job-filters" hidden={!showFilters} className="grid gap-4">
        <FilterForm key={searchQuery} id="job-search" search={search} labels={labels} onSearch={(s) => go(s)} onReset={() => go({ dashboard, queryText: '', filters: {} })} />
        <NotifyForm id="job-notify" search={search} locale={locale} labels={labels} frequencyLabels={frequencyLabels} />
      </div>

      <section id="job-results" aria-labelledby="job-results-status" className="scroll-mt-4">
        <p id="job-results-status" role="status" className="mb-4 text-sm font-medium text-muted">
          {!shown ? labels.searching : shown.failed ? null : (total.Capped ? labels.resultsMany : labels.results).replace('{shown}', String(shown.items.length)).replace('{total}', String(total.Count))}
        </p>
        {shown?.failed ? (
          <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4">
            <p className="font-semibold text-red-900">{labels.errorTitle}</p>
            <p className="mt-1 text-sm text-red-900">{labels.errorText}</p>
          </div>
        ) : null}
        {shown && !shown.failed && shown.items.length === 0 ? <p className="rounded-lg bg-gray-50 p-6 text-muted">{labels.noResults}</p> : null}
        <ul className={`grid gap-4 md:grid-cols-2 ${shown ? '' : 'opacity-50'}`} aria-busy={!shown}>
          {(shown ?? result)?.items.map((job) => (
            <li key={job.id}>
              <JobCardView job={job} labels={labels} locale={locale} dashboard={dashboard} />
            </li>
          ))}
        </ul>
        {shown && (total.Capped || total.Count > PAGE_SIZE) ? (
          <nav aria-label={labels.pagination} className="mt-6 flex items-center justify-between gap-3">
            <PageLink label={labels.previous} arrow="←" href={page > 1 ? pageHref(page - 1) : null} onClick={() => goToPage(page - 1)} />
            <span className="text-sm text-muted">{(total.Capped ? labels.pageOpen : labels.page).replace('{page}', String(page)).replace('{pages}', String(pages))}</span>
            <PageLink label={labels.next} arrow="→" href={shown.next ? pageHref(page + 1, shown.next) : null} onClick={() => go(search, page + 1, shown.next)} />
          </nav>
        ) : null}
        <p className="mt-6 text-sm">
          <a href={`/jobs/${dashboard}/feed.xml${searchQuery ? `?${searchQuery}` : ''}`} className="text-brand-700 underline underline-offset-4">
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
  const text = arrow === '←' ? <><span aria-hidden="true">← </span>{label}</> : <>{label}<span aria-hidden="true"> →</span></>;
  if (!href) return <span aria-disabled="true" className={`${className} opacity-40`}>{text}</span>;
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
      <select id={id} value={value} onChange={(e) => onChange(e.target.value as Dashboard)} className="rounded-md border border-gray-300 bg-white px-3 py-2 text-sm">
        {dashboards.map((d) => (
          <option key={d} value={d}>
            {labels.dashboards[d]}
          </option>
        ))}
      </select>
    </div>
  );
}

function FilterForm({ id, search, labels, onSearch, onReset }: { id: string; search: JobSearch; labels: JobLabels; onSearch: (s: JobSearch) => void; onReset: () => void }) {
  const [draft, setDraft] = useState(search);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(draft);
  };
  return (
    <form id={id} method="get" onSubmit={submit} onReset={onReset} role="search" aria-label={labels.search} className="grid gap-4 rounded-lg border border-gray-200 bg-gray-50 p-4">
      <div className="grid gap-1">
        <label htmlFor={`${id}-q`} className="text-sm font-medium text-ink">
          {labels.queryText}
        </label>
        <input
          id={`${id}-q`}
          name="q"
          type="search"
          value={draft.queryText}
          maxLength={200}
          placeholder={labels.queryPlaceholder}
          onChange={(e) => setDraft({ ...draft, queryText: e.target.value })}
          className="rounded-md border border-gray-300 bg-white px-3 py-2"
        />
      </div>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {filterNames.map((name) => (
          <div key={name} className="grid gap-1">
            <label htmlFor={`${id}-${name}`} className="text-sm font-medium text-ink">
              {labels.filters[name]}
            </label>
            <select
              id={`${id}-${name}`}
              name={name}
              value={draft.filters[name] ?? ''}
              onChange={(e) => setDraft({ ...draft, filters: { ...draft.filters, [name]: e.target.value || undefined } })}
              className="rounded-md border border-gray-300 bg-white px-3 py-2 text-sm"
            >
              <option value="">{labels.any}</option>
              {filterValues[name].map((value) => (
                <option key={value} value={value}>
                  {(labels.options[name] as Record<string, string>)[value]}
                </option>
              ))}
            </select>
          </div>
        ))}
      </div>
      <div className="flex flex-wrap gap-3">
        <button type="submit" className="rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800">
          {labels.search}
        </button>
        <button type="reset" className="rounded-md border border-gray-300 bg-white px-4 py-2 font-medium hover:bg-gray-100">
          {labels.reset}
        </button>
      </div>
    </form>
  );
}
