import Link from 'next/link';
import { OfficePrivacyQuery } from '@/features/privacy/schema';
import { officeRequests } from '@/features/privacy/server/privacy-office';
import { database } from '@/server/db';
import { officeT } from '@/server/office/office-t';
import { officePage } from '@/server/office/pages';
import { DetailSection } from '../_ui/detail-rows';
import { officeDate } from '../_ui/format';
import { listQuery } from '../_ui/list-query';
import { OfficeList } from '../_ui/office-list';
import { OfficeTable } from '../_ui/office-table';
import { OfficeShell } from '../_ui/office-shell';
import { OpenPrivacyRequest } from './open-request';

export const metadata = { title: 'Privacy requests' };

type Row = Awaited<ReturnType<typeof officeRequests>>['rows'][number];

/** Requests with their state and deadline, each linked to its page; the table's region is named by its section's heading. */
function RequestsTable({ rows, locale, labelledBy }: { rows: Row[]; locale: string; labelledBy: string }) {
  const t = officeT(locale, 'Privacy');
  return (
    <OfficeTable
      plain
      rows={rows}
      region={{ role: 'region', labelledBy }}
      columns={[
        {
          head: t('email'),
          cell: (r) => (
            <Link href={`/office/privacy/${r.id}`} className="font-medium break-all text-brand-700 underline">
              {r.email}
            </Link>
          ),
        },
        { head: t('kind'), cell: (r) => t(`kinds.${r.kind as 'copy'}`) },
        { head: t('status'), cell: (r) => t(`statuses.${r.status as 'done'}`) },
        { head: t('created'), cell: (r) => officeDate(r.createdAt, locale) },
        {
          head: t('due'),
          cell: (r) => (
            <>
              {r.dueAt ? officeDate(r.dueAt, locale) : '—'}
              {r.overdue ? <strong className="ml-2 text-red-800">{t('overdue')}</strong> : null}
            </>
          ),
        },
        { head: t('completed'), cell: (r) => (r.completedAt ? officeDate(r.completedAt, locale) : '—') },
      ]}
    />
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
  const list = await listQuery(searchParams, OfficePrivacyQuery, '/office/privacy');
  const { query } = list;
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
      <DetailSection id="open" title={t('open')}>
        <p className="text-sm text-muted">{t('openHint')}</p>
        <OpenPrivacyRequest />
      </DetailSection>
      <section className="grid gap-2">
        <h2 id="all" className="text-lg font-semibold">
          {t('all')}
        </h2>
        <OfficeList
          locale={staff.locale}
          count={rows.length}
          // Past the first page, a list that ended shows no "none yet".
          empty={query.after ? null : t('empty')}
          pages={list.pages(next)}
        >
          <RequestsTable rows={rows} locale={staff.locale} labelledBy="all" />
        </OfficeList>
      </section>
    </OfficeShell>
  );
}
