'use client';

import { useState, type FormEvent } from 'react';
import { filterNames, filterValues, type JobSearch } from '../search';
import type { JobLabels } from './job-card';

/** The search form: free text and the filters, sent on submit (the draft stays local until then). */
export function FilterForm({
  id,
  search,
  labels,
  onSearch,
  onReset,
}: {
  id: string;
  search: JobSearch;
  labels: JobLabels;
  onSearch: (s: JobSearch) => void;
  onReset: () => void;
}) {
  const [draft, setDraft] = useState(search);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(draft);
  };
  return (
    <form
      id={id}
      method="get"
      onSubmit={submit}
      onReset={onReset}
      role="search"
      aria-label={labels.search}
      className="grid gap-4 rounded-lg border border-gray-200 bg-gray-50 p-4"
    >
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
