import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { pageMetadata } from '@/i18n/metadata';
import { localizedPath } from '@/i18n/routing';
import { jobPostingJsonLd, jsonForScript } from '@/features/jobs/server/job-posting-ld';
import { formatRemuneration, similarJobs, toCard } from '@/features/jobs/server/jobs-service';
import { escapeHtml, sanitizeDescription } from '@/server/html/sanitize';
import { BackToBoard } from '@/features/jobs/ui/back-to-board';
import { applyHref } from '@/features/jobs/ui/job-card';
import { ClosedJob } from '@/features/jobs/ui/closed-job';
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
  return (
    <article className="mx-auto max-w-3xl px-4 py-10">
      {ld ? <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonForScript(ld) }} /> : null}
      <BackToBoard dashboard={dashboard} locale={locale} label={t('backToBoard')} />
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-ink">{job.position}</h1>
      {job.company ? <p className="mt-1 text-lg text-muted">{job.company}</p> : null}
      <ul className="mt-4 flex flex-wrap gap-x-6 gap-y-1 text-sm text-gray-700">
        <li>{t(`options.remote_work_allowance.${card.wfh_allowance}`)}</li>
        <li>{formatRemuneration(job, locale) ?? t('salaryNotGiven')}</li>
        {job.clientLocation ? <li>{job.clientLocation}</li> : null}
        <li>{t(`options.contract_type.${job.contractType as 'freelance' | 'permanent'}`)}</li>
        <li>{t('postedOn', { date: card.created_at_formatted })}</li>
      </ul>
      <section aria-labelledby="about-job" className="mt-8">
        <h2 id="about-job" className="sr-only">
          {t('aboutJob')}
        </h2>
        <div
          className="prose-job text-gray-800 [&_a]:text-brand-700 [&_a]:underline [&_h2]:mt-6 [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:mt-5 [&_h3]:font-semibold [&_li]:ml-5 [&_li]:list-disc [&_p]:mt-3 [&_ul]:mt-2"
          // Sanitized when stored; sanitized again here so a row edited by hand cannot inject.
          dangerouslySetInnerHTML={{ __html: sanitizeDescription(job.descriptionHtml ?? `<p>${escapeHtml(job.shortDescription)}</p>`) }}
        />
      </section>
      <a
        href={applyHref(card, dashboard, locale)}
        className="mt-8 inline-block rounded-md bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800"
      >
        {t('apply')}
      </a>
    </article>
  );
}
