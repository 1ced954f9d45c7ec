import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PrivacyRequestForm } from '@/features/privacy/ui/privacy-request-form';
import { pageLocale } from '@/i18n/page-locale';
import { messages } from '@/i18n/messages';
import { pageMetadata } from '@/i18n/metadata';
import type { Locale } from '@/i18n/routing';

type Params = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'Privacy' });
  return pageMetadata('/privacy/request', locale, { title: t('metaTitle'), description: t('metaDescription') });
}

/** A copy or the erasure of one's data (GDPR articles 15, 17 and 20); the request counts once confirmed by mail. */
export default async function PrivacyRequestPage({ params }: Params) {
  const { locale } = await params;
  pageLocale(locale);
  const t = messages[locale].Privacy;
  return (
    <div className="mx-auto max-w-4xl px-4 py-12">
      <h1 className="text-3xl font-bold tracking-tight text-ink">{t.heading}</h1>
      <p className="mt-2 max-w-2xl text-muted">{t.intro}</p>
      <div className="mt-8 max-w-xl">
        <PrivacyRequestForm
          locale={locale}
          forms={messages[locale].Forms}
          labels={{
            kindLegend: t.kindLegend,
            copy: t.copy,
            copyHint: t.copyHint,
            erasure: t.erasure,
            erasureHint: t.erasureHint,
            email: t.email,
            send: t.send,
            sentHeading: t.sentHeading,
            sentText: t.sentText,
          }}
        />
      </div>
    </div>
  );
}
