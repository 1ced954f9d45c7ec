'use client';

import { useEffect, useState, useSyncExternalStore } from 'react';
import type { Locale } from '@/i18n/routing';
import { ApiError, apiRequest } from '@/ui/api-client';
import { useLocationSearch } from '@/ui/use-location-search';
import type { OrderStatus } from '../schema';
import { formatCourseDate, formatPrice } from '../format';
import { fill, type CourseLabels } from './labels';
import { LoadFailed } from './load-failed';
import { CopyField } from './copy-field';

const subscribeNothing = () => () => {};

/** The amount as a bank's form takes it: digits and the language's decimal mark, no currency or grouping. */
const bankAmount = (amount: number, locale: Locale) =>
  new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false }).format(amount);

/**
 * Plurals the page needs, formatted by the server page with ICU for 1 to MAX_SEATS_PER_ORDER seats
 * (client code carries no message formatter, decision 008): `seats[n - 1]` is "n seats".
 */
export type OrderPlurals = { seats: string[]; transferTitles: string[] };

type State = { status: 'loading' } | { status: 'missing' } | { status: 'failed' } | { status: 'loaded'; order: OrderStatus };

/** How often, and for how long, the page asks whether Stripe's confirmation has arrived. */
const POLL_MS = 2000;
const POLL_TRIES = 30;

/**
 * The order after checkout: the congratulations only once the order is paid; the bank transfer
 * reminder while the seats wait for the money; a short wait while Stripe's webhook arrives.
 */
export function OrderResult({ locale, labels, plurals }: { locale: Locale; labels: CourseLabels; plurals: OrderPlurals }) {
  const orderId = new URLSearchParams(useLocationSearch()).get('order');
  const [state, setState] = useState<State>({ status: 'loading' });
  const hydrated = useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );

  useEffect(() => {
    if (!orderId) return;
    let tries = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = () =>
      apiRequest<OrderStatus>(`/checkout/orders/${encodeURIComponent(orderId)}?lang=${locale}`)
        .then((order) => {
          setState({ status: 'loaded', order });
          if (order.status === 'pending' && ++tries < POLL_TRIES) timer = setTimeout(load, POLL_MS);
        })
        .catch((err) => setState({ status: err instanceof ApiError && (err.status === 404 || err.status === 422) ? 'missing' : 'failed' }));
    load();
    return () => clearTimeout(timer);
  }, [orderId, locale]);

  // No order in the address (known only in the browser: the page is prerendered).
  if ((hydrated && !orderId) || state.status === 'missing')
    return (
      <p role="alert" className="text-ink">
        {labels.orderNotFound}
      </p>
    );
  if (state.status === 'loading')
    return (
      <p role="status" className="text-muted">
        {labels.loading}
      </p>
    );
  if (state.status === 'failed') {
    return <LoadFailed />;
  }
  const { order } = state;
  const count = (forms: string[]) => forms[order.quantity - 1] ?? String(order.quantity);
  const amount = formatPrice(order.amount, order.currency, locale);
  const about = `${order.course} · ${count(plurals.seats)}`;
  const check = (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="size-6 shrink-0 fill-green-700">
      <path d="M10 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16Zm-1.2 11.4L5.4 10l1.4-1.4 2 2 4.4-4.4 1.4 1.4-5.8 5.8Z" />
    </svg>
  );

  if (order.status === 'awaiting_transfer' && order.bank) {
    const { bank } = order;
    const f = labels.bankFields;
    return (
      <section aria-labelledby="order-headline" className="rounded-lg border border-green-300 bg-green-50 p-4 text-green-950 sm:p-6">
        <div role="status">
          <h2 id="order-headline" className="flex items-center gap-2 text-xl font-semibold">
            {check}
            {count(plurals.transferTitles)}
          </h2>
          <p className="mt-1">{about}</p>
        </div>
        <p className="mt-4">{labels.transferIntro}</p>
        <dl className="mt-4 rounded-md border border-green-200 bg-white px-4">
          <CopyField label={f.holder} value={bank.holder} labels={labels} />
          <CopyField label={f.iban} value={bank.iban} copyValue={bank.iban.replace(/\s+/g, '')} mono nowrap={false} labels={labels} />
          <CopyField label={f.bic} value={bank.bic} mono labels={labels} />
          <CopyField label={f.amount} value={amount} copyValue={bankAmount(order.amount, locale)} labels={labels} />
          <CopyField label={f.reference} value={order.reference} mono labels={labels} />
        </dl>
        <p className="mt-4 text-sm">
          {fill(labels.transferDeadline, { deadline: order.expiresAt ? formatCourseDate(order.expiresAt, locale) : '' })}
        </p>
      </section>
    );
  }
  if (order.status === 'paid') {
    return (
      <section aria-labelledby="order-headline" className="rounded-lg border border-green-300 bg-green-50 p-4 text-green-950 sm:p-6">
        <div role="status">
          <h2 id="order-headline" className="flex items-start gap-2 text-xl font-semibold">
            {check}
            {labels.paid}
          </h2>
          <p className="mt-1">{about}</p>
        </div>
        <dl className="mt-4 flex flex-wrap justify-between gap-2 rounded-md border border-green-200 bg-white px-4 py-3">
          <dt className="text-sm text-green-900">{labels.paidDetails}</dt>
          <dd className="font-semibold text-ink">{amount}</dd>
        </dl>
      </section>
    );
  }
  // Waiting for the card payment's confirmation, or an order that ended unpaid.
  const text = { pending: labels.pendingCard, cancelled: labels.cancelled, expired: labels.expired, awaiting_transfer: labels.pendingCard }[
    order.status
  ];
  return (
    <div role="status" className="rounded-lg border border-gray-300 bg-gray-50 p-5 text-ink">
      <p className="text-lg font-semibold">{text}</p>
      <p className="mt-2">
        {about}: {amount}
      </p>
    </div>
  );
}
