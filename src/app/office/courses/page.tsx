import Link from 'next/link';
import { database } from '@/server/db';
import { listOfficeCourses } from '@/features/courses/server/office-courses';
import { officeT } from '@/server/office/office-t';
import { officePage } from '@/server/office/pages';
import { officeDay } from '../_ui/format';
import { OfficeList } from '../_ui/office-list';
import { OfficeTable } from '../_ui/office-table';
import { OfficeShell } from '../_ui/office-shell';
import { SeatsBar } from './_ui/seats';

export const metadata = { title: 'Courses' };

/** The whole catalogue, published or not, latest start first, each course's seats at a glance. */
export default async function CoursesPage() {
  const staff = await officePage('/office/courses');
  const t = officeT(staff.locale, 'Courses');
  const rows = await listOfficeCourses((await database()).db);
  return (
    <OfficeShell staff={staff} current="/office/courses" title={t('title')}>
      {staff.role !== 'sales' ? (
        <p>
          <Link href="/office/courses/new" className="font-semibold text-brand-700 underline">
            {t('newCourse')}
          </Link>
        </p>
      ) : null}
      <OfficeList locale={staff.locale} count={rows.length} empty={t('empty')}>
        <OfficeTable
          rows={rows}
          rowClassName="align-top"
          columns={[
            {
              head: t('course'),
              cell: (c) => (
                <>
                  <Link href={`/office/courses/${c.id}`} className="font-medium text-brand-700 underline">
                    {c.title}
                  </Link>
                  <div className="text-xs text-muted">{c.id}</div>
                </>
              ),
            },
            { head: t('language'), cell: (c) => t(`languages.${c.locale as 'en'}`) },
            {
              head: t('dates'),
              cell: (c) => `${officeDay(c.startDate, staff.locale)} – ${officeDay(c.endDate, staff.locale)}`,
              className: 'whitespace-nowrap',
            },
            { head: t('state'), cell: (c) => (c.published ? t('published') : t('unpublished')) },
            { head: t('seats.title'), headClassName: 'min-w-64', cell: (c) => <SeatsBar seats={c.seats} locale={staff.locale} compact /> },
          ]}
        />
      </OfficeList>
    </OfficeShell>
  );
}
