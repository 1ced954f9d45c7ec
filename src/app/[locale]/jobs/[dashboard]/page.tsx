import { pageLocale } from '@/i18n/page-locale';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { messages } from '@/i18n/messages';
import { absoluteUrl, pageMetadata } from '@/i18n/metadata';
import { localizedPath, type Locale } from '@/i18n/routing';
import { isDashboard, PAGE_SIZE } from '@/features/jobs/schema';
import { countMatchingJobs, searchJobs } from '@/features/jobs/server/jobs-service';
import { boardFilterOptions } from '@/features/jobs/server/salary';
import { JobBoard } from '@/features/jobs/ui/job-board';
import { NotifyForm, type NotifyLabels } from '@/features/alerts/ui/notify-form';
import { database } from '@/server/db';
import { env } from '@/server/env';

// Rendered on first request, then served from the cache and regenerated at most once a minute:
// a traffic spike costs no database work, and new jobs show within a minute.
export const revalidate = 60;
export function generateStaticParams() {
  return [];
}

type Params = { params: Promise<{ locale: Locale; dashboard: string }> };

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { locale, dashboard } = await params;
  if (!isDashboard(dashboard)) return {};
  const t = await getTranslations({ locale, namespace: 'Jobs' });
  const title = dashboard === 'all' ? t('metaTitle') : t('metaTitleDashboard', { dashboard: t(`dashboards.${dashboard}`) });
  const metadata = pageMetadata(`/jobs/${dashboard}`, locale, { title, description: t('metaDescription') });
  return {
    ...metadata,
    alternates: { ...metadata.alternates, types: { 'application/rss+xml': absoluteUrl(`/jobs/${dashboard}/feed.xml`) } },
  };
}

export default async function JobBoardPage({ params }: Params) {
  const { locale, dashboard } = await params;
  pageLocale(locale);
  if (!isDashboard(dashboard)) notFound();
  const t = await getTranslations('Jobs');
  const { db } = await database();
  const search = { dashboard, queryText: '', filters: {} };
  const [first, count] = await Promise.all([searchJobs(db, search, { pageSize: PAGE_SIZE, locale }), countMatchingJobs(db, search)]);
  const jobs = messages[locale].Jobs;
  // The salary filter's options in the board's currency, formatted here: the browser builds no currency formatter.
  const labels = { ...jobs, options: boardFilterOptions(locale, dashboard, jobs.options) };
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:py-10">
      <h1 className="text-3xl font-bold tracking-tight text-ink">{dashboard === 'all' ? t('heading') : t(`dashboards.${dashboard}`)}</h1>
      <p className="mt-2 max-w-3xl text-muted">{t('intro')}</p>
      <div className="mt-6">
        <JobBoard
          locale={locale}
          dashboard={dashboard}
          initial={{ ...first, count }}
          labels={labels}
          notify={
            <NotifyForm
              id="job-notify"
              dashboard={dashboard}
              locale={locale}
              labels={notifyLabels(jobs)}
              frequencyLabels={{ frequency: messages[locale].Alerts.frequency, frequencies: messages[locale].Alerts.frequencies }}
            />
          }
          postJob={<PostJobLink href={env().POST_JOB_URL ?? localizedPath('/jobs/post', locale)} label={t('postJob')} />}
        />
      </div>
    </div>
  );
}

/** The site's own form opens in place; an operator's external address (POST_JOB_URL) in a new tab. */
function PostJobLink({ href, label }: { href: string; label: string }) {
  return (
    <a
      href={href}
      {...(/^https?:/.test(href) ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      className="ml-auto text-sm font-semibold text-brand-700 underline underline-offset-4"
    >
      {label}
    </a>
  );
}

/** The job alert box's own strings: the page's HTML carries what the browser renders, not the whole namespace again. */
function notifyLabels(jobs: NotifyLabels): NotifyLabels {
  const {
    email,
    emailPlaceholder,
    notifyMe,
    notifyHint,
    invalidEmail,
    subscriptionCreated,
    subscriptionText,
    subscriptionFailed,
    subscriptionFailedText,
  } = jobs;
  return {
    email,
    emailPlaceholder,
    notifyMe,
    notifyHint,
    invalidEmail,
    subscriptionCreated,
    subscriptionText,
    subscriptionFailed,
    subscriptionFailedText,
  };
}
