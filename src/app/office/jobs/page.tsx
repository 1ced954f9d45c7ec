import Link from 'next/link';
import { database } from '@/server/db';
import { OfficeJobsQuery, OFFICE_JOB_STATUSES } from '@/features/jobs/office-schema';
import { dashboards, filterNames, filterValues } from '@/features/jobs/schema';
import { listOfficeJobs } from '@/features/jobs/server/office-jobs';
import { boardFilterOptions } from '@/features/jobs/server/salary';
import { messages } from '@/i18n/messages';
import { officeLocale } from '@/server/office/office-locales';
import { boardT, officeT } from '@/server/office/office-t';
import { officePage } from '@/server/office/pages';
import { officeDate } from '../_ui/format';
import { listQuery } from '../_ui/list-query';
import { OfficeShell } from '../_ui/office-shell';
import { Pager } from '../_ui/pager';
import { JobImport } from './_ui/job-import';

export const metadata = { title: 'Jobs' };

const input = 'w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-sm';

export default async function JobsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const staff = await officePage('/office/jobs');
  const t = officeT(staff.locale, 'Jobs');
  const board = boardT(staff.locale);
  const { query, filters, params } = await listQuery(searchParams, OfficeJobsQuery);
  const { rows, next } = await listOfficeJobs((await database()).db, query);
  // The salary ranges in the chosen board's currency (euros for every board but the Swiss one).
  const options = boardFilterOptions(staff.locale, query.dashboard ?? 'all', messages[officeLocale(staff.locale)].Jobs.options);
  const select = (name: string, values: readonly string[], label: string, text: (v: string) => string = (v) => v) => (
    <label key={name} className="grid gap-1 text-sm font-medium">
      {label}
      <select name={name} defaultValue={filters[name] ?? ''} className={input}>
        <option value="">{t('any')}</option>
        {values.map((v) => (
          <option key={v} value={v}>
            {text(v)}
          </option>
        ))}
      </select>
    </label>
  );

  return (
    <OfficeShell staff={staff} current="/office/jobs" title={t('title')}>
      <p>
        <Link href="/office/jobs/new" className="font-semibold text-brand-700 underline">
          {t('newJob')}
        </Link>
      </p>
      <form method="get" className="grid gap-3 rounded-lg border border-gray-200 bg-white p-4" aria-label={t('filters')}>
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <label className="grid gap-1 text-sm font-medium">
            {t('search')}
            <input name="q" type="search" defaultValue={query.q ?? ''} className={input} />
          </label>
          {select('status', OFFICE_JOB_STATUSES, t('status'), (s) => t(`statuses.${s as 'live'}`))}
          {select('dashboard', dashboards, t('dashboard'), (d) => board(`dashboards.${d as 'all'}`))}
          {filterNames.map((name) =>
            select(name, filterValues[name], board(`filters.${name}`), (v) => (options[name] as Record<string, string>)[v] ?? v),
          )}
        </div>
        <div className="flex gap-2">
          <button type="submit" className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800">
            {t('apply')}
          </button>
          <Link href="/office/jobs" className="rounded-md border border-gray-300 bg-white px-4 py-2 text-sm font-semibold">
            {t('clear')}
          </Link>
        </div>
      </form>

      {rows.length === 0 ? (
        <p className="rounded-lg border border-dashed border-gray-300 bg-white p-8 text-center text-muted">{t('empty')}</p>
      ) : (
        <div className="relative overflow-x-auto rounded-lg border border-gray-200 bg-white">
          <table className="w-full text-left text-sm">
            <thead className="bg-gray-50 text-xs tracking-wide text-muted uppercase">
              <tr>
                <th scope="col" className="px-3 py-2">
                  {t('position')}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t('company')}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t('dashboard')}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t('status')}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t('posted')}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t('ends')}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((job) => (
                <tr key={job.id} className="border-t border-gray-100">
                  <td className="px-3 py-2">
                    <Link href={`/office/jobs/${job.id}`} className="font-medium text-brand-700 underline">
                      {job.position}
                    </Link>
                  </td>
                  <td className="px-3 py-2">{job.company ?? ''}</td>
                  <td className="px-3 py-2">{job.dashboards.map((d) => board(`dashboards.${d as 'all'}`)).join(', ')}</td>
                  <td className="px-3 py-2">{t(`statuses.${job.status}`)}</td>
                  <td className="px-3 py-2">{officeDate(job.createdAt, staff.locale)}</td>
                  <td className="px-3 py-2">{job.validThrough ? officeDate(job.validThrough, staff.locale) : ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager
        locale={staff.locale}
        first={query.after ? `/office/jobs?${params({})}` : undefined}
        next={next ? `/office/jobs?${params({ after: next })}` : undefined}
      />
      <JobImport />
    </OfficeShell>
  );
}
