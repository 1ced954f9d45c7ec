'use client';

import { useEffect, useState } from 'react';
import type { Messages } from '@/i18n/messages';
import type { Locale } from '@/i18n/routing';
import { ApiError, apiRequest } from '@/ui/api-client';
import { useLocationSearch } from '@/ui/use-location-search';
import type { CourseCard, RegistrationSummary } from '../schema';
import { CheckoutFields } from './checkout-fields';
import type { CourseLabels } from './labels';
import { LoadFailed } from './load-failed';

type Loaded = { status: 'loaded'; items: CourseCard[]; registrant: RegistrationSummary | null; unknownRegistration: boolean };
type Courses = { status: 'loading' } | { status: 'failed' } | Loaded;

/** A registration's name, email and course; null when the link's registration does not exist. */
const loadRegistration = (id: string) =>
  apiRequest<RegistrationSummary>(`/checkout/registrations/${encodeURIComponent(id)}`).catch((err) => {
    if (err instanceof ApiError && (err.status === 404 || err.status === 422)) return null;
    throw err;
  });

/**
 * The checkout: course, seats, who pays; the price with the discount before paying. Coming from a
 * registration (?registration=…, the confirmation's and the mail's link) the course and the
 * registrant are those of the registration, shown and not asked again; anyone else fills the form.
 */
export function Checkout({ locale, labels, formLabels }: { locale: Locale; labels: CourseLabels; formLabels: Messages['Forms'] }) {
  const params = new URLSearchParams(useLocationSearch());
  const wanted = params.get('course') ?? '';
  const registrationId = params.get('registration') ?? '';
  const [courses, setCourses] = useState<Courses>({ status: 'loading' });

  useEffect(() => {
    // The address's query is read after hydration, so this runs first without the registration,
    // then with it: an answer to an earlier run that arrives late must not replace the later one.
    let current = true;
    Promise.all([
      apiRequest<{ items: CourseCard[] }>(`/events?${new URLSearchParams({ lang: locale })}`),
      registrationId ? loadRegistration(registrationId) : null,
    ])
      .then(([{ items }, registrant]) => {
        if (!current) return;
        setCourses({
          status: 'loaded',
          items,
          // A registration whose course is gone is as good as unknown: the visitor chooses anew.
          registrant: registrant && items.some((c) => c.id === registrant.course) ? registrant : null,
          unknownRegistration: !!registrationId && !(registrant && items.some((c) => c.id === registrant.course)),
        });
      })
      .catch(() => {
        if (current) setCourses({ status: 'failed' });
      });
    return () => {
      current = false;
    };
  }, [locale, registrationId]);

  if (courses.status === 'loading')
    return (
      <p role="status" className="min-h-60 text-muted">
        {labels.loading}
      </p>
    );
  if (courses.status === 'failed') {
    return <LoadFailed />;
  }
  const { registrant } = courses;
  // The registration's course even after its deadline (its seat is held); otherwise the open ones.
  const open = registrant ? courses.items.filter((c) => c.id === registrant.course) : courses.items.filter((c) => !c.closed);
  const unknown = courses.unknownRegistration ? (
    <p role="alert" className="mb-6 rounded-md border border-amber-200 bg-amber-50 p-4 text-amber-950">
      {labels.errors.registrationUnknown}
    </p>
  ) : null;
  if (open.length === 0)
    return (
      <>
        {unknown}
        <p role="alert" className="rounded-md border border-amber-200 bg-amber-50 p-4 text-amber-950">
          {labels.noOpenCourses}
        </p>
      </>
    );
  const initial = open.some((c) => c.id === wanted) ? wanted : open[0]!.id;
  return (
    <>
      {unknown}
      <CheckoutFields
        key={`${initial}:${registrationId}`}
        courses={open}
        initialCourse={initial}
        registration={registrant ? { ...registrant, id: registrationId } : null}
        locale={locale}
        labels={labels}
        formLabels={formLabels}
      />
    </>
  );
}
