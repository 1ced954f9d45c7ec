import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { requestOfConfirmToken } from '@/features/privacy/server/privacy-service';
import { pageLocale } from '@/i18n/page-locale';
import { localizedPath, type Locale } from '@/i18n/routing';
import { database } from '@/server/db';

// The link in the confirmation mail. Opening it confirms nothing: mail scanners open links before
// people do. The page's button confirms, with a POST. Personal: never cached or indexed.
export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ locale: Locale; token: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: 'Privacy.confirm' });
  return { title: t('metaTitle'), robots: { index: false, follow: false } };
}

export default async function ConfirmPrivacyRequestPage({ params, searchParams }: Props) {
  const { locale, token } = await params;
  pageLocale(locale);
  const retry = (await searchParams).retry === '1';
  const request = /^[\w.-]{1,200}$/.test(token) ? await requestOfConfirmToken((await database()).db, token) : undefined;
  if (!request) notFound();
  const t = await getTranslations('Privacy.confirm');
  return (
    <div className="mx-auto max-w-2xl px-4 py-14">
      {request.status !== 'unconfirmed' ? (
        <>
          <h1 className="text-3xl font-bold tracking-tight text-ink">{t('doneHeading')}</h1>
          <p role="status" className="mt-3 text-lg text-muted">
            {t(`doneText.${request.kind}`)}
          </p>
        </>
      ) : (
        <>
          <h1 className="text-3xl font-bold tracking-tight text-ink">{t(`heading.${request.kind}`)}</h1>
          <p className="mt-3 text-lg text-muted">{t(`text.${request.kind}`)}</p>
          {retry ? (
            <p role="alert" className="mt-6 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-ink">
              {t('retry')}
            </p>
          ) : null}
          <form method="post" action={localizedPath(`/privacy/request/${token}/confirm`, locale)} className="mt-8">
            <button type="submit" className="rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800">
              {t(`button.${request.kind}`)}
            </button>
          </form>
        </>
      )}
    </div>
  );
}
