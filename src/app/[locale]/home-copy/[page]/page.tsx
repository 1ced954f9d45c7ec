import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { pageLocale } from '@/i18n/page-locale';
import type { Locale } from '@/i18n/routing';
import { homeCaseStudies } from '@/features/pages/server/case-studies';
import { publishedCopy } from '@/features/pages/server/page-copy';
import { HomeView, homeMetadata } from '../../_home/home-view';

// The home page (`/`, `/sp`…), which the proxy maps here (src/proxy.ts), as it maps the marketing
// pages to the copy route: its copy is in the database, so it is rendered on its first visit and
// served from Next's cache until a publish marks this route, or for an hour at most.
export const revalidate = 3600;
export function generateStaticParams() {
  return [];
}

type Params = { params: Promise<{ locale: string; page: string }> };

async function localeOf(params: Params['params']): Promise<Locale> {
  const { locale, page } = await params;
  pageLocale(locale);
  if (page !== 'home') notFound();
  return locale;
}

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  return homeMetadata(await localeOf(params));
}

export default async function HomePage({ params }: Params) {
  const locale = await localeOf(params);
  const [c, { services }, caseStudies] = await Promise.all([
    publishedCopy('home', locale),
    publishedCopy('services', locale),
    homeCaseStudies(locale),
  ]);
  return <HomeView locale={locale} c={c} services={services} caseStudies={caseStudies} />;
}
