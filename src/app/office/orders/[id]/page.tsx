import Link from 'next/link';
import { notFound } from 'next/navigation';
import { headers } from 'next/headers';
import { isPlausibleId } from '@/lib/ids';
import { clientIp } from '@/server/api/client-ip';
import { database } from '@/server/db';
import { money } from '@/features/courses/server/orders-service';
import { viewOrder } from '@/features/courses/server/office-orders';
import { officeT } from '@/server/office/office-t';
import { officePage } from '@/server/office/pages';
import { listStaff } from '@/server/office/staff-members';
import { DetailRows, detailSection } from '../../_ui/detail-rows';
import { officeDate, officeDay } from '../../_ui/format';
import { OfficeShell } from '../../_ui/office-shell';
import { PersonRecords, SentMails } from '../../_ui/record-sections';
import { OrderActions } from '../_ui/order-actions';

export const metadata = { title: 'Order' };

/** An order: who bought what, where it stands, its history and mails, and what staff can do about it. */
export default async function OrderPage({ params }: { params: Promise<{ id: string }> }) {
  const staff = await officePage('/office/orders/[id]');
  const { id } = await params;
  const db = (await database()).db;
  // Every look at a person's details is in the audit log.
  const detail = isPlausibleId(id) ? await viewOrder(db, id, { actor: staff.id, ip: clientIp(await headers()) }) : undefined;
  if (!detail) notFound();
  const t = officeT(staff.locale, 'Orders');
  const { order, course, registration, events, mails, invoice, person } = detail;
  const names = new Map((await listStaff(db)).members.map((m) => [m.id, m.name]));
  const amount = (cents: number) => money(cents, order.currency, staff.locale);

  return (
    <OfficeShell staff={staff} current="/office/orders" title={`${t('order')} ${order.reference} · ${order.name}`}>
      <Link href="/office/orders" className="text-sm text-brand-700 underline">
        ← {t('backToOrders')}
      </Link>
      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <div className="grid content-start gap-6">
          <section className={detailSection} aria-labelledby="details">
            <h2 id="details" className="text-lg font-semibold">
              {t('details')}
            </h2>
            <DetailRows
              rows={[
                [t('status'), t(`statuses.${order.status as 'paid'}`)],
                [t('reference'), order.reference],
                [t('course'), `${course.title} (${course.id})`],
                [t('seats'), String(order.quantity)],
                [t('amount'), amount(order.amountCents)],
                ...(order.refundedCents ? [[t('refunded'), amount(order.refundedCents)] as [string, string]] : []),
                [t('method'), t(`methods.${order.method as 'stripe'}`)],
                [t('name'), order.name],
                [t('email'), order.email],
                [t('billing'), [order.billingCompany, order.billingAddress, order.billingVatId].filter(Boolean).join(' · ')],
                [t('language'), order.locale.toUpperCase()],
                [t('received'), officeDate(order.createdAt, staff.locale)],
                ...(order.paidAt ? [[t('paidAt'), officeDate(order.paidAt, staff.locale)] as [string, string]] : []),
                ...(order.status === 'awaiting_transfer' && order.expiresAt
                  ? [[t('expires'), officeDate(order.expiresAt, staff.locale)] as [string, string]]
                  : []),
              ]}
            />
            {invoice ? (
              <p className="text-sm">
                <a href={`/rest/office/orders/${order.id}/invoice.pdf`} className="text-brand-700 underline">
                  {t('invoice', { number: invoice.number })}
                </a>
              </p>
            ) : null}
            {registration ? (
              <p className="text-sm">
                <Link href={`/office/registrations/${registration.id}`} className="text-brand-700 underline">
                  {t('registration')}: {registration.name}
                </Link>
              </p>
            ) : null}
          </section>
          <section className={detailSection} aria-labelledby="history">
            <h2 id="history" className="text-lg font-semibold">
              {t('history')}
            </h2>
            <ol className="grid gap-2 text-sm">
              {events.map((e) => (
                <li key={e.id} className="grid gap-0.5 border-l-2 border-brand-200 pl-3">
                  <span className="font-medium">
                    {t(`events.${e.kind}`)}
                    {e.amountCents !== null && e.kind !== 'created' ? ` · ${amount(e.amountCents)}` : ''}
                    {e.detail?.receivedOn ? ` · ${t('eventReceived', { date: officeDay(e.detail.receivedOn, staff.locale) })}` : ''}
                  </span>
                  <span className="text-muted">
                    {officeDate(e.at, staff.locale)}
                    {e.actor ? ` · ${t('by', { name: names.get(e.actor) ?? e.actor })}` : ''}
                  </span>
                </li>
              ))}
            </ol>
          </section>
          <SentMails mails={mails} locale={staff.locale} title={t('mails')} empty={t('noMails')} />
        </div>
        <div className="grid content-start gap-6">
          <OrderActions
            order={{
              id: order.id,
              status: order.status,
              method: order.method,
              amount: (order.amountCents / 100).toFixed(2),
              left: amount(order.amountCents - order.refundedCents),
              amountText: amount(order.amountCents),
            }}
          />
          <PersonRecords records={person} locale={staff.locale} />
        </div>
      </div>
    </OfficeShell>
  );
}
