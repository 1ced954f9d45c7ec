import { messages } from '@/i18n/messages';
import { localizedPath, type Locale } from '@/i18n/routing';
import type { Dashboard, JobCard } from '../schema';
import { JobList } from './job-list';

/**
 * The page of a job that left the board (closed by staff or past its end date): it says so, in the
 * visitor's language, and offers similar open jobs and the board instead of an Apply button.
 */
export function ClosedJob({
  position,
  company,
  similar,
  dashboard,
  locale,
}: {
  position: string;
  company: string | null;
  similar: JobCard[];
  dashboard: Dashboard;
  locale: Locale;
}) {
  const labels = messages[locale].Jobs;
  return (
    <>
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-ink">{position}</h1>
      {company ? <p className="mt-1 text-lg text-muted">{company}</p> : null}
      <div role="status" className="mt-6 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
        <p className="font-semibold">{labels.closed}</p>
        <p className="mt-1 text-sm">{labels.closedText}</p>
      </div>
      <JobList id="similar-jobs" heading={labels.similarJobs} jobs={similar} dashboard={dashboard} locale={locale} />
      <a
        href={localizedPath(`/jobs/${dashboard}`, locale)}
        className="mt-8 inline-block rounded-md bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800"
      >
        {labels.allOpenJobs}
      </a>
    </>
  );
}
