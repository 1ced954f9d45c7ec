import { pageLocale } from '@/i18n/page-locale';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { SignUp } from '@/features/accounts/ui/sign-up';
import { messages } from '@/i18n/messages';
import { pageMetadata } from '@/i18n/metadata';
import type { Locale } from '@/i18n/routing';
import { env } from '@/server/env';

type Params = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'SignUp' });
  return pageMetadata('/add', locale, { title: t('metaTitle'), description: t('metaDescription') });
}

/** The free-trial sign-up (linked from the header's products entry and the products pages). */
export default async function AddPage({ params }: Params) {
  const { locale } = await params;
  pageLocale(locale);
  const t = await getTranslations('SignUp');
  return (
    <div className="mx-auto grid max-w-5xl gap-8 px-4 py-10 md:grid-cols-2 md:gap-12 md:py-14">
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-ink md:text-4xl">{t('heading')}</h1>
        <p className="mt-3 text-lg text-muted">{t('intro')}</p>
        <ul className="mt-6 grid gap-3">
          {[t('noCard'), t('oneMinute')].map((note) => (
            <li key={note} className="flex items-start gap-3 font-medium text-ink">
              <span
                aria-hidden="true"
                className="mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full bg-green-100 text-sm text-green-800"
              >
                ✓
              </span>
              {note}
            </li>
          ))}
        </ul>
      </div>
      <div className="rounded-lg border border-gray-200 p-5 shadow-sm md:p-6">
        <SignUp
          locale={locale}
          labels={messages[locale].SignUp}
          loginUrl={env().APP_LOGIN_URL}
          formErrors={messages[locale].Forms.errors}
        />
      </div>
    </div>
  );
}
