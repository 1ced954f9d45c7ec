'use client';

import type { Messages } from '@/i18n/messages';
import type { Locale } from '@/i18n/routing';
import { FormUnsendableHint, useOnline } from '@/ui/online-status';
import type { CourseCard } from '../schema';
import { formatPrice } from '../format';
import { fill, type CourseLabels } from './labels';

/**
 * The total beside the checkout's form: the price per seat, its discount and the seats, how it is
 * paid, what went wrong with the last press, and the button that pays.
 */
export function CheckoutSummary({
  course,
  quantity,
  locale,
  labels,
  formLabels,
  problem,
  sending,
}: {
  course: CourseCard;
  quantity: number;
  locale: Locale;
  labels: CourseLabels;
  formLabels: Messages['Forms'];
  problem: string | null;
  sending: boolean;
}) {
  const online = useOnline();
  const price = (amount: number) => formatPrice(amount, course.currency, locale);
  return (
    <aside aria-label={labels.total} className="h-fit rounded-lg border border-gray-200 bg-gray-50 p-5">
      <p className="font-semibold text-ink">{course.title}</p>
      <dl className="mt-4 grid grid-cols-[1fr_auto] gap-y-2 text-sm">
        <dt className="text-gray-600">{labels.unitPrice}</dt>
        <dd className="text-right">{price(course.price)}</dd>
        {course.discount_percent > 0 ? (
          <>
            <dt className="text-gray-600">{fill(labels.discountLine, { percent: course.discount_percent })}</dt>
            <dd className="text-right">−{price(course.price - course.price_with_discount)}</dd>
          </>
        ) : null}
        <dt className="text-gray-600">{labels.fields.quantity}</dt>
        <dd className="text-right">× {quantity}</dd>
        <dt className="border-t border-gray-300 pt-2 text-base font-semibold text-ink">{labels.total}</dt>
        <dd className="border-t border-gray-300 pt-2 text-right text-base font-semibold text-ink" data-testid="checkout-total">
          {price(Math.round(course.price_with_discount * 100 * quantity) / 100)}
        </dd>
      </dl>
      <p className="mt-4 text-sm text-muted">{course.payment === 'card' ? labels.cardNote : labels.transferNote}</p>
      {problem ? (
        <p role="alert" className="mt-3 rounded-md bg-red-50 px-3 py-2 text-sm font-semibold text-red-900">
          {problem}
        </p>
      ) : null}
      <FormUnsendableHint />
      <button
        type="submit"
        disabled={sending || !online}
        className="mt-4 w-full rounded-md bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800 disabled:opacity-50"
      >
        {sending ? formLabels.sending : course.payment === 'card' ? labels.payCard : labels.payTransfer}
      </button>
    </aside>
  );
}
