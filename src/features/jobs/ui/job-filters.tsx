'use client';

import type { FormEvent } from 'react';
import { filterNames, filterValues, type JobSearch } from '../search';
import type { JobLabels } from './job-card';

interface DraftProps {
  /** The search form's id: the filters are its fields though they sit elsewhere on the page. */
  formId: string;
  draft: JobSearch;
  setDraft: (draft: JobSearch) => void;
  labels: JobLabels;
}

/**
 * The search form, with the free-text field in view above the results. The filters belong to it
 * (their `form` attribute), so it sends them too, also before the page's script has loaded; until
 * it is sent the draft stays local.
 */
export function SearchBar({
  formId,
  draft,
  setDraft,
  labels,
  onSearch,
  onReset,
}: DraftProps & { onSearch: (s: JobSearch) => void; onReset: () => void }) {
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(draft);
  };
  return (
    <form
      id={formId}
      method="get"
      onSubmit={submit}
      onReset={onReset}
      role="search"
      aria-label={labels.search}
      className="flex min-w-0 flex-[1_1_100%] gap-2 md:flex-[1_1_20rem]"
    >
      <label htmlFor={`${formId}-q`} className="sr-only">
        {labels.queryText}
      </label>
      <input
        id={`${formId}-q`}
        name="q"
        type="search"
        value={draft.queryText}
        maxLength={200}
        placeholder={labels.queryPlaceholder}
        onChange={(e) => setDraft({ ...draft, queryText: e.target.value })}
        className="min-w-0 flex-1 rounded-md border border-gray-300 bg-white px-3 py-2"
      />
      {/* On a phone a magnifier, so the box keeps the room its placeholder needs in every language. */}
      <button type="submit" className="rounded-md bg-brand-700 px-3 py-2 font-semibold text-white hover:bg-brand-800 sm:px-4">
        <svg aria-hidden="true" viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="2" className="size-5 sm:hidden">
          <circle cx="8.5" cy="8.5" r="5.5" />
          <path d="m13 13 4.5 4.5" strokeLinecap="round" />
        </svg>
        <span className="sr-only sm:not-sr-only">{labels.search}</span>
      </button>
    </form>
  );
}

/** The filters of the search form: the side column on wide screens, behind the Filters button on phones. */
export function FilterFields({ formId, draft, setDraft, labels }: DraftProps) {
  return (
    <div className="grid gap-4 rounded-lg border border-gray-200 bg-gray-50 p-4">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-1">
        {filterNames.map((name) => (
          <div key={name} className="grid gap-1">
            <label htmlFor={`${formId}-${name}`} className="text-sm font-medium text-ink">
              {labels.filters[name]}
            </label>
            <select
              id={`${formId}-${name}`}
              name={name}
              form={formId}
              value={draft.filters[name] ?? ''}
              onChange={(e) => setDraft({ ...draft, filters: { ...draft.filters, [name]: e.target.value || undefined } })}
              className="w-full min-w-0 rounded-md border border-gray-300 bg-white px-3 py-2 text-sm"
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
        <button type="submit" form={formId} className="rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800">
          {labels.showResults}
        </button>
        <button type="reset" form={formId} className="rounded-md border border-gray-300 bg-white px-4 py-2 font-medium hover:bg-gray-100">
          {labels.reset}
        </button>
      </div>
    </div>
  );
}
