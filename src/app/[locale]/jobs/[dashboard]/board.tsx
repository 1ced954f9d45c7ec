import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { messages } from '@/i18n/messages';
import { absoluteUrl, pageMetadata } from '@/i18n/metadata';
import { pageLocale } from '@/i18n/page-locale';
import { localizedPath, type Locale } from '@/i18n/routing';
import { isDashboard } from '@/features/jobs/schema';
import { pageFromParams, searchFromParams, searchToParams } from '@/features/jobs/search';
import { boardPageAt, countMatchingJobs } from '@/features/jobs/server/jobs-service';
import { boardFilterOptions } from '@/features/jobs/server/salary';
import { JobBoard } from '@/features/jobs/ui/job-board';
import { NotifyForm, type NotifyLabels } from '@/features/alerts/ui/notify-form';
import { database } from '@/server/db';
import { env } from '@/server/env';

// The board of a dashboard, as two routes render it: the unfiltered first page (`page.tsx`,
// cached), and an address that carries a search or a page (`search/page.tsx`, rendered per
// request, where the proxy sends such addresses), so a shared link shows its own results first.

export async function boardMetadata(locale: Locale, dashboard: string, { searching = false } = {}): Promise<Metadata> {
  if (!isDashboard(dashboard)) return {};
  const t = await getTranslations({ locale, namespace: 'Jobs' });
  const title = dashboard === 'all' ? t('metaTitle') : t('metaTitleDashboard', { dashboard: t(`dashboards.${dashboard}`) });
  // A search's page is the board's: its canonical address is the board, and it is not indexed.
  const metadata = pageMetadata(`/jobs/${dashboard}`, locale, { title, description: t('metaDescription') });
  return {
    ...metadata,
    ...(searching ? { robots: { index: false, follow: true } } : {}),
    alternates: { ...metadata.alternates, types: { 'application/rss+xml': absoluteUrl(`/jobs/${dashboard}/feed.xml`) } },
  };
}

export async function Board({
  locale,
  dashboard,
  params = new URLSearchParams(),
}: {
  locale: Locale;
  dashboard: string;
  params?: URLSearchParams;
}) {
  pageLocale(locale);
  if (!isDashboard(dashboard)) notFound();
  const t = await getTranslations('Jobs');
  const { db } = await database();
  const search = searchFromParams(dashboard, params);
  const { page, after } = pageFromParams(params);
  const [first, count] = await Promise.all([boardPageAt(db, search, page, after, locale), countMatchingJobs(db, search)]);
  const jobs = messages[locale].Jobs;
  // The salary filter's options in the board's currency, formatted here: the browser builds no currency formatter.
  const labels = { ...jobs, options: boardFilterOptions(locale, dashboard, jobs.options) };
  // The address this page was rendered for, so the board's script shows these results without
  // asking for them again.
  const address = new URLSearchParams([
    ...searchToParams(search),
    ...(page > 1 ? [['page', String(page)]] : []),
    ...(after ? [['after', after]] : []),
  ]).toString();
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:py-10">
      <h1 className="text-3xl font-bold tracking-tight text-ink">{dashboard === 'all' ? t('heading') : t(`dashboards.${dashboard}`)}</h1>
      <p className="mt-2 max-w-3xl text-muted">{t('intro')}</p>
      <div className="mt-6">
        <JobBoard
          locale={locale}
          dashboard={dashboard}
          initial={{ ...first, count, address }}
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
