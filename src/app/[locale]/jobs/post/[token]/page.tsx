import { pageLocale } from '@/i18n/page-locale';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { messages } from '@/i18n/messages';
import type { Locale } from '@/i18n/routing';
import { openPosting } from '@/features/postings/server/postings-employer';
import { ManagePosting } from '@/features/postings/ui/manage-posting';
import { postingLabels } from '@/features/postings/ui/labels';
import { database } from '@/server/db';

// Personal (the token is the key): rendered per request, never cached or indexed.
export const dynamic = 'force-dynamic';

type Params = { params: Promise<{ locale: Locale; token: string }>; searchParams?: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'JobPost' });
  return {
    title: t('manage.pageTitle'),
    robots: { index: false, follow: false },
    // The address is the key to the page: not passed on to the pages it links to.
    referrer: 'no-referrer',
  };
}

function decodeToken(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return ''; // a mangled link: no such posting
  }
}

/** The employer's private page, reached from every mail about the listing; the first visit confirms the address. */
export default async function PostingPage({ params, searchParams }: Params) {
  const { locale, token: raw } = await params;
  pageLocale(locale);
  const token = decodeToken(raw);
  const opened = token ? await openPosting((await database()).db, token) : null;
  if (!opened) notFound();
  const t = await getTranslations('JobPost');
  const { justConfirmed, ...view } = opened;
  const position = typeof view.listing.position === 'string' ? view.listing.position : '';
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <p className="text-sm font-semibold text-brand-700">{t('manage.pageTitle')}</p>
      <h1 className="mt-1 text-3xl font-bold tracking-tight text-ink">{position}</h1>
      <p className="mt-1 text-lg text-muted">{view.company}</p>
      <div className="mt-6">
        <ManagePosting
          token={token}
          initial={view}
          justConfirmed={justConfirmed}
          locale={locale}
          labels={postingLabels(messages[locale])}
          offerRenew={(await searchParams)?.renew === '1'}
        />
      </div>
    </div>
  );
}
