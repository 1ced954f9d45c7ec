import { messages } from '@/i18n/messages';
import type { Locale } from '@/i18n/routing';
import type { Dashboard, JobCard } from '@/features/jobs/schema';
import type { JobRow } from '@/features/jobs/server';
import { JobCardView } from '@/features/jobs/ui/job-card';
import { escapeHtml, sanitizeDescription } from '@/server/html/sanitize';
import { DetailSection } from '../../_ui/detail-rows';

/**
 * The job a posting becomes, as the board will show it: its card (the board's own component) and
 * its page (the job page's markup: heading, the line of conditions, the description, Apply), in
 * the member's language. The card leads to the page below; the page's Apply leads nowhere yet.
 */
export function JobPreview({
  preview,
  dashboard,
  locale,
  words,
}: {
  preview: { card: JobCard; job: JobRow; remuneration: string | null } | undefined;
  dashboard: Dashboard;
  locale: Locale;
  words: { title: string; hint: string; card: string; page: string; none: string };
}) {
  const jobs = messages[locale].Jobs;
  if (!preview)
    return (
      <DetailSection id="preview" title={words.title}>
        <p className="text-sm text-muted">{words.none}</p>
      </DetailSection>
    );
  const { card, job, remuneration } = preview;
  return (
    <DetailSection id="preview" title={words.title}>
      <p className="text-sm text-muted">{words.hint}</p>
      <div className="grid gap-2 rounded-lg bg-gray-50 p-3">
        <p className="text-xs font-medium tracking-wide text-muted uppercase">{words.card}</p>
        <div className="max-w-md">
          <JobCardView job={card} labels={jobs} locale={locale} dashboard={dashboard} href="#preview-page" />
        </div>
      </div>
      <div id="preview-page" className="grid scroll-mt-4 gap-2 rounded-lg bg-gray-50 p-3">
        <p className="text-xs font-medium tracking-wide text-muted uppercase">{words.page}</p>
        <article aria-labelledby="preview-position" className="rounded-lg border border-gray-200 bg-white px-4 py-6">
          <h3 id="preview-position" className="text-3xl font-bold tracking-tight text-ink">
            {job.position}
          </h3>
          {job.company ? <p className="mt-1 text-lg text-muted">{job.company}</p> : null}
          <ul className="mt-4 flex flex-wrap gap-x-6 gap-y-1 text-sm text-gray-700">
            <li>{jobs.options.remote_work_allowance[card.wfh_allowance]}</li>
            <li>{remuneration ?? jobs.salaryNotGiven}</li>
            {job.clientLocation ? <li>{job.clientLocation}</li> : null}
            <li>{jobs.options.contract_type[job.contractType as 'freelance' | 'permanent']}</li>
            <li>{jobs.postedOn.replace('{date}', card.created_at_formatted)}</li>
          </ul>
          <div
            className="prose-job mt-6 text-gray-800 [&_a]:text-brand-700 [&_a]:underline [&_h2]:mt-6 [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:mt-5 [&_h3]:font-semibold [&_li]:ml-5 [&_li]:list-disc [&_p]:mt-3 [&_ul]:mt-2"
            // Made by the same code as the job the approval stores, sanitized as the job page does.
            dangerouslySetInnerHTML={{ __html: sanitizeDescription(job.descriptionHtml ?? `<p>${escapeHtml(job.shortDescription)}</p>`) }}
          />
          <span className="mt-8 inline-block rounded-md bg-brand-700 px-5 py-3 font-semibold text-white">{jobs.apply}</span>
        </article>
      </div>
    </DetailSection>
  );
}
