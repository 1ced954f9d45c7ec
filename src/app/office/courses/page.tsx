import Link from 'next/link';
import { database } from '@/server/db';
import { listOfficeCourses } from '@/features/courses/server/office-courses';
import { officeT } from '@/server/office/office-t';
import { officePage } from '@/server/office/pages';
import { officeDay } from '../_ui/format';
import { OfficeShell } from '../_ui/office-shell';
import { SeatsBar } from './_ui/seats';

export const metadata = { title: 'Courses' };

/** The whole catalogue, published or not, latest start first, each course's seats at a glance. */
export default async function CoursesPage() {
  const staff = await officePage('/office/courses');
  const t = officeT(staff.locale, 'Courses');
  const rows = await listOfficeCourses((await database()).db);
  const th = 'px-3 py-2';
  return (
    <OfficeShell staff={staff} current="/office/courses" title={t('title')}>
      {staff.role !== 'sales' ? (
        <p>
          <Link href="/office/courses/new" className="font-semibold text-brand-700 underline">
            {t('newCourse')}
          </Link>
        </p>
      ) : null}
      {rows.length === 0 ? (
        <p className="rounded-lg border border-dashed border-gray-300 bg-white p-8 text-center text-muted">{t('empty')}</p>
      ) : (
        <div className="relative overflow-x-auto rounded-lg border border-gray-200 bg-white">
          <table className="w-full text-left text-sm">
            <thead className="bg-gray-50 text-xs tracking-wide text-muted uppercase">
              <tr>
                <th scope="col" className={th}>
                  {t('course')}
                </th>
                <th scope="col" className={th}>
                  {t('language')}
                </th>
                <th scope="col" className={th}>
                  {t('dates')}
                </th>
                <th scope="col" className={th}>
                  {t('state')}
                </th>
                <th scope="col" className={`${th} min-w-64`}>
                  {t('seats.title')}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((c) => (
                <tr key={c.id} className="border-t border-gray-100 align-top">
                  <td className="px-3 py-2">
                    <Link href={`/office/courses/${c.id}`} className="font-medium text-brand-700 underline">
                      {c.title}
                    </Link>
                    <div className="text-xs text-muted">{c.id}</div>
                  </td>
                  <td className="px-3 py-2">{t(`languages.${c.locale as 'en'}`)}</td>
                  <td className="px-3 py-2 whitespace-nowrap">
                    {officeDay(c.startDate, staff.locale)} – {officeDay(c.endDate, staff.locale)}
                  </td>
                  <td className="px-3 py-2">{c.published ? t('published') : t('unpublished')}</td>
                  <td className="px-3 py-2">
                    <SeatsBar seats={c.seats} locale={staff.locale} compact />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </OfficeShell>
  );
}
