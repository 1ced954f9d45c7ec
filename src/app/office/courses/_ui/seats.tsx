import type { Seats } from '@/features/courses/server/office-courses';
import { officeT } from '@/server/office/office-t';

const PARTS = [
  ['paid', 'bg-brand-700'],
  ['awaitingPayment', 'bg-amber-500'],
  ['held', 'bg-sky-400'],
  ['offered', 'bg-violet-400'],
  ['free', 'bg-gray-200'],
] as const;

/** A course's seats as one bar (paid, awaiting payment, held, free) with the figures written beside it. */
export function SeatsBar({ seats, locale, compact = false }: { seats: Seats; locale: string; compact?: boolean }) {
  const t = officeT(locale, 'Courses');
  const total = Math.max(seats.total, 1);
  return (
    <div className="grid gap-1">
      <div className="flex h-2.5 overflow-hidden rounded-full bg-gray-200" aria-hidden="true">
        {PARTS.map(([key, color]) => (
          <span key={key} className={color} style={{ width: `${(100 * seats[key]) / total}%` }} />
        ))}
      </div>
      {compact ? (
        <p className="text-xs">
          {t('seatsLine', { free: seats.free, total: seats.total })} · {t('seats.paid')} {seats.paid} · {t('seats.awaitingPayment')}{' '}
          {seats.awaitingPayment} · {t('seats.held')} {seats.held}
          {seats.waiting ? ` · ${t('seats.waiting')} ${seats.waiting}` : ''}
        </p>
      ) : (
        <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
          {(['total', 'held', 'awaitingPayment', 'paid', 'offered', 'free', 'released', 'waiting'] as const).map((key) => (
            <div key={key}>
              <dt className="text-muted">{t(`seats.${key}`)}</dt>
              <dd className="text-lg font-semibold">{seats[key]}</dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  );
}
