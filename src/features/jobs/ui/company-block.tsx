import { messages } from '@/i18n/messages';
import { numberFormat } from '@/lib/intl-format';
import { localizedPath, type Locale } from '@/i18n/routing';
import { localizedLocation } from '../location';
import { searchToParams, type Dashboard } from '../search';
import { CompanyAvatar } from './job-card';

/**
 * The employer of a job, as the job's data has it and nothing more: its name (or that it is not
 * disclosed), where the job is, its industry, and its other open jobs on the board (a search of
 * the board by its name, counted as the board counts it).
 */
export function CompanyBlock({
  company,
  location,
  industry,
  openJobs,
  dashboard,
  locale,
}: {
  company: string | null;
  location: string | null;
  industry: string;
  /** The board's jobs a search by the company's name finds, this one included. */
  openJobs: number;
  dashboard: Dashboard;
  locale: Locale;
}) {
  const labels = messages[locale].Jobs;
  const industryName = (labels.options.industry as Record<string, string>)[industry];
  const search = company && searchToParams({ dashboard, queryText: company, filters: {} });
  return (
    <section aria-labelledby="company-heading" className="rounded-lg border border-gray-200 p-4">
      <h2 id="company-heading" className="text-xs font-semibold tracking-wide text-muted uppercase">
        {labels.company}
      </h2>
      <div className="mt-3 flex items-center gap-3">
        <CompanyAvatar company={company} />
        <p className="font-semibold text-ink">{company ?? labels.companyNotDisclosed}</p>
      </div>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        {location ? (
          <>
            <dt className="text-muted">{labels.companyLocation}</dt>
            <dd className="text-gray-800">{localizedLocation(location, locale)}</dd>
          </>
        ) : null}
        {industryName ? (
          <>
            <dt className="text-muted">{labels.filters.industry}</dt>
            <dd className="text-gray-800">{industryName}</dd>
          </>
        ) : null}
      </dl>
      {search && openJobs > 1 ? (
        <a
          href={`${localizedPath(`/jobs/${dashboard}`, locale)}?${search}`}
          className="mt-3 inline-block text-sm font-semibold text-brand-700 underline underline-offset-4"
        >
          {labels.companyJobs.replace('{count}', numberFormat(locale, {}).format(openJobs)).replace('{company}', company)}
        </a>
      ) : null}
    </section>
  );
}
