import Link from 'next/link';
import { database } from '@/server/db';
import { auditPage } from '@/server/office/audit';
import { AuditQuery } from '@/server/office/office-schemas';
import { officeT } from '@/server/office/office-t';
import { officePage } from '@/server/office/pages';
import { listStaff } from '@/server/office/staff-members';
import { officeDate } from '../_ui/format';
import { listQuery } from '../_ui/list-query';
import { OfficeShell } from '../_ui/office-shell';
import { Pager } from '../_ui/pager';

export const metadata = { title: 'Audit log' };

const input = 'w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-sm';

/**
 * Who a row without a staff member names: a failed sign-in, else the person acting on their own
 * record from the site (a withdrawal, a closed listing, a privacy request: their client address is
 * kept), else the server (its command line and the queue's jobs have no address).
 */
const withoutStaff = (row: { action: string; ip: string | null }) =>
  row.action.startsWith('sign_in') ? 'unknown' : row.ip ? 'visitor' : 'operator';

export default async function AuditPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const staff = await officePage('/office/audit');
  const t = officeT(staff.locale, 'Audit');
  const l = officeT(staff.locale, 'Leads');
  const { query: q, params } = await listQuery(searchParams, AuditQuery);
  const db = (await database()).db;
  const { rows, next } = await auditPage(db, q);
  const { members } = await listStaff(db);
  const names = new Map(members.map((m) => [m.id, m.name]));

  return (
    <OfficeShell staff={staff} current="/office/audit" title={t('title')}>
      <p className="max-w-3xl text-sm text-muted">{t('intro')}</p>
      <form
        method="get"
        className="grid gap-3 rounded-lg border border-gray-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-5"
        aria-label={l('filters')}
      >
        <label className="grid gap-1 text-sm font-medium">
          {t('who')}
          <select name="actor" defaultValue={q.actor ?? ''} className={input}>
            <option value="">{t('anyone')}</option>
            {members.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name}
              </option>
            ))}
          </select>
        </label>
        <label className="grid gap-1 text-sm font-medium">
          {t('action')}
          <input name="action" defaultValue={q.action ?? ''} placeholder="lead, sign_in, staff.role…" className={input} />
        </label>
        <label className="grid gap-1 text-sm font-medium">
          {l('from')}
          <input name="from" type="date" defaultValue={q.from ?? ''} className={input} />
        </label>
        <label className="grid gap-1 text-sm font-medium">
          {l('to')}
          <input name="to" type="date" defaultValue={q.to ?? ''} className={input} />
        </label>
        <div className="flex items-end gap-2">
          <button type="submit" className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800">
            {l('apply')}
          </button>
          <Link href="/office/audit" className="rounded-md border border-gray-300 bg-white px-4 py-2 text-sm font-semibold">
            {l('clear')}
          </Link>
        </div>
      </form>
      {rows.length === 0 ? (
        <p className="rounded-lg border border-dashed border-gray-300 bg-white p-8 text-center text-muted">{t('empty')}</p>
      ) : (
        // Focusable: on a phone the table scrolls sideways, and a keyboard must reach it.
        <div
          className="relative overflow-x-auto rounded-lg border border-gray-200 bg-white"
          role="region"
          aria-label={t('title')}
          tabIndex={0}
        >
          <table className="w-full text-left text-sm">
            <thead className="bg-gray-50 text-xs tracking-wide text-muted uppercase">
              <tr>
                <th scope="col" className="px-3 py-2">
                  {t('when')}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t('who')}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t('action')}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t('record')}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t('address')}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} className="border-t border-gray-100">
                  <td className="px-3 py-2 whitespace-nowrap">{officeDate(row.at, staff.locale)}</td>
                  <td className="px-3 py-2">{row.actor ? (names.get(row.actor) ?? row.actor) : t(withoutStaff(row))}</td>
                  <td className="px-3 py-2 font-mono text-xs">{row.action}</td>
                  <td className="px-3 py-2 font-mono text-xs break-all">
                    {row.action.startsWith('lead.') && row.record && !row.record.includes(' ') ? (
                      <Link href={`/office/leads/${row.record}`} className="text-brand-700 underline">
                        {row.record}
                      </Link>
                    ) : row.action.startsWith('privacy.') && row.record ? (
                      <Link href={`/office/privacy/${row.record}`} className="text-brand-700 underline">
                        {row.record}
                      </Link>
                    ) : (
                      (row.record ?? '—')
                    )}
                  </td>
                  <td className="px-3 py-2 font-mono text-xs">{row.ip ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager
        locale={staff.locale}
        first={q.after ? `/office/audit?${params({})}` : undefined}
        next={next ? `/office/audit?${params({ after: next })}` : undefined}
      />
    </OfficeShell>
  );
}
