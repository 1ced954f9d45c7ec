import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { pageLocale } from '@/i18n/page-locale';
import type { Locale } from '@/i18n/routing';
import { CareersPage, careersPageMetadata } from '@/features/applications/ui/careers-page';
import { JobsTeaser } from '@/features/pages/ui/jobs-teaser';

// `/careers`, which the proxy maps here (src/proxy.ts): a parameter of its own keeps Next from
// prerendering it at build time, when there is no database. It is rendered on its first visit and
// served from Next's cache until a position changes (positionsChanged marks this route), or for a
// minute at most.
export const revalidate = 60;
export function generateStaticParams() {
  return [];
}

type Params = { params: Promise<{ locale: string; page: string }> };

async function localeOf(params: Params['params']): Promise<Locale> {
  const { locale, page } = await params;
  pageLocale(locale);
  if (page !== 'careers') notFound();
  return locale;
}

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  return careersPageMetadata(await localeOf(params));
}

export default async function CareersPageRoute({ params }: Params) {
  const locale = await localeOf(params);
  return <CareersPage locale={locale} jobsTeaser={<JobsTeaser className="mt-6" />} />;
}
