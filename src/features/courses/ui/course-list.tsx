'use client';

import { startTransition, useEffect, useState } from 'react';
import type { Locale } from '@/i18n/routing';
import { apiRequest } from '@/ui/api-client';
import type { CourseCard } from '../schema';
import { CourseCardView } from './course-card';
import type { CourseLabels } from './labels';
import { LoadFailed } from './load-failed';

type State = { status: 'loading' } | { status: 'failed' } | { status: 'loaded'; items: CourseCard[] };

/**
 * Every course from the API, each marked with the language it is taught in. `/training` puts the
 * visitor's language first and, when no course is taught in it, says so above the list (the
 * spec's notice); `/education` lists them as they come. The page around it is prerendered.
 */
export function CourseList({ locale, labels, all = false }: { locale: Locale; labels: CourseLabels; all?: boolean }) {
  // The list arrives after the first paint: its place is kept (about one card high) so the footer
  // does not jump when it does.
  return (
    <div className="min-h-[40rem] md:min-h-[30rem]">
      <CourseListContent locale={locale} labels={labels} all={all} />
    </div>
  );
}

function CourseListContent({ locale, labels, all }: { locale: Locale; labels: CourseLabels; all: boolean }) {
  const [state, setState] = useState<State>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    apiRequest<{ items: CourseCard[] }>(`/events?${new URLSearchParams({ lang: locale })}`, {
      signal: controller.signal,
    })
      // A transition: the cards render in slices the browser can interrupt, not one long task.
      .then(({ items }) => startTransition(() => setState({ status: 'loaded', items })))
      .catch(() => !controller.signal.aborted && setState({ status: 'failed' }));
    return () => controller.abort();
  }, [locale]);

  if (state.status === 'loading') {
    return (
      <p role="status" className="text-muted">
        {labels.loading}
      </p>
    );
  }
  if (state.status === 'failed') {
    return <LoadFailed />;
  }
  if (state.items.length === 0) {
    return (
      <p role="alert" className="rounded-md border border-gray-200 bg-gray-50 p-4 font-semibold text-ink">
        {labels.noCourses}
      </p>
    );
  }
  // Stable: within each group the API's order (soonest first) stays.
  const items = all ? state.items : [...state.items].sort((a, b) => Number(b.locale === locale) - Number(a.locale === locale));
  const noneInLanguage = !all && !items.some((c) => c.locale === locale);
  return (
    <>
      {noneInLanguage ? (
        <p className="mb-6 flex items-start gap-2 rounded-md border border-brand-100 bg-brand-50 px-4 py-3 text-sm text-ink">
          <svg aria-hidden="true" viewBox="0 0 20 20" className="mt-0.5 size-4 shrink-0 fill-brand-700">
            <path d="M10 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16Zm1 12H9V9h2v5Zm0-7H9V5h2v2Z" />
          </svg>
          {labels.noTraining}
        </p>
      ) : null}
      <ul className="grid gap-6 md:grid-cols-2">
        {items.map((course) => (
          <li key={course.id}>
            <CourseCardView course={course} labels={labels} locale={locale} />
          </li>
        ))}
      </ul>
    </>
  );
}
