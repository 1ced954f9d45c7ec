import Link from 'next/link';
import type { ApplicantStatus } from '@/features/applications/server/applicants-schema';
import type { OfficeLocale } from '@/server/office/office-locales';
import { officeT } from '@/server/office/office-t';
import { officeDate } from '../../_ui/format';
import { EmptyList } from '../../_ui/office-table';

export interface BoardColumn {
  status: ApplicantStatus;
  total: number;
  cards: { id: string; createdAt: Date; locale: string; name: string; email: string | null; kept: boolean }[];
}

/**
 * A job's applicants as columns by status. Cards are links to the applicant's page, where the
 * status is changed (with its mail and confirmation): the board only shows, so it needs no script,
 * every card is reached with Tab, and a phone scrolls the columns sideways.
 */
export function ApplicantsBoard({ columns, locale, listHref }: { columns: BoardColumn[]; locale: OfficeLocale; listHref: string }) {
  const t = officeT(locale, 'Applicants');
  if (columns.every((c) => c.total === 0)) return <EmptyList text={t('boardEmpty')} />;
  return (
    // Focusable so the keyboard can scroll it when the columns are wider than the screen.
    <div
      role="region"
      aria-label={t('boardLabel')}
      tabIndex={0}
      className="-mx-1 flex snap-x gap-3 overflow-x-auto px-1 relative pb-3 focus-visible:outline-2 focus-visible:outline-brand-700"
    >
      {columns.map((column) => (
        <section
          key={column.status}
          aria-labelledby={`column-${column.status}`}
          className="grid w-[min(17rem,80vw)] shrink-0 snap-start content-start gap-2 rounded-lg border border-gray-200 bg-gray-50 p-3"
        >
          <h2 id={`column-${column.status}`} className="text-sm font-semibold">
            {t('column', { status: t(`statuses.${column.status}`), count: column.total })}
          </h2>
          {column.cards.length === 0 ? (
            <p className="text-sm text-muted">{t('columnEmpty')}</p>
          ) : (
            <ol className="grid gap-2">
              {column.cards.map((card) => (
                <li key={card.id} className="rounded-md border border-gray-200 bg-white p-3 text-sm shadow-xs">
                  <Link href={`/office/applicants/${card.id}`} className="font-medium break-words text-brand-700 underline">
                    {card.name || card.email || card.id}
                  </Link>
                  <p className="mt-1 text-xs text-muted">
                    {officeDate(card.createdAt, locale)} · <span className="uppercase">{card.locale}</span>
                    {card.kept ? <> · {t('keptBadge')}</> : null}
                  </p>
                </li>
              ))}
            </ol>
          )}
          {column.total > column.cards.length ? (
            <p className="text-xs text-muted">
              {t('columnMore', { shown: column.cards.length, total: column.total })}{' '}
              <Link href={`${listHref}&status=${column.status}`} className="text-brand-700 underline">
                {t('columnAll')}
              </Link>
            </p>
          ) : null}
        </section>
      ))}
    </div>
  );
}
