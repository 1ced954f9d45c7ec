import type { Metadata } from 'next';
import { messages } from '@/i18n/messages';
import { localizedPath } from '@/i18n/routing';
import { ErrorPanel } from '@/ui/error-panel';
import { LocalizedFallback } from '@/ui/localized-fallback';
import { localizedBlocks } from '@/ui/localized-blocks';

// The title comes from LocalizedFallback, in the visitor's language.
export const metadata: Metadata = { robots: { index: false } };

/**
 * Every unknown address. Static, full HTML with status 404 (see docs/decisions/006): it cannot
 * know the locale at build time, so it carries all five and shows the visitor's.
 */
export default function NotFound() {
  return (
    <html lang="en">
      <body className="flex min-h-dvh flex-col bg-white font-sans antialiased">
        <main id="main" className="flex-1">
          <LocalizedFallback
            blocks={localizedBlocks((locale) => {
              const t = messages[locale].Errors;
              return {
                title: t.notFoundTitle,
                body: (
                  <ErrorPanel status="404" title={t.notFoundTitle} text={t.notFoundText}>
                    <a href={localizedPath('/', locale)} className="font-semibold text-brand-700 underline underline-offset-4">
                      {t.backHome}
                    </a>
                  </ErrorPanel>
                ),
              };
            })}
          />
        </main>
      </body>
    </html>
  );
}
