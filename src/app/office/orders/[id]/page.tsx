import Link from 'next/link';
import { money } from '@/features/courses/server/orders-service';
import { viewOrder } from '@/features/courses/server/office-orders';
import { officeT } from '@/server/office/office-t';
import { officePage } from '@/server/office/pages';
import { listStaff } from '@/server/office/staff-members';
import { DetailRows, DetailSection } from '../../_ui/detail-rows';
import { officeDate, officeDay } from '../../_ui/format';
import { RecordPage } from '../../_ui/record-page';
import { viewedRecord } from '../../_ui/viewed-record';
import { PersonRecords, SentMails } from '../../_ui/record-sections';
import { OrderActions } from '../_ui/order-actions';

export const metadata = { title: 'Order' };

/** An order: who bought what, where it stands, its history and mails, and what staff can do about it. */
export default async function OrderPage({ params }: { params: Promise<{ id: string }> }) {
  const staff = await officePage('/office/orders/[id]');
  const { db, detail } = await viewedRecord(params, staff, viewOrder);
  const t = officeT(staff.locale, 'Orders');
  const { order, course, registration, events, mails, invoice, person } = detail;
  const names = new Map((await listStaff(db)).members.map((m) => [m.id, m.name]));
  const amount = (cents: number) => money(cents, order.currency, staff.locale);

  const title = `${t('order')} ${order.reference} · ${order.name}`;
  const side = (
    <>
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
    </>
  );
  return (
    <RecordPage staff={staff} current="/office/orders" title={title} back={t('backToOrders')} side={side}>
      <DetailSection id="details" title={t('details')}>
        <DetailRows
          rows={[
            [t('status'), t(`statuses.${order.status as 'paid'}`)],
            [t('reference'), order.reference],
            [t('course'), course.title, `/office/courses/${encodeURIComponent(course.id)}`],
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
      </DetailSection>
      <DetailSection id="history" title={t('history')}>
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
      </DetailSection>
      <SentMails mails={mails} locale={staff.locale} title={t('mails')} empty={t('noMails')} />
    </RecordPage>
  );
}
