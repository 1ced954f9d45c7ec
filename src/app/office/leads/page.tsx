import Link from 'next/link';
import { database } from '@/server/db';
import { inboxPage } from '@/features/forms/server/inbox';
import { InboxQuery, SALES_KINDS } from '@/features/forms/server/inbox-schema';
import { LEAD_STATUSES } from '@/features/forms/server/lead-statuses';
import { officeT } from '@/server/office/office-t';
import { officePage } from '@/server/office/pages';
import { listStaff } from '@/server/office/staff-members';
import { filterOf } from '@/features/forms/server/inbox-filter';
import { officeDate } from '../_ui/format';
import { LANGUAGE_OPTIONS, optionsOf } from '../_ui/choice';
import { ListFilters, type FilterField } from '../_ui/list-filters';
import { listQuery } from '../_ui/list-query';
import { OfficeList } from '../_ui/office-list';
import { OfficeTable } from '../_ui/office-table';
import { OfficeShell } from '../_ui/office-shell';

export const metadata = { title: 'Leads' };

export default async function LeadsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const staff = await officePage('/office/leads');
  const t = officeT(staff.locale, 'Leads');
  const list = await listQuery(searchParams, InboxQuery, '/office/leads');
  const { query, filters, params } = list;
  const db = (await database()).db;
  const { rows, next } = await inboxPage(db, filterOf(query), query.after);
  const { members } = await listStaff(db);
  const names = new Map(members.map((m) => [m.id, m.name]));
  const filtered = Object.keys(filters).length > 0;
  const known = (group: 'kinds' | 'statuses', key: string) => (t.has(`${group}.${key}` as never) ? t(`${group}.${key}` as never) : key);

  const more: FilterField[] = [
    { name: 'kind', label: t('kind'), options: optionsOf(SALES_KINDS, (k) => t(`kinds.${k}`)) },
    { name: 'status', label: t('status'), options: optionsOf(LEAD_STATUSES, (s) => t(`statuses.${s}`)) },
    {
      name: 'assignee',
      label: t('assignee'),
      options: [{ value: 'none', label: t('unassigned') }, ...members.map((m) => ({ value: m.id, label: m.name }))],
    },
    { name: 'locale', label: t('language'), options: LANGUAGE_OPTIONS },
    { name: 'source', label: t('source') },
    { name: 'campaign', label: t('campaign') },
  ];
  const csv = (
    <a href={`/rest/office/leads/export?${params({})}`} className="justify-self-end text-sm font-medium text-brand-700 underline" download>
      {t('export')}
    </a>
  );

  return (
    <OfficeShell staff={staff} current="/office/leads" title={t('title')}>
      <OfficeList
        locale={staff.locale}
        filters={<ListFilters list={list} t={t} more={more} moreColumns="sm:grid-cols-2 lg:grid-cols-4" footer={csv} />}
        count={rows.length}
        empty={filtered ? t('empty') : t('emptyAll')}
        pages={list.pages(next)}
      >
        <OfficeTable
          rows={rows}
          rowClassName="hover:bg-brand-50"
          columns={[
            { head: t('received'), cell: (row) => officeDate(row.createdAt, staff.locale), className: 'whitespace-nowrap' },
            {
              head: t('name'),
              cell: (row) => (
                <>
                  <Link href={`/office/leads/${row.id}`} className="font-medium text-brand-700 underline">
                    {row.name || row.email || row.id}
                  </Link>
                  <div className="text-xs text-muted">{row.email}</div>
                </>
              ),
            },
            { head: t('kind'), cell: (row) => known('kinds', row.type) },
            { head: t('company'), cell: (row) => row.company },
            { head: t('status'), cell: (row) => known('statuses', row.status) },
            { head: t('assignee'), cell: (row) => (row.assigneeId ? (names.get(row.assigneeId) ?? '—') : t('unassigned')) },
            { head: t('language'), cell: (row) => row.locale, className: 'uppercase' },
            { head: t('source'), cell: (row) => row.source },
          ]}
        />
      </OfficeList>
    </OfficeShell>
  );
}
