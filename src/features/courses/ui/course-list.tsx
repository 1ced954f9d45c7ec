'use client';

import { IntentLink as Link } from '@/ui/intent-link';
import { startTransition, useEffect, useState } from 'react';
import { localizedPath, type Locale } from '@/i18n/routing';
import { apiRequest } from '@/ui/api-client';
import type { CourseCard } from '../schema';
import { CourseCardView } from './course-card';
import type { CourseLabels } from './labels';
import { LoadFailed } from './load-failed';

type State = { status: 'loading' } | { status: 'failed' } | { status: 'loaded'; items: CourseCard[] };

/**
 * The courses from the API: those taught in the visitor's language (`/training`), or all of them
 * marked with their language (`/education`). The page around it is prerendered.
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
    apiRequest<{ items: CourseCard[] }>(`/events?${new URLSearchParams({ ...(all ? {} : { locale }), lang: locale })}`, {
      signal: controller.signal,
    })
      // A transition: the cards render in slices the browser can interrupt, not one long task.
      .then(({ items }) => startTransition(() => setState({ status: 'loaded', items })))
      .catch(() => !controller.signal.aborted && setState({ status: 'failed' }));
    return () => controller.abort();
  }, [all, locale]);

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
      <div role="alert" className="rounded-md border border-amber-200 bg-amber-50 p-4 text-amber-950">
        <p className="font-semibold">{all ? labels.noCourses : labels.noTraining}</p>
        {all ? null : (
          <Link href={localizedPath('/education', locale)} className="mt-2 inline-block text-sm font-semibold underline underline-offset-4">
            {labels.seeAllCourses}
          </Link>
        )}
      </div>
    );
  }
  return (
    <ul className="grid gap-6 md:grid-cols-2">
      {state.items.map((course) => (
        <li key={course.id}>
          <CourseCardView course={course} labels={labels} locale={locale} showLanguage={all} />
        </li>
      ))}
    </ul>
  );
}
