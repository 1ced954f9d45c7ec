import Link from 'next/link';
import { OfficePrivacyQuery } from '@/features/privacy/schema';
import { officeRequests } from '@/features/privacy/server/privacy-office';
import { database } from '@/server/db';
import { officeT } from '@/server/office/office-t';
import { officePage } from '@/server/office/pages';
import { detailSection } from '../_ui/detail-rows';
import { officeDate } from '../_ui/format';
import { listQuery } from '../_ui/list-query';
import { OfficeShell } from '../_ui/office-shell';
import { Pager } from '../_ui/pager';
import { OpenPrivacyRequest } from './open-request';

export const metadata = { title: 'Privacy requests' };

type Row = Awaited<ReturnType<typeof officeRequests>>['rows'][number];

/** Requests with their state and deadline, each linked to its page; the table's region is named by its section's heading. */
function RequestsTable({ rows, locale, labelledBy }: { rows: Row[]; locale: string; labelledBy: string }) {
  const t = officeT(locale, 'Privacy');
  return (
    <div className="relative overflow-x-auto" role="region" aria-labelledby={labelledBy} tabIndex={0}>
      <table className="w-full text-left text-sm">
        <thead>
          <tr className="border-b border-gray-300">
            <th scope="col" className="py-2 pr-3">
              {t('email')}
            </th>
            <th scope="col" className="py-2 pr-3">
              {t('kind')}
            </th>
            <th scope="col" className="py-2 pr-3">
              {t('status')}
            </th>
            <th scope="col" className="py-2 pr-3">
              {t('created')}
            </th>
            <th scope="col" className="py-2 pr-3">
              {t('due')}
            </th>
            <th scope="col" className="py-2">
              {t('completed')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id} className="border-b border-gray-100">
              <td className="py-2 pr-3">
                <Link href={`/office/privacy/${r.id}`} className="font-medium break-all text-brand-700 underline">
                  {r.email}
                </Link>
              </td>
              <td className="py-2 pr-3">{t(`kinds.${r.kind as 'copy'}`)}</td>
              <td className="py-2 pr-3">{t(`statuses.${r.status as 'done'}`)}</td>
              <td className="py-2 pr-3">{officeDate(r.createdAt, locale)}</td>
              <td className="py-2 pr-3">
                {r.dueAt ? officeDate(r.dueAt, locale) : '—'}
                {r.overdue ? <strong className="ml-2 text-red-800">{t('overdue')}</strong> : null}
              </td>
              <td className="py-2">{r.completedAt ? officeDate(r.completedAt, locale) : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Privacy requests: those past their legal deadline first, however old; then every request,
 * newest first, a page at a time; and a request opened for an address that wrote in.
 */
export default async function PrivacyRequestsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const staff = await officePage('/office/privacy');
  const t = officeT(staff.locale, 'Privacy');
  const { query, params } = await listQuery(searchParams, OfficePrivacyQuery);
  const { rows, next, overdue, overdueCount } = await officeRequests((await database()).db, { after: query.after });
  return (
    <OfficeShell staff={staff} current="/office/privacy" title={t('title')}>
      <p className="text-sm text-muted">{t('intro')}</p>
      {overdue.length > 0 ? (
        <section className="grid gap-2">
          <h2 id="overdue" className="text-lg font-semibold text-red-800">
            {t('overdueTitle', { count: overdueCount })}
          </h2>
          <p className="text-sm text-muted">{t('overdueHint')}</p>
          <RequestsTable rows={overdue} locale={staff.locale} labelledBy="overdue" />
        </section>
      ) : null}
      <section className={detailSection} aria-labelledby="open">
        <h2 id="open" className="text-lg font-semibold">
          {t('open')}
        </h2>
        <p className="text-sm text-muted">{t('openHint')}</p>
        <OpenPrivacyRequest />
      </section>
      <section className="grid gap-2">
        <h2 id="all" className="text-lg font-semibold">
          {t('all')}
        </h2>
        {rows.length === 0 ? (
          // Past the first page, a list that ended shows no "none yet".
          query.after ? null : (
            <p className="rounded-lg border border-dashed border-gray-300 bg-white p-6 text-center text-muted">{t('empty')}</p>
          )
        ) : (
          <RequestsTable rows={rows} locale={staff.locale} labelledBy="all" />
        )}
        <Pager
          locale={staff.locale}
          first={query.after ? `/office/privacy?${params()}` : undefined}
          next={next ? `/office/privacy?${params({ after: next })}` : undefined}
        />
      </section>
    </OfficeShell>
  );
}
