import { messages } from '@/i18n/messages';
import type { Locale } from '@/i18n/routing';
import type { Dashboard, JobCard } from '../schema';
import { JobCardView } from './job-card';

/**
 * A few jobs as the board's cards under a heading: the similar jobs of a job page (live or closed),
 * the newest jobs of the page of a job that is not there. Nothing when there are none.
 */
export function JobList({
  id,
  heading,
  jobs,
  dashboard,
  locale,
}: {
  id: string;
  heading: string;
  jobs: JobCard[];
  dashboard: Dashboard;
  locale: Locale;
}) {
  if (!jobs.length) return null;
  const labels = messages[locale].Jobs;
  return (
    <section aria-labelledby={id} className="mt-10">
      <h2 id={id} className="text-xl font-semibold text-ink">
        {heading}
      </h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2">
        {jobs.map((job) => (
          <li key={job.id}>
            <JobCardView job={job} labels={labels} locale={locale} dashboard={dashboard} />
          </li>
        ))}
      </ul>
    </section>
  );
}
