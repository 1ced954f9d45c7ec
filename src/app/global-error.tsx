'use client';

import { errors } from '@/i18n/error-messages';
import { localizedPath } from '@/i18n/locale-path';
import { ErrorPanel } from '@/ui/error-panel';
import { LocalizedFallback } from '@/ui/localized-fallback';
import { localizedBlocks } from '@/ui/localized-blocks';
import './globals.css';

/** The last resort, shown when the layout or the error page itself failed. */
export default function GlobalError() {
  return (
    <html lang="en">
      <body className="flex min-h-dvh flex-col bg-white font-sans antialiased">
        <main id="main" className="flex-1">
          <LocalizedFallback
            blocks={localizedBlocks((locale) => ({
              title: errors[locale].errorPageFailed,
              body: (
                <ErrorPanel status="500" title={errors[locale].errorPageFailed} text={errors[locale].genericText}>
                  <a href={localizedPath('/', locale)} className="font-semibold text-brand-700 underline underline-offset-4">
                    {errors[locale].goBackHome}
                  </a>
                </ErrorPanel>
              ),
            }))}
          />
        </main>
      </body>
    </html>
  );
}
