import Link from 'next/link';
import { notFound } from 'next/navigation';
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

/** A job's form (`new` for a new one): every field of the import format, close, reopen, duplicate; its views and apply clicks. */
export default async function JobPage({ params }: { params: Promise<{ id: string }> }) {
  const staff = await officePage('/office/jobs/[id]');
  const t = officeT(staff.locale, 'Jobs');
  const { id } = await params;
  let job: Awaited<ReturnType<typeof officeJob>> | undefined;
  let stats: Awaited<ReturnType<typeof jobDailyStats>> | undefined;
  if (id !== 'new') {
    try {
      const { db } = await database();
      job = await officeJob(db, id);
      stats = await jobDailyStats(db, job.id);
    } catch (err) {
      if (err instanceof AppError) notFound();
      throw err;
    }
  }
  return (
    <OfficeShell staff={staff} current="/office/jobs" title={job ? job.position : t('newJob')}>
      <Link href="/office/jobs" className="text-sm text-brand-700 underline">
        {t('back')}
      </Link>
      <JobForm id={job?.id} status={job?.status} initial={job ? jobFormValues(job) : undefined} />
      {stats ? <JobStatsTable stats={stats} locale={staff.locale} /> : null}
    </OfficeShell>
  );
}
