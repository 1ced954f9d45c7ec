import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { NextIntlClientProvider } from 'next-intl';
import { officeMessages } from '@/server/office/office-messages';
import { officeRequestLocale } from '@/server/office/pages';

// Rendered per request (a session decides what it shows), never prerendered or cached.
export const dynamic = 'force-dynamic';

export const metadata: Metadata = {
  title: { default: 'Office', template: '%s · Office' },
  robots: { index: false, follow: false, nocache: true },
};
export const viewport: Viewport = { width: 'device-width', initialScale: 1 };

export default async function OfficeLayout({ children }: { children: ReactNode }) {
  const locale = await officeRequestLocale();
  return (
    // The background on html, not body: a short page (the sign-in) is grey to the window's bottom.
    <html lang={locale} className="bg-slate-50">
      <body className="text-ink antialiased">
        <NextIntlClientProvider locale={locale} messages={officeMessages[locale] as never}>
          {children}
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
