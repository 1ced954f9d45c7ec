import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { alternatesFor } from '@/i18n/metadata';
import type { Locale } from '@/i18n/routing';

// Every page sets its own canonical and alternates; the layout's would point at the home page.
export async function generateMetadata({ params }: { params: Promise<{ locale: Locale }> }): Promise<Metadata> {
  const { locale } = await params;
  return { alternates: alternatesFor('/', locale) };
}
import { Link } from '@/i18n/link';

export default async function HomePage({ params }: { params: Promise<{ locale: Locale }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations('Home');
  return (
    <section className="bg-gradient-to-b from-brand-50 to-white">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:py-24">
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{t('eyebrow')}</p>
        <h1 className="mt-3 max-w-3xl text-4xl font-bold tracking-tight text-ink sm:text-5xl">{t('title')}</h1>
        <p className="mt-6 max-w-2xl text-lg text-muted">{t('lead')}</p>
        <div className="mt-8 flex flex-wrap gap-3">
          <Link href="/contact" className="rounded-md bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800">
            {t('primaryCta')}
          </Link>
          <Link href="/demo" className="rounded-md border border-brand-700 px-5 py-3 font-semibold text-brand-700 hover:bg-brand-50">
            {t('secondaryCta')}
          </Link>
        </div>
      </div>
    </section>
  );
}
