import Link from 'next/link';
import { notFound } from 'next/navigation';
import { isPlausibleId } from '@/lib/ids';
import { localizedPath } from '@/i18n/routing';
import { database } from '@/server/db';
import { AppError } from '@/server/errors';
import { courseFormValues, officeCourse } from '@/features/courses/server/office-courses';
import { officeT } from '@/server/office/office-t';
import { officePage } from '@/server/office/pages';
import { DetailSection } from '../../_ui/detail-rows';
import { OfficeShell } from '../../_ui/office-shell';
import { CourseForm, type CourseFormValues } from '../_ui/course-form';
import { SeatsBar } from '../_ui/seats';

export const metadata = { title: 'Course' };

/** A course (`new` for a new one): its seats, its form, publish or unpublish, and its registrations and orders. */
export default async function CoursePage({ params }: { params: Promise<{ id: string }> }) {
  const staff = await officePage('/office/courses/[id]');
  const t = officeT(staff.locale, 'Courses');
  const { id } = await params;
  const canEdit = staff.role !== 'sales';
  if (id === 'new' && !canEdit) notFound();
  let course: Awaited<ReturnType<typeof officeCourse>> | undefined;
  if (id !== 'new') {
    try {
      course = isPlausibleId(id) ? await officeCourse((await database()).db, id) : undefined;
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
    }
    if (!course) notFound();
  }
  const values = course ? (courseFormValues(course) as CourseFormValues) : undefined;
  return (
    <OfficeShell staff={staff} current="/office/courses" title={course ? course.title : t('newCourse')}>
      <div className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
        <Link href="/office/courses" className="text-brand-700 underline">
          ← {t('back')}
        </Link>
        {course ? (
          <>
            <Link href={`/office/registrations?course=${course.id}`} className="text-brand-700 underline">
              {t('registrations')}
            </Link>
            <Link href={`/office/orders?course=${course.id}`} className="text-brand-700 underline">
              {t('orders')}
            </Link>
            {course.published ? (
              <a href={localizedPath(`/education/${course.id}/specs`, 'en')} className="text-brand-700 underline">
                {t('publicPage')}
              </a>
            ) : null}
          </>
        ) : null}
      </div>
      {course ? (
        <DetailSection id="seats" title={t('seats.title')}>
          <SeatsBar seats={course.seats} locale={staff.locale} />
        </DetailSection>
      ) : null}
      <CourseForm initial={values} published={course?.published} canEdit={canEdit} />
    </OfficeShell>
  );
}
