import Link from 'next/link';
import { database } from '@/server/db';
import { auditPage } from '@/server/office/audit';
import { AuditQuery } from '@/server/office/office-schemas';
import { officeT } from '@/server/office/office-t';
import { officePage } from '@/server/office/pages';
import { listStaff } from '@/server/office/staff-members';
import { officeDate } from '../_ui/format';
import { listQuery } from '../_ui/list-query';
import { ListFilters, period } from '../_ui/list-filters';
import { OfficeList } from '../_ui/office-list';
import { OfficeTable } from '../_ui/office-table';
import { OfficeShell } from '../_ui/office-shell';

export const metadata = { title: 'Audit log' };

/**
 * Who a row without a staff member names: a failed sign-in, else the person acting on their own
 * record from the site (a withdrawal, a closed listing, a privacy request: their client address is
 * kept), else the server (its command line and the queue's jobs have no address).
 */
const withoutStaff = (row: { action: string; ip: string | null }) =>
  row.action.startsWith('sign_in') ? 'unknown' : row.ip ? 'visitor' : 'operator';

/**
 * A row's record: a lead's or a privacy request's linked to its page (a lead's export names no
 * lead); a member's (a sign-in failure or lock-out, a change of role or access) by their name.
 */
function AuditRecord({ action, record, names }: { action: string; record: string | null; names: Map<string, string> }) {
  if (record && names.has(record)) return names.get(record);
  if (action.startsWith('lead.') && record && !record.includes(' '))
    return (
      <Link href={`/office/leads/${record}`} className="text-brand-700 underline">
        {record}
      </Link>
    );
  if (action.startsWith('privacy.') && record)
    return (
      <Link href={`/office/privacy/${record}`} className="text-brand-700 underline">
        {record}
      </Link>
    );
  return record ?? '—';
}

export default async function AuditPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const staff = await officePage('/office/audit');
  const t = officeT(staff.locale, 'Audit');
  const l = officeT(staff.locale, 'Leads');
  const list = await listQuery(searchParams, AuditQuery, '/office/audit');
  const q = list.query;
  const db = (await database()).db;
  const { rows, next } = await auditPage(db, q);
  const { members } = await listStaff(db);
  const names = new Map(members.map((m) => [m.id, m.name]));

  return (
    <OfficeShell staff={staff} current="/office/audit" title={t('title')}>
      <p className="max-w-3xl text-sm text-muted">{t('intro')}</p>
      <OfficeList
        locale={staff.locale}
        filters={
          <ListFilters
            list={list}
            t={l}
            fields={[
              { name: 'actor', label: t('who'), any: t('anyone'), options: members.map((m) => ({ value: m.id, label: m.name })) },
              { name: 'action', label: t('action'), placeholder: 'lead, sign_in, staff.role…' },
              ...period(l('from'), l('to')),
            ]}
            columns="sm:grid-cols-2 lg:grid-cols-5"
          />
        }
        count={rows.length}
        empty={t('empty')}
        pages={list.pages(next)}
      >
        {/* Focusable: on a phone the table scrolls sideways, and a keyboard must reach it. */}
        <OfficeTable
          rows={rows}
          region={{ role: 'region', label: t('title') }}
          columns={[
            { head: t('when'), cell: (row) => officeDate(row.at, staff.locale), className: 'whitespace-nowrap' },
            { head: t('who'), cell: (row) => (row.actor ? (names.get(row.actor) ?? row.actor) : t(withoutStaff(row))) },
            { head: t('action'), cell: (row) => row.action, className: 'font-mono text-xs' },
            {
              head: t('record'),
              cell: (row) => <AuditRecord action={row.action} record={row.record} names={names} />,
              className: 'font-mono text-xs break-all',
            },
            { head: t('address'), cell: (row) => row.ip ?? '—', className: 'font-mono text-xs' },
          ]}
        />
      </OfficeList>
    </OfficeShell>
  );
}
