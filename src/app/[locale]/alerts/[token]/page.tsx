import { pageLocale } from '@/i18n/page-locale';
import type { Metadata } from 'next';
import { IntentLink as Link } from '@/ui/intent-link';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { messages } from '@/i18n/messages';
import { localizedPath, type Locale } from '@/i18n/routing';
import { openSubscription } from '@/features/alerts/server/alerts-service';
import { ManageSubscription } from '@/features/alerts/ui/manage-subscription';
import { database } from '@/server/db';

// Personal (the token is the key): rendered per request, never cached or indexed.
export const dynamic = 'force-dynamic';

type Params = { params: Promise<{ locale: Locale; token: string }>; searchParams?: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'Alerts' });
  return {
    title: t('pageTitle'),
    robots: { index: false, follow: false },
    // The address is the key to the page: not passed on to the pages it links to.
    referrer: 'no-referrer',
  };
}

/** Reached from every alert mail: the confirmation link confirms, then the alert can be managed. */
function decodeToken(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return ''; // a mangled link: no such alert
  }
}

export default async function AlertPage({ params, searchParams }: Params) {
  const { locale, token: raw } = await params;
  pageLocale(locale);
  const unsubscribe = (await searchParams)?.unsubscribe === '1';
  const token = decodeToken(raw);
  const subscription = token ? await openSubscription((await database()).db, token) : null;
  if (!subscription) notFound();
  const t = await getTranslations('Alerts');
  const { justConfirmed, ...view } = subscription;
  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight text-ink">{t('pageTitle')}</h1>
      {justConfirmed ? (
        <p role="status" className="mt-4 rounded-lg border border-green-700 bg-green-50 p-4 font-medium text-green-900">
          {t('confirmed')}
        </p>
      ) : null}
      <div className="mt-6">
        <ManageSubscription token={token} initial={view} labels={messages[locale].Alerts} offerUnsubscribe={unsubscribe} />
      </div>
      <p className="mt-8">
        <Link
          href={localizedPath(`/jobs/${view.search.dashboard}`, locale)}
          className="font-semibold text-brand-700 underline underline-offset-4"
        >
          {t('backToBoard')}
        </Link>
      </p>
    </div>
  );
}
