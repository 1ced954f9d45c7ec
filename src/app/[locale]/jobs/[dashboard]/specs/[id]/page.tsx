import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { messages } from '@/i18n/messages';
import { pageMetadata } from '@/i18n/metadata';
import { localizedPath } from '@/i18n/routing';
import { jobPostingJsonLd, jsonForScript } from '@/features/jobs/server/job-posting-ld';
import { companyJobCount, formatRemuneration, similarJobs, toCard } from '@/features/jobs/server/jobs-service';
import { sanitizeDescription } from '@/server/html/sanitize';
import { BackToBoard } from '@/features/jobs/ui/back-to-board';
import { applyHref } from '@/features/jobs/ui/job-card';
import { ClosedJob } from '@/features/jobs/ui/closed-job';
import { CompanyBlock } from '@/features/jobs/ui/company-block';
import { JobList } from '@/features/jobs/ui/job-list';
import { loadJobPage, type JobParams } from '@/features/jobs/ui/load-job';
import { database } from '@/server/db';
import { env } from '@/server/env';

// Cached after the first visit; an edited or expired job shows within five minutes (at once when
// staff change it or it expires: jobsChanged() revalidates it).
export const revalidate = 300;
export function generateStaticParams() {
  return [];
}

export async function generateMetadata(props: JobParams): Promise<Metadata> {
  const { locale, dashboard, job, live } = await loadJobPage(props);
  const metadata = pageMetadata(`/jobs/${dashboard}/specs/${job.id}`, locale, {
    title: job.company ? `${job.position} — ${job.company}` : job.position,
    description: job.shortDescription,
  });
  // A closed job's page stays (links to it lead somewhere useful) but leaves the search engines.
  return live ? metadata : { ...metadata, robots: { index: false } };
}

export default async function JobPage(props: JobParams) {
  const { locale, dashboard, job, live } = await loadJobPage(props);
  setRequestLocale(locale);
  const t = await getTranslations('Jobs');
  if (!live) {
    // Answered 200, not 410: a page of the App Router can only choose 404 (notFound()) or a
    // redirect, and the page is cached, so a status set around it would not be kept either.
    const similar = await similarJobs((await database()).db, job, dashboard, locale);
    return (
      <article className="mx-auto max-w-3xl px-4 py-10">
        <BackToBoard dashboard={dashboard} locale={locale} label={t('backToBoard')} />
        <ClosedJob position={job.position} company={job.company} similar={similar} dashboard={dashboard} locale={locale} />
      </article>
    );
  }
  const e = env();
  const path = localizedPath(`/jobs/${dashboard}/specs/${job.id}`, locale);
  const ld = jobPostingJsonLd(job, { siteName: e.SITE_NAME, url: `${e.PUBLIC_URL}${path}` });
  const card = toCard(job, locale);
  const { db } = await database();
  const [similar, openJobs] = await Promise.all([
    similarJobs(db, job, dashboard, locale),
    job.company ? companyJobCount(db, job.company, dashboard) : 0,
  ]);
  const labels = messages[locale].Jobs;
  const places = job.candidateLocations.map((l) => (labels.options.candidate_location_allowance as Record<string, string>)[l] ?? l);
  return (
    <article className="mx-auto max-w-5xl px-4 py-10">
      {ld ? <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonForScript(ld) }} /> : null}
      <BackToBoard dashboard={dashboard} locale={locale} label={t('backToBoard')} />
      <div className="mt-4 lg:grid lg:grid-cols-[minmax(0,1fr)_18rem] lg:gap-10">
        <div className="min-w-0">
          <h1 className="text-3xl font-bold tracking-tight text-ink">{job.position}</h1>
          {job.company ? <p className="mt-1 text-lg text-muted">{job.company}</p> : null}
          <ul data-testid="job-facts" className="mt-4 flex flex-wrap gap-x-6 gap-y-1 text-sm text-gray-700">
            <li className={card.wfh_allowance === 'fullremote' ? undefined : 'font-semibold text-amber-900'}>
              {t(`options.remote_work_allowance.${card.wfh_allowance}`)}
            </li>
            <li>{formatRemuneration(job, locale) ?? t('salaryNotGiven')}</li>
            {card.client_location_formatted ? <li>{card.client_location_formatted}</li> : null}
            <li>{t(`options.contract_type.${job.contractType as 'freelance' | 'permanent'}`)}</li>
            <li>{t(`options.work_schedule_type.${job.workSchedule as 'fulltime' | 'parttime'}`)}</li>
            {places.length ? (
              <li>
                {t('filters.candidate_location_allowance')}: {places.join(', ')}
              </li>
            ) : null}
            <li>{t('postedOn', { date: card.created_at_formatted })}</li>
          </ul>
          {job.tags.length ? (
            <ul aria-label={t('tags')} className="mt-4 flex flex-wrap gap-1.5 text-xs font-medium">
              {job.tags.map((tag) => (
                <li key={tag} className="rounded-full bg-gray-100 px-2.5 py-0.5 text-gray-800">
                  {tag}
                </li>
              ))}
            </ul>
          ) : null}
          <section aria-labelledby="about-job" className="mt-8">
            <h2 id="about-job" className="sr-only">
              {t('aboutJob')}
            </h2>
            {/* The short description leads; the whole description follows when there is one. */}
            <p className="text-lg text-gray-800">{job.shortDescription}</p>
            {job.descriptionHtml ? (
              <div
                className="prose-job text-gray-800 [&_a]:text-brand-700 [&_a]:underline [&_h2]:mt-8 [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:mt-6 [&_h3]:font-semibold [&_li]:ml-5 [&_li]:list-disc [&_p]:mt-3 [&_ul]:mt-2"
                // Sanitized when stored; sanitized again here so a row edited by hand cannot inject.
                dangerouslySetInnerHTML={{ __html: sanitizeDescription(job.descriptionHtml) }}
              />
            ) : null}
          </section>
        </div>
        <div className="mt-10 lg:mt-0">
          <div className="flex flex-col gap-6 lg:sticky lg:top-6">
            <a
              href={applyHref(card, dashboard, locale)}
              className="rounded-md bg-brand-700 px-5 py-3 text-center font-semibold text-white hover:bg-brand-800"
            >
              {t('apply')}
            </a>
            <CompanyBlock
              company={job.company}
              location={job.clientLocation}
              industry={job.industry}
              openJobs={openJobs}
              dashboard={dashboard}
              locale={locale}
            />
          </div>
        </div>
      </div>
      <JobList id="similar-jobs" heading={t('similarJobs')} jobs={similar} dashboard={dashboard} locale={locale} />
    </article>
  );
}
