import { pageLocale } from '@/i18n/page-locale';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { pageMetadata } from '@/i18n/metadata';
import type { Locale } from '@/i18n/routing';
import { courseLabels } from '@/features/courses/ui/labels';
import { OrderResult } from '@/features/courses/ui/order-result';
import { MAX_SEATS_PER_ORDER } from '@/features/courses/schema';

type Params = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'Courses' });
  return { ...pageMetadata('/checkout/success', locale, { title: t('successMetaTitle') }), robots: { index: false } };
}

/** Prerendered; the order (?order=…) is read from the API. */
export default async function CheckoutSuccessPage({ params }: Params) {
  const { locale } = await params;
  pageLocale(locale);
  const t = await getTranslations('Courses');
  const counts = Array.from({ length: MAX_SEATS_PER_ORDER }, (_, i) => i + 1);
  const plurals = {
    seats: counts.map((count) => t('seatCount', { count })),
    transferTitles: counts.map((count) => t('transferTitle', { count })),
  };
  return (
    <div className="mx-auto max-w-2xl px-4 py-12">
      <h1 className="text-3xl font-bold tracking-tight text-ink">{t('successHeading')}</h1>
      <div className="mt-6">
        <OrderResult locale={locale} labels={courseLabels(locale)} plurals={plurals} />
      </div>
    </div>
  );
}
