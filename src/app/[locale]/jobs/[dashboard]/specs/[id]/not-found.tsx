import type { Metadata } from 'next';
import { getLocale } from 'next-intl/server';
import type { Dashboard, JobCard } from '@/features/jobs/schema';
import { newestJobs } from '@/features/jobs/server/jobs-service';
import { JobList } from '@/features/jobs/ui/job-list';
import { requestBoard } from '@/features/jobs/ui/request-board';
import { messages } from '@/i18n/messages';
import { isLocale, localizedPath, type Locale } from '@/i18n/routing';
import { database } from '@/server/db';
import { log } from '@/server/log';

export async function generateMetadata({ params }: { params?: Promise<{ locale?: string }> }): Promise<Metadata> {
  const locale = (await params)?.locale;
  const title = messages[isLocale(locale) ? locale : ((await getLocale()) as Locale)].Jobs.jobNotFoundTitle;
  return { title, robots: { index: false } };
}

/** A job page renders this too (see below): a failure here must not fail the page. */
async function newest(dashboard: Dashboard, locale: Locale): Promise<JobCard[]> {
  try {
    return await newestJobs((await database()).db, dashboard, locale);
  } catch (err) {
    log().warn({ err }, 'the newest jobs for a missing job page');
    return [];
  }
}

/**
 * The page of a job that is not on the board (an unknown or mistyped id): status 404, in the
 * address's language, with the board around it. It says the job may have closed or been filled
 * and offers the board's newest jobs and the board itself.
 *
 * Next renders this element with every render of a job page (it is the page's 404 boundary), so it
 * costs that page one more query, of the same few jobs, kept in memory for a few seconds.
 */
export default async function JobNotFound() {
  const locale = (await getLocale()) as Locale;
  const dashboard = requestBoard();
  const labels = messages[locale].Jobs;
  const jobs = await newest(dashboard, locale);
  return (
    <div className="mx-auto max-w-3xl px-4 py-16">
      <p className="text-sm font-semibold text-brand-700">404</p>
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-ink">{labels.jobNotFoundTitle}</h1>
      <p className="mt-4 text-muted">{labels.jobNotFoundText}</p>
      <JobList id="newest-jobs" heading={labels.newestJobs} jobs={jobs} dashboard={dashboard} locale={locale} />
      <a
        href={localizedPath(`/jobs/${dashboard}`, locale)}
        className="mt-8 inline-block rounded-md bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800"
      >
        {labels.allOpenJobs}
      </a>
    </div>
  );
}
