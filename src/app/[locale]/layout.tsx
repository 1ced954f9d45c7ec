import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { Suspense } from 'react';
import { notFound } from 'next/navigation';
import { hasLocale } from 'next-intl';
import { getMessages, getTranslations, setRequestLocale } from 'next-intl/server';
import type { Messages } from '@/i18n/messages';
import { routing } from '@/i18n/routing';
import { companyAddress } from '@/server/brand';
import { env } from '@/server/env';
import { ClientRuntime } from '@/ui/client-runtime';
import { ClientStringsProvider } from '@/ui/client-strings';
import { SiteFooter } from '@/ui/layout/site-footer';
import { SiteHeader } from '@/ui/layout/site-header';
import { OfflineNotice } from '@/ui/online-status';
import { ProgressBar } from '@/ui/progress/progress-bar';
import { Toaster } from '@/ui/toast/toaster';

// No page is prerendered by the build: each is rendered on its first visit and kept in Next's cache,
// so what pages carry from the configuration (PUBLIC_URL in canonical links, the brand, the
// company's address) is read where the site runs, and one build serves any address.
export function generateStaticParams() {
  return [];
}

export const viewport: Viewport = { themeColor: '#1d4ed8', width: 'device-width', initialScale: 1 };

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) return {};
  const t = await getTranslations({ locale, namespace: 'Metadata' });
  const siteName = env().SITE_NAME;
  return {
    metadataBase: new URL(env().PUBLIC_URL),
    title: { default: t('title', { siteName }), template: `%s | ${siteName}` },
    description: t('description'),
  };
}

export default async function LocaleLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const { Status, Errors, Toast } = (await getMessages()) as Messages;
  const e = env();

  return (
    <html lang={locale}>
      <body className="flex min-h-dvh flex-col bg-white font-sans antialiased">
        <ClientStringsProvider locale={locale} strings={{ Status, Errors, Toast }}>
          <Suspense>
            <ProgressBar />
          </Suspense>
          <OfflineNotice />
          <SiteHeader siteName={e.SITE_NAME} />
          <main id="main" className="flex-1">
            {children}
          </main>
          <SiteFooter siteName={e.SITE_NAME} contributeUrl={e.CONTRIBUTE_URL} socialUrl={e.SOCIAL_URL} address={companyAddress(locale)} />
          <Toaster />
          <ClientRuntime serviceWorker={e.NODE_ENV === 'production'} />
        </ClientStringsProvider>
      </body>
    </html>
  );
}
