import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { pageMetadata } from '@/i18n/metadata';
import { isLocale, localizedPath, type Locale } from '@/i18n/routing';
import { ApplyPage } from '@/features/applications/ui/apply-page';
import { dashboards, type Dashboard } from '@/features/jobs/schema';
import { getJob } from '@/features/jobs/server/jobs-service';
import { jobTitle } from '@/features/jobs/ui/job-card';
import { database } from '@/server/db';

// Like the job page: cached after the first visit, refreshed within five minutes.
export const revalidate = 300;
export function generateStaticParams() {
  return [];
}

type Params = { params: Promise<{ locale: Locale; dashboard: string; id: string }> };

async function load({ params }: Params) {
  const { locale, dashboard, id } = await params;
  if (!isLocale(locale) || !(dashboards as readonly string[]).includes(dashboard)) notFound();
  const job = await getJob((await database()).db, id, dashboard as Dashboard);
  if (!job) notFound();
  // A job with its own application page is applied for there.
  if (job.applyUrl) redirect(job.applyUrl);
  return { locale, dashboard: dashboard as Dashboard, job };
}

export async function generateMetadata(props: Params): Promise<Metadata> {
  const { locale, dashboard, job } = await load(props);
  const t = await getTranslations({ locale, namespace: 'Applications.apply' });
  return {
    ...pageMetadata(`/jobs/${dashboard}/apply/${job.id}`, locale, { title: t('metaTitle', { position: jobTitle(job) }), description: t('metaDescription', { position: jobTitle(job) }) }),
    robots: { index: false },
  };
}

export default async function JobApplyPage(props: Params) {
  const { locale, dashboard, job } = await load(props);
  setRequestLocale(locale);
  const t = await getTranslations('Applications.apply');
  return (
    <ApplyPage
      locale={locale}
      target={{ kind: 'job', id: job.id }}
      heading={t('heading')}
      position={job.position}
      subtitle={[job.company, job.clientLocation].filter(Boolean).join(' · ')}
      back={{ href: localizedPath(`/jobs/${dashboard}/specs/${job.id}`, locale), label: t('backToJob') }}
    />
  );
}
