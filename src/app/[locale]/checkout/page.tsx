import { pageLocale } from '@/i18n/page-locale';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { messages } from '@/i18n/messages';
import { pageMetadata } from '@/i18n/metadata';
import type { Locale } from '@/i18n/routing';
import { Checkout } from '@/features/courses/ui/checkout-form';
import { courseLabels } from '@/features/courses/ui/labels';

type Params = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'Courses' });
  // A form for one visitor: not for search results.
  return {
    ...pageMetadata('/checkout', locale, { title: t('checkoutMetaTitle'), description: t('checkoutMetaDescription') }),
    robots: { index: false },
  };
}

/** Prerendered; the course comes from the address (?course=…&registration=…) and the API. */
export default async function CheckoutPage({ params }: Params) {
  const { locale } = await params;
  pageLocale(locale);
  const t = await getTranslations('Courses');
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight text-ink">{t('checkoutHeading')}</h1>
      <p className="mt-2 max-w-2xl text-muted">{t('checkoutIntro')}</p>
      <div className="mt-8">
        <Checkout locale={locale} labels={courseLabels(locale)} formLabels={messages[locale].Forms} />
      </div>
    </div>
  );
}
