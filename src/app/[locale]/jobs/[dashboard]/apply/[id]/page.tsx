import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { pageMetadata } from '@/i18n/metadata';
import { localizedPath } from '@/i18n/routing';
import { ApplyPage } from '@/features/applications/ui/apply-page';
import { jobTitle } from '@/features/jobs/ui/job-card';
import { loadJobPage, type JobParams } from '@/features/jobs/ui/load-job';

// Like the job page: cached after the first visit, refreshed within five minutes.
export const revalidate = 300;
export function generateStaticParams() {
  return [];
}

async function load(props: JobParams) {
  const loaded = await loadJobPage(props);
  // A closed job takes no application: its page says so and offers similar ones.
  if (!loaded.live) redirect(localizedPath(`/jobs/${loaded.dashboard}/specs/${loaded.job.id}`, loaded.locale));
  // A job with its own application page is applied for there.
  if (loaded.job.applyUrl) redirect(loaded.job.applyUrl);
  return loaded;
}

export async function generateMetadata(props: JobParams): Promise<Metadata> {
  const { locale, dashboard, job } = await load(props);
  const t = await getTranslations({ locale, namespace: 'Applications.apply' });
  return {
    ...pageMetadata(`/jobs/${dashboard}/apply/${job.id}`, locale, {
      title: t('metaTitle', { position: jobTitle(job) }),
      description: t('metaDescription', { position: jobTitle(job) }),
    }),
    robots: { index: false },
  };
}

export default async function JobApplyPage(props: JobParams) {
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
