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
import { ListFilters, type FilterField } from '../_ui/list-filters';
import { OfficeList } from '../_ui/office-list';
import { OfficeTable } from '../_ui/office-table';
import { OfficeShell } from '../_ui/office-shell';
import { JobImport } from './_ui/job-import';

export const metadata = { title: 'Jobs' };

export default async function JobsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const staff = await officePage('/office/jobs');
  const t = officeT(staff.locale, 'Jobs');
  const board = boardT(staff.locale);
  const list = await listQuery(searchParams, OfficeJobsQuery, '/office/jobs');
  const { query } = list;
  const { rows, next } = await listOfficeJobs((await database()).db, query);
  // The salary ranges in the chosen board's currency (euros for every board but the Swiss one).
  const options = boardFilterOptions(staff.locale, query.dashboard ?? 'all', messages[officeLocale(staff.locale)].Jobs.options);
  const choices = (name: string, values: readonly string[], label: string, text: (v: string) => string = (v) => v): FilterField => ({
    name,
    label,
    options: values.map((v) => ({ value: v, label: text(v) })),
  });

  return (
    <OfficeShell staff={staff} current="/office/jobs" title={t('title')}>
      <p>
        <Link href="/office/jobs/new" className="font-semibold text-brand-700 underline">
          {t('newJob')}
        </Link>
      </p>
      <OfficeList
        locale={staff.locale}
        filters={
          <ListFilters
            list={list}
            t={t}
            fields={[
              { name: 'q', label: t('search'), type: 'search' },
              choices('status', OFFICE_JOB_STATUSES, t('status'), (s) => t(`statuses.${s as 'live'}`)),
              choices('dashboard', dashboards, t('dashboard'), (d) => board(`dashboards.${d as 'all'}`)),
              ...filterNames.map((name) =>
                choices(name, filterValues[name], board(`filters.${name}`), (v) => (options[name] as Record<string, string>)[v] ?? v),
              ),
            ]}
            columns="sm:grid-cols-2 lg:grid-cols-4"
          />
        }
        count={rows.length}
        empty={t('empty')}
        pages={list.pages(next)}
      >
        <OfficeTable
          rows={rows}
          columns={[
            {
              head: t('position'),
              cell: (job) => (
                <Link href={`/office/jobs/${job.id}`} className="font-medium text-brand-700 underline">
                  {job.position}
                </Link>
              ),
            },
            { head: t('company'), cell: (job) => job.company ?? '' },
            { head: t('dashboard'), cell: (job) => job.dashboards.map((d) => board(`dashboards.${d as 'all'}`)).join(', ') },
            { head: t('status'), cell: (job) => t(`statuses.${job.status}`) },
            { head: t('posted'), cell: (job) => officeDate(job.createdAt, staff.locale) },
            { head: t('ends'), cell: (job) => (job.validThrough ? officeDate(job.validThrough, staff.locale) : '') },
          ]}
        />
      </OfficeList>
      <JobImport />
    </OfficeShell>
  );
}
