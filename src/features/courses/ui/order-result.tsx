'use client';

import { useEffect, useState, useSyncExternalStore } from 'react';

const subscribeNothing = () => () => {};
import type { Locale } from '@/i18n/routing';
import { ApiError, apiRequest } from '@/ui/api-client';
import { useLocationSearch } from '@/ui/use-location-search';
import type { OrderStatus } from '../schema';
import { formatCourseDate, formatPrice } from '../format';
import { fill, type CourseLabels } from './labels';
import { LoadFailed } from './load-failed';

type State = { status: 'loading' } | { status: 'missing' } | { status: 'failed' } | { status: 'loaded'; order: OrderStatus };

/** How often, and for how long, the page asks whether Stripe's confirmation has arrived. */
const POLL_MS = 2000;
const POLL_TRIES = 30;

/**
 * The order after checkout: the congratulations only once the order is paid; the bank transfer
 * reminder while the seats wait for the money; a short wait while Stripe's webhook arrives.
 */
export function OrderResult({ locale, labels }: { locale: Locale; labels: CourseLabels }) {
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
      apiRequest<OrderStatus>(`/checkout/orders/${encodeURIComponent(orderId)}`)
        .then((order) => {
          setState({ status: 'loaded', order });
          if (order.status === 'pending' && ++tries < POLL_TRIES) timer = setTimeout(load, POLL_MS);
        })
        .catch((err) => setState({ status: err instanceof ApiError && (err.status === 404 || err.status === 422) ? 'missing' : 'failed' }));
    load();
    return () => clearTimeout(timer);
  }, [orderId]);

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
  const summary = fill(labels.orderSummary, {
    quantity: order.quantity,
    course: order.course,
    amount: formatPrice(order.amount, order.currency, locale),
  });
  const tone =
    order.status === 'paid'
      ? 'border-green-300 bg-green-50 text-green-950'
      : order.status === 'cancelled' || order.status === 'expired'
        ? 'border-gray-300 bg-gray-50 text-ink'
        : 'border-amber-300 bg-amber-50 text-amber-950';
  const headline = {
    paid: labels.paid,
    awaiting_transfer: fill(labels.awaitingTransfer, {
      reference: order.reference,
      deadline: order.expiresAt ? formatCourseDate(order.expiresAt, locale) : '',
    }),
    cancelled: labels.cancelled,
    expired: labels.expired,
    pending: labels.pendingCard,
  }[order.status];
  return (
    <div role="status" className={`rounded-lg border p-5 ${tone}`}>
      <p className="text-lg font-semibold">{headline}</p>
      <p className="mt-2">{summary}</p>
    </div>
  );
}
