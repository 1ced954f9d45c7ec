import Link from 'next/link';
import { notFound } from 'next/navigation';
import { countApplicants } from '@/features/applications/server/applicants';
import { database } from '@/server/db';
import { AppError } from '@/server/errors';
import { jobDailyStats } from '@/features/jobs/server/job-stats';
import { jobFormValues, officeJob } from '@/features/jobs/server/office-jobs';
import { officeT } from '@/server/office/office-t';
import { officePage } from '@/server/office/pages';
import { OfficeShell } from '../../_ui/office-shell';
import { JobForm } from '../_ui/job-form';
import { JobStatsTable } from '../_ui/job-stats-table';

export const metadata = { title: 'Job' };

/** A job's form (`new` for a new one): every field of the import format, close, reopen, duplicate; its views and apply clicks; a link to its applicants. */
export default async function JobPage({ params }: { params: Promise<{ id: string }> }) {
  const staff = await officePage('/office/jobs/[id]');
  const t = officeT(staff.locale, 'Jobs');
  const { id } = await params;
  const db = (await database()).db;
  let job: Awaited<ReturnType<typeof officeJob>> | undefined;
  let stats: Awaited<ReturnType<typeof jobDailyStats>> | undefined;
  if (id !== 'new') {
    try {
      job = await officeJob(db, id);
      stats = await jobDailyStats(db, job.id);
    } catch (err) {
      if (err instanceof AppError) notFound();
      throw err;
    }
  }
  return (
    <OfficeShell staff={staff} current="/office/jobs" title={job ? job.position : t('newJob')}>
      <div className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
        <Link href="/office/jobs" className="text-brand-700 underline">
          {t('back')}
        </Link>
        {job ? (
          <Link
            href={`/office/applicants?${new URLSearchParams({ target: `job:${job.id}`, view: 'board' })}`}
            className="text-brand-700 underline"
          >
            {t('applicants', { count: await countApplicants(db, `job:${job.id}`) })}
          </Link>
        ) : null}
      </div>
      <JobForm id={job?.id} status={job?.status} initial={job ? jobFormValues(job) : undefined} />
      {stats ? <JobStatsTable stats={stats} locale={staff.locale} /> : null}
    </OfficeShell>
  );
}
