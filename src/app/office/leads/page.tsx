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
import { listQuery } from '../_ui/list-query';
import { OfficeShell } from '../_ui/office-shell';
import { Pager } from '../_ui/pager';

export const metadata = { title: 'Leads' };

const input = 'w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-sm';

export default async function LeadsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const staff = await officePage('/office/leads');
  const t = officeT(staff.locale, 'Leads');
  const { query, filters, params } = await listQuery(searchParams, InboxQuery);
  const db = (await database()).db;
  const { rows, next } = await inboxPage(db, filterOf(query), query.after);
  const { members } = await listStaff(db);
  const names = new Map(members.map((m) => [m.id, m.name]));
  const filtered = Object.keys(filters).length > 0;
  const moreSet = Object.keys(filters).filter((k) => k !== 'q').length;

  return (
    <OfficeShell staff={staff} current="/office/leads" title={t('title')}>
      <form method="get" className="grid gap-3 rounded-lg border border-gray-200 bg-white p-4" aria-label={t('filters')}>
        <div className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
          <label className="grid gap-1 text-sm font-medium">
            {t('search')}
            <input name="q" type="search" defaultValue={query.q ?? ''} className={input} />
          </label>
          <div className="flex gap-2">
            <button type="submit" className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800">
              {t('apply')}
            </button>
            <Link href="/office/leads" className="rounded-md border border-gray-300 bg-white px-4 py-2 text-sm font-semibold">
              {t('clear')}
            </Link>
          </div>
        </div>
        {/* The other filters fold away (open once one is set), so a phone shows the leads first. */}
        <details open={moreSet > 0 || undefined}>
          <summary className="cursor-pointer text-sm font-medium text-brand-700">{t('moreFilters', { count: moreSet })}</summary>
          <div className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            <label className="grid gap-1 text-sm font-medium">
              {t('kind')}
              <select name="kind" defaultValue={query.kind ?? ''} className={input}>
                <option value="">{t('any')}</option>
                {SALES_KINDS.map((k) => (
                  <option key={k} value={k}>
                    {t(`kinds.${k}`)}
                  </option>
                ))}
              </select>
            </label>
            <label className="grid gap-1 text-sm font-medium">
              {t('status')}
              <select name="status" defaultValue={query.status ?? ''} className={input}>
                <option value="">{t('any')}</option>
                {LEAD_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {t(`statuses.${s}`)}
                  </option>
                ))}
              </select>
            </label>
            <label className="grid gap-1 text-sm font-medium">
              {t('assignee')}
              <select name="assignee" defaultValue={query.assignee ?? ''} className={input}>
                <option value="">{t('any')}</option>
                <option value="none">{t('unassigned')}</option>
                {members.map((m) => (
                  <option key={m.id} value={m.id}>
                    {m.name}
                  </option>
                ))}
              </select>
            </label>
            <label className="grid gap-1 text-sm font-medium">
              {t('language')}
              <select name="locale" defaultValue={query.locale ?? ''} className={input}>
                <option value="">{t('any')}</option>
                {['en', 'es', 'fr', 'de', 'it'].map((l) => (
                  <option key={l} value={l}>
                    {l.toUpperCase()}
                  </option>
                ))}
              </select>
            </label>
            <label className="grid gap-1 text-sm font-medium">
              {t('source')}
              <input name="source" defaultValue={query.source ?? ''} className={input} />
            </label>
            <label className="grid gap-1 text-sm font-medium">
              {t('campaign')}
              <input name="campaign" defaultValue={query.campaign ?? ''} className={input} />
            </label>
            <label className="grid gap-1 text-sm font-medium">
              {t('from')}
              <input name="from" type="date" defaultValue={query.from ?? ''} className={input} />
            </label>
            <label className="grid gap-1 text-sm font-medium">
              {t('to')}
              <input name="to" type="date" defaultValue={query.to ?? ''} className={input} />
            </label>
          </div>
        </details>
        <a
          href={`/rest/office/leads/export?${params({})}`}
          className="justify-self-end text-sm font-medium text-brand-700 underline"
          download
        >
          {t('export')}
        </a>
      </form>

      {rows.length === 0 ? (
        <p className="rounded-lg border border-dashed border-gray-300 bg-white p-8 text-center text-muted">
          {filtered ? t('empty') : t('emptyAll')}
        </p>
      ) : (
        <div className="relative overflow-x-auto rounded-lg border border-gray-200 bg-white">
          <table className="w-full text-left text-sm">
            <thead className="bg-gray-50 text-xs tracking-wide text-muted uppercase">
              <tr>
                <th scope="col" className="px-3 py-2">
                  {t('received')}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t('name')}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t('kind')}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t('company')}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t('status')}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t('assignee')}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t('language')}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t('source')}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} className="border-t border-gray-100 hover:bg-brand-50">
                  <td className="px-3 py-2 whitespace-nowrap">{officeDate(row.createdAt, staff.locale)}</td>
                  <td className="px-3 py-2">
                    <Link href={`/office/leads/${row.id}`} className="font-medium text-brand-700 underline">
                      {row.name || row.email || row.id}
                    </Link>
                    <div className="text-xs text-muted">{row.email}</div>
                  </td>
                  <td className="px-3 py-2">{t.has(`kinds.${row.type}` as never) ? t(`kinds.${row.type}` as never) : row.type}</td>
                  <td className="px-3 py-2">{row.company}</td>
                  <td className="px-3 py-2">
                    {t.has(`statuses.${row.status}` as never) ? t(`statuses.${row.status}` as never) : row.status}
                  </td>
                  <td className="px-3 py-2">{row.assigneeId ? (names.get(row.assigneeId) ?? '—') : t('unassigned')}</td>
                  <td className="px-3 py-2 uppercase">{row.locale}</td>
                  <td className="px-3 py-2">{row.source}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager
        locale={staff.locale}
        first={query.after ? `/office/leads?${params({})}` : undefined}
        next={next ? `/office/leads?${params({ after: next })}` : undefined}
      />
    </OfficeShell>
  );
}
