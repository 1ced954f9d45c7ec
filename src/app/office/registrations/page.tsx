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
import { cell, ListFilters, tableHead } from '../orders/_ui/list-filters';
import { Pager } from '../_ui/pager';

export const metadata = { title: 'Registrations' };

/** Every course registration, newest first, by course, where it stands and period. */
export default async function RegistrationsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const staff = await officePage('/office/registrations');
  const t = officeT(staff.locale, 'Orders');
  const { query, filters, params } = await listQuery(searchParams, OfficeRegistrationsQuery);
  const db = (await database()).db;
  const [{ rows, next }, courses] = await Promise.all([listOfficeRegistrations(db, query), courseChoices(db)]);
  return (
    <OfficeShell staff={staff} current="/office/registrations" title={t('registrationsTitle')}>
      <ListFilters
        path="/office/registrations"
        locale={staff.locale}
        values={filters}
        selects={[
          { name: 'course', label: t('course'), options: courses.map((c) => ({ value: c.id, label: c.title })) },
          { name: 'state', label: t('state'), options: REGISTRATION_STATES.map((s) => ({ value: s, label: t(`states.${s}`) })) },
        ]}
      />
      {rows.length === 0 ? (
        <p className="rounded-lg border border-dashed border-gray-300 bg-white p-8 text-center text-muted">{t('noRegistrations')}</p>
      ) : (
        <div className="relative overflow-x-auto rounded-lg border border-gray-200 bg-white">
          <table className="w-full text-left text-sm">
            <thead className={tableHead}>
              <tr>
                {(['name', 'course', 'state', 'received'] as const).map((h) => (
                  <th key={h} scope="col" className={cell}>
                    {t(h)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} className="border-t border-gray-100">
                  <td className={cell}>
                    <Link href={`/office/registrations/${r.id}`} className="font-medium text-brand-700 underline">
                      {r.name}
                    </Link>
                    <div className="text-xs text-muted">{r.email}</div>
                  </td>
                  <td className={cell}>{r.courseId}</td>
                  <td className={cell}>{t(`states.${registrationStateOf(r)}`)}</td>
                  <td className={`${cell} whitespace-nowrap`}>{officeDate(r.createdAt, staff.locale)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager
        locale={staff.locale}
        first={query.after ? `/office/registrations?${params()}` : undefined}
        next={next ? `/office/registrations?${params({ after: next })}` : undefined}
      />
    </OfficeShell>
  );
}
