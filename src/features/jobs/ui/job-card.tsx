import { IntentLink as Link } from '@/ui/intent-link';
import type { Messages } from '@/i18n/messages';
import { localizedPath, type Locale } from '@/i18n/routing';
import { nameHash } from '@/ui/brand/name-hash';
import type { Dashboard, JobCard } from '../schema';

export type JobLabels = Messages['Jobs'];

export function jobTitle(job: Pick<JobCard, 'company' | 'position'>): string {
  return job.company ? `${job.company} - ${job.position}` : job.position;
}

/**
 * Our application form, or for a job applied for elsewhere the API's address that counts the click
 * and leads to the job's own application page (the form's page counts its visits itself).
 */
export function applyHref(job: Pick<JobCard, 'id' | 'apply_url'>, dashboard: Dashboard, locale: Locale): string {
  return job.apply_url ? `/rest/jobs/${job.id}/apply-click` : localizedPath(`/jobs/${dashboard}/apply/${job.id}`, locale);
}

// Literal class names, so Tailwind keeps them; white text on each passes 4.5:1.
const avatarColours = [
  'bg-blue-700',
  'bg-emerald-700',
  'bg-violet-700',
  'bg-rose-700',
  'bg-teal-700',
  'bg-indigo-700',
  'bg-fuchsia-700',
  'bg-cyan-700',
  'bg-orange-700',
  'bg-slate-700',
];

/** The same company gets the same colour on every card, every page and every server. */
function avatarColour(company: string): string {
  return avatarColours[nameHash(company) % avatarColours.length]!;
}

/** A circle with the company's initial: recognisable at a glance, and no image to load. */
export function CompanyAvatar({ company }: { company: string | null }) {
  const shape = 'flex size-10 shrink-0 items-center justify-center rounded-full text-base font-semibold';
  if (!company)
    return (
      <span aria-hidden="true" className={`${shape} bg-gray-100 text-gray-500`}>
        <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" className="size-5">
          <rect x="3" y="7" width="18" height="13" rx="2" />
          <path d="M9 7V5a1 1 0 0 1 1-1h4a1 1 0 0 1 1 1v2M3 13h18" />
        </svg>
      </span>
    );
  return (
    <span aria-hidden="true" data-testid="company-avatar" className={`${shape} text-white ${avatarColour(company)}`}>
      {Array.from(company.trim())[0]?.toUpperCase()}
    </span>
  );
}

/**
 * The job card of the spec, dense enough to scan: the company's initial, the position, then
 * salary, remote work and place as chips. One link (the heading's, stretched over the card) leads
 * to the job's page, which has the full description and Apply. Rendered on the server for the
 * first page and in the browser after.
 */
export function JobCardView({
  job,
  labels,
  locale,
  dashboard,
  boardQuery = '',
  href: to,
}: {
  job: JobCard;
  labels: JobLabels;
  locale: Locale;
  dashboard: Dashboard;
  /** The board's search and page, carried to the job page so its "Back" link returns to them. */
  boardQuery?: string;
  /** Where the card leads instead of the job's page (the office's preview of a job not yet on the board). */
  href?: string;
}) {
  const href = to ?? `${localizedPath(`/jobs/${dashboard}/specs/${job.id}`, locale)}${boardQuery ? `?${boardQuery}` : ''}`;
  const chip = 'rounded-full px-2.5 py-0.5';
  return (
    <article
      aria-labelledby={`job-${job.id}`}
      className="relative flex h-full gap-3 rounded-lg border border-gray-200 bg-white p-4 shadow-sm focus-within:ring-2 focus-within:ring-brand-700 hover:border-gray-300 hover:shadow"
    >
      <CompanyAvatar company={job.company} />
      <div className="flex min-w-0 flex-1 flex-col">
        <h2 id={`job-${job.id}`} className="text-base leading-snug font-semibold text-ink">
          {/* Not prefetched: a job page taken from the prefetch cache would reach the server with no
              request to count as its view (src/features/jobs/job-visit.ts). */}
          <Link href={href} prefetch={false} className="outline-none after:absolute after:inset-0 after:rounded-lg hover:underline">
            {job.position}
            {job.company ? <span className="sr-only">, {job.company}</span> : null}
          </Link>
        </h2>
        <p className="text-sm text-muted">{job.company ?? labels.companyNotDisclosed}</p>
        <ul data-testid="job-chips" className="mt-2 flex flex-wrap gap-1.5 text-xs font-medium">
          <li className={`${chip} ${job.remuneration_formatted ? 'bg-green-50 text-green-800' : 'bg-gray-100 text-gray-700'}`}>
            <span className="sr-only">{labels.filters.remuneration_range}: </span>
            {job.remuneration_formatted ?? labels.salaryNotGiven}
          </li>
          {/* A job that is not fully remote says how remote it is, in a colour of its own: the board
              is called remote, and "remote" alone would be read as "fully". */}
          <li
            data-remote={job.wfh_allowance}
            className={`${chip} ${job.wfh_allowance === 'fullremote' ? 'bg-blue-50 text-brand-700' : 'bg-amber-50 text-amber-900 ring-1 ring-amber-200 ring-inset'}`}
          >
            <span className="sr-only">{labels.filters.remote_work_allowance}: </span>
            {labels.options.remote_work_allowance[job.wfh_allowance]}
          </li>
          {job.client_location_formatted ? (
            <li className={`${chip} bg-gray-100 text-gray-800`}>
              <span className="sr-only">{labels.location}: </span>
              {job.client_location_formatted}
            </li>
          ) : null}
        </ul>
        {job.short_description.trim() ? <p className="mt-2 line-clamp-2 text-sm text-gray-700">{job.short_description}</p> : null}
        <p className="mt-auto flex flex-wrap gap-x-2 pt-2 text-xs text-muted">
          {job.tags.length ? <span className="font-medium text-gray-700">{job.tags.join(' · ')}</span> : null}
          <span>{labels.postedOn.replace('{date}', job.created_at_formatted)}</span>
        </p>
      </div>
    </article>
  );
}
