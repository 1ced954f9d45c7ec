import { pageLocale } from '@/i18n/page-locale';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { messages } from '@/i18n/messages';
import { pageMetadata } from '@/i18n/metadata';
import type { Locale } from '@/i18n/routing';
import { JobPostForm } from '@/features/postings/ui/job-post-form';
import { postingLabels } from '@/features/postings/ui/labels';
import { env } from '@/server/env';

type Params = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'JobPost' });
  return pageMetadata('/jobs/post', locale, { title: t('metaTitle'), description: t('metaDescription', { days: env().JOB_LISTING_DAYS }) });
}

/** Employers post a job: the address is confirmed by mail, then a recruiter reviews it. */
export default async function PostJobPage({ params }: Params) {
  const { locale } = await params;
  pageLocale(locale);
  const t = await getTranslations('JobPost');
  const days = env().JOB_LISTING_DAYS;
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold tracking-tight text-ink">{t('heading')}</h1>
      <p className="mt-2 max-w-2xl text-muted">{t('intro')}</p>
      <ol className="mt-6 grid gap-3 sm:grid-cols-3">
        {(['confirm', 'review', 'live'] as const).map((step, i) => (
          <li key={step} className="rounded-lg border border-gray-200 bg-white p-4">
            <span className="text-sm font-semibold text-brand-700">{i + 1}</span>
            <p className="mt-1 text-sm">{t(`steps.${step}`, { days })}</p>
          </li>
        ))}
      </ol>
      <div className="mt-10">
        <JobPostForm locale={locale} labels={postingLabels(messages[locale])} />
      </div>
    </div>
  );
}
