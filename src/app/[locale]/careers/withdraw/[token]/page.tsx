import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { withdrawalOf } from '@/features/applications/server/withdrawals';
import { pageLocale } from '@/i18n/page-locale';
import { localizedPath, type Locale } from '@/i18n/routing';
import { database } from '@/server/db';

// The link in the acknowledgement mail. Opening it withdraws nothing: mail scanners open links
// before people do. The page's button withdraws, with a POST. Personal: never cached or indexed.
export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ locale: Locale; token: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: 'Applications.withdraw' });
  return { title: t('metaTitle'), robots: { index: false, follow: false } };
}

export default async function WithdrawPage({ params, searchParams }: Props) {
  const { locale, token } = await params;
  pageLocale(locale);
  const retry = (await searchParams).retry === '1';
  const application = /^[\w.-]{1,200}$/.test(token) ? await withdrawalOf((await database()).db, token) : undefined;
  if (!application) notFound();
  const t = await getTranslations('Applications.withdraw');
  return (
    <div className="mx-auto max-w-2xl px-4 py-14">
      {application.withdrawn ? (
        <>
          <h1 className="text-3xl font-bold tracking-tight text-ink">{t('doneHeading')}</h1>
          <p role="status" className="mt-3 text-lg text-muted">
            {t('doneText')}
          </p>
        </>
      ) : (
        <>
          <h1 className="text-3xl font-bold tracking-tight text-ink">{t('heading')}</h1>
          <p className="mt-3 text-lg text-muted">{application.target ? t('text', { target: application.target }) : t('textOnSpec')}</p>
          {retry ? (
            <p role="alert" className="mt-6 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-ink">
              {t('retry')}
            </p>
          ) : null}
          <form method="post" action={localizedPath(`/careers/withdraw/${token}/confirm`, locale)} className="mt-8">
            <button type="submit" className="rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800">
              {t('button')}
            </button>
          </form>
        </>
      )}
    </div>
  );
}
