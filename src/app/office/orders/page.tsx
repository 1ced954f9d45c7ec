import Link from 'next/link';
import { database } from '@/server/db';
import { money } from '@/features/courses/server/orders-service';
import { OfficeOrdersQuery, ORDER_STATUSES, PAYMENT_METHODS } from '@/features/courses/office-schema';
import { courseChoices } from '@/features/courses/server/office-courses';
import { listOfficeOrders } from '@/features/courses/server/office-orders';
import { officeT } from '@/server/office/office-t';
import { officePage } from '@/server/office/pages';
import { officeDate } from '../_ui/format';
import { listQuery } from '../_ui/list-query';
import { OfficeShell } from '../_ui/office-shell';
import { optionsOf } from '../_ui/choice';
import { ListFilters, type FilterField } from '../_ui/list-filters';
import { OfficeList } from '../_ui/office-list';
import { OfficeTable } from '../_ui/office-table';

export const metadata = { title: 'Orders' };

/** Every course order, newest first, by course, status, payment method and period. */
export default async function OrdersPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const staff = await officePage('/office/orders');
  const t = officeT(staff.locale, 'Orders');
  const list = await listQuery(searchParams, OfficeOrdersQuery, '/office/orders');
  const { query } = list;
  const db = (await database()).db;
  const [{ rows, next }, courses] = await Promise.all([listOfficeOrders(db, query), courseChoices(db)]);
  const more: FilterField[] = [
    { name: 'course', label: t('course'), options: courses.map((c) => ({ value: c.id, label: c.title })) },
    { name: 'status', label: t('status'), options: optionsOf(ORDER_STATUSES, (s) => t(`statuses.${s}`)) },
    { name: 'method', label: t('method'), options: optionsOf(PAYMENT_METHODS, (m) => t(`methods.${m}`)) },
  ];
  return (
    <OfficeShell staff={staff} current="/office/orders" title={t('ordersTitle')}>
      <OfficeList
        locale={staff.locale}
        filters={<ListFilters list={list} t={t} more={more} moreColumns="sm:grid-cols-2 lg:grid-cols-3" />}
        count={rows.length}
        empty={t('noOrders')}
        pages={list.pages(next)}
      >
        <OfficeTable
          rows={rows}
          columns={[
            {
              head: t('reference'),
              cell: (o) => (
                <Link href={`/office/orders/${o.id}`} className="font-mono font-medium text-brand-700 underline">
                  {o.reference}
                </Link>
              ),
            },
            {
              head: t('name'),
              cell: (o) => (
                <>
                  {o.name}
                  <div className="text-xs text-muted">{o.email}</div>
                </>
              ),
            },
            { head: t('course'), cell: (o) => o.courseId },
            { head: t('seats'), cell: (o) => o.quantity },
            { head: t('amount'), cell: (o) => money(o.amountCents, o.currency, staff.locale), className: 'whitespace-nowrap' },
            { head: t('method'), cell: (o) => t(`methods.${o.method as 'stripe'}`) },
            { head: t('status'), cell: (o) => t(`statuses.${o.status as 'paid'}`) },
            { head: t('received'), cell: (o) => officeDate(o.createdAt, staff.locale), className: 'whitespace-nowrap' },
          ]}
        />
      </OfficeList>
    </OfficeShell>
  );
}
