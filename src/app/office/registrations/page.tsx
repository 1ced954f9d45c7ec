import Link from 'next/link';
import { database } from '@/server/db';
import { OfficeRegistrationsQuery, REGISTRATION_STATES } from '@/features/courses/office-schema';
import { courseChoices } from '@/features/courses/server/office-courses';
import { listOfficeRegistrations, registrationStateOf } from '@/features/courses/server/office-orders';
import { officeT } from '@/server/office/office-t';
import { officePage } from '@/server/office/pages';
import { officeDate } from '../_ui/format';
import { listQuery } from '../_ui/list-query';
import { OfficeShell } from '../_ui/office-shell';
import { optionsOf } from '../_ui/choice';
import { ListFilters, type FilterField } from '../_ui/list-filters';
import { OfficeList } from '../_ui/office-list';
import { OfficeTable } from '../_ui/office-table';

export const metadata = { title: 'Registrations' };

/** Every course registration, newest first, by course, where it stands and period. */
export default async function RegistrationsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const staff = await officePage('/office/registrations');
  const t = officeT(staff.locale, 'Orders');
  const list = await listQuery(searchParams, OfficeRegistrationsQuery, '/office/registrations');
  const { query } = list;
  const db = (await database()).db;
  const [{ rows, next }, courses] = await Promise.all([listOfficeRegistrations(db, query), courseChoices(db)]);
  const titles = new Map(courses.map((c) => [c.id, c.title]));
  const more: FilterField[] = [
    { name: 'course', label: t('course'), options: courses.map((c) => ({ value: c.id, label: c.title })) },
    { name: 'state', label: t('state'), options: optionsOf(REGISTRATION_STATES, (s) => t(`states.${s}`)) },
  ];
  return (
    <OfficeShell staff={staff} current="/office/registrations" title={t('registrationsTitle')}>
      <OfficeList
        locale={staff.locale}
        filters={<ListFilters list={list} t={t} more={more} moreColumns="sm:grid-cols-2 lg:grid-cols-3" />}
        count={rows.length}
        empty={t('noRegistrations')}
        pages={list.pages(next)}
      >
        <OfficeTable
          rows={rows}
          columns={[
            {
              head: t('name'),
              cell: (r) => (
                <>
                  <Link href={`/office/registrations/${r.id}`} className="font-medium text-brand-700 underline">
                    {r.name}
                  </Link>
                  <div className="text-xs text-muted">{r.email}</div>
                </>
              ),
            },
            { head: t('course'), cell: (r) => titles.get(r.courseId) ?? r.courseId },
            { head: t('state'), cell: (r) => t(`states.${registrationStateOf(r)}`) },
            { head: t('received'), cell: (r) => officeDate(r.createdAt, staff.locale), className: 'whitespace-nowrap' },
          ]}
        />
      </OfficeList>
    </OfficeShell>
  );
}
