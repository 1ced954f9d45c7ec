import { IntentLink as Link } from '@/ui/intent-link';
import type { Messages } from '@/i18n/messages';
import { localizedPath, type Locale } from '@/i18n/routing';
import type { Dashboard, JobCard } from '../schema';

export type JobLabels = Messages['Jobs'];

export function jobTitle(job: Pick<JobCard, 'company' | 'position'>): string {
  return job.company ? `${job.company} - ${job.position}` : job.position;
}

/** The job's own application page when it has one elsewhere, else our application form. */
export function applyHref(job: Pick<JobCard, 'id' | 'apply_url'>, dashboard: Dashboard, locale: Locale): string {
  return job.apply_url ?? localizedPath(`/jobs/${dashboard}/apply/${job.id}`, locale);
}

/** The job card of the spec; rendered on the server for the first page and in the browser after. */
export function JobCardView({ job, labels, locale, dashboard }: { job: JobCard; labels: JobLabels; locale: Locale; dashboard: Dashboard }) {
  const specs = localizedPath(`/jobs/${dashboard}/specs/${job.id}`, locale);
  return (
    <article className="flex h-full flex-col rounded-lg border border-gray-200 bg-white p-5 shadow-sm" aria-labelledby={`job-${job.id}`}>
      <h2 id={`job-${job.id}`} className="text-lg font-semibold text-ink">
        {jobTitle(job)}
      </h2>
      <p className="mt-1 text-sm font-medium text-brand-700">{labels.options.remote_work_allowance[job.wfh_allowance]}</p>
      <dl className="mt-3 grid gap-1 text-sm text-muted">
        <div className="flex gap-2">
          <dt className="sr-only">{labels.filters.remuneration_range}</dt>
          <dd>{job.remuneration_formatted ?? labels.salaryNotGiven}</dd>
        </div>
        {job.client_location ? (
          <div className="flex gap-2">
            <dt className="sr-only">{labels.location}</dt>
            <dd>{job.client_location}</dd>
          </div>
        ) : null}
      </dl>
      {job.tags.length ? (
        <ul className="mt-3 flex flex-wrap gap-1.5">
          {job.tags.map((tag) => (
            <li key={tag} className="rounded-full bg-gray-100 px-2.5 py-0.5 text-xs font-medium text-gray-800">
              {tag}
            </li>
          ))}
        </ul>
      ) : null}
      <p className="mt-3 flex-1 text-sm text-gray-700">{job.short_description}</p>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        {job.has_jd ? (
          <Link href={specs} className="text-sm font-semibold text-brand-700 underline underline-offset-4">
            {labels.seeDescription}
            <span className="sr-only">: {jobTitle(job)}</span>
          </Link>
        ) : null}
        <a
          href={applyHref(job, dashboard, locale)}
          className="rounded-md bg-brand-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-800"
        >
          {labels.apply}
          <span className="sr-only">: {jobTitle(job)}</span>
        </a>
      </div>
      <p className="mt-4 border-t border-gray-100 pt-3 text-xs text-muted">{labels.postedOn.replace('{date}', job.created_at_formatted)}</p>
    </article>
  );
}
