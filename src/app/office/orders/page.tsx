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
import { cell, ListFilters, tableHead } from './_ui/list-filters';
import { Pager } from '../_ui/pager';

export const metadata = { title: 'Orders' };

/** Every course order, newest first, by course, status, payment method and period. */
export default async function OrdersPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const staff = await officePage('/office/orders');
  const t = officeT(staff.locale, 'Orders');
  const { query, filters, params } = await listQuery(searchParams, OfficeOrdersQuery);
  const db = (await database()).db;
  const [{ rows, next }, courses] = await Promise.all([listOfficeOrders(db, query), courseChoices(db)]);
  return (
    <OfficeShell staff={staff} current="/office/orders" title={t('ordersTitle')}>
      <ListFilters
        path="/office/orders"
        locale={staff.locale}
        values={filters}
        selects={[
          { name: 'course', label: t('course'), options: courses.map((c) => ({ value: c.id, label: c.title })) },
          { name: 'status', label: t('status'), options: ORDER_STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) })) },
          { name: 'method', label: t('method'), options: PAYMENT_METHODS.map((m) => ({ value: m, label: t(`methods.${m}`) })) },
        ]}
      />
      {rows.length === 0 ? (
        <p className="rounded-lg border border-dashed border-gray-300 bg-white p-8 text-center text-muted">{t('noOrders')}</p>
      ) : (
        <div className="relative overflow-x-auto rounded-lg border border-gray-200 bg-white">
          <table className="w-full text-left text-sm">
            <thead className={tableHead}>
              <tr>
                {(['reference', 'name', 'course', 'seats', 'amount', 'method', 'status', 'received'] as const).map((h) => (
                  <th key={h} scope="col" className={cell}>
                    {t(h)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((o) => (
                <tr key={o.id} className="border-t border-gray-100">
                  <td className={cell}>
                    <Link href={`/office/orders/${o.id}`} className="font-mono font-medium text-brand-700 underline">
                      {o.reference}
                    </Link>
                  </td>
                  <td className={cell}>
                    {o.name}
                    <div className="text-xs text-muted">{o.email}</div>
                  </td>
                  <td className={cell}>{o.courseId}</td>
                  <td className={cell}>{o.quantity}</td>
                  <td className={`${cell} whitespace-nowrap`}>{money(o.amountCents, o.currency, staff.locale)}</td>
                  <td className={cell}>{t(`methods.${o.method as 'stripe'}`)}</td>
                  <td className={cell}>{t(`statuses.${o.status as 'paid'}`)}</td>
                  <td className={`${cell} whitespace-nowrap`}>{officeDate(o.createdAt, staff.locale)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager
        locale={staff.locale}
        first={query.after ? `/office/orders?${params()}` : undefined}
        next={next ? `/office/orders?${params({ after: next })}` : undefined}
      />
    </OfficeShell>
  );
}
