import type { Metadata } from 'next';
import { messages } from '@/i18n/messages';
import { localizedPath } from '@/i18n/routing';
import { env } from '@/server/env';
import { Logo } from '@/ui/brand/logo';
import { ErrorPanel } from '@/ui/error-panel';
import { LocalizedFallback } from '@/ui/localized-fallback';
import { localizedBlocks } from '@/ui/localized-blocks';
import { WayOn, wayOnLinkClass, wayOnPages } from '@/ui/way-on';

// The title comes from LocalizedFallback, in the visitor's language.
export const metadata: Metadata = { robots: { index: false } };

/**
 * Every unknown address. Static, full HTML with status 404 (see docs/decisions/006): it cannot
 * know the locale at build time, so it carries all five and shows the visitor's, each with the
 * site's brand, main links and legal links around the message.
 */
export default function NotFound() {
  const siteName = env().SITE_NAME;
  return (
    <html lang="en">
      <body className="bg-white font-sans antialiased">
        <LocalizedFallback
          blocks={localizedBlocks((locale) => {
            const m = messages[locale];
            const t = m.Errors;
            const href = (page: string) => localizedPath(page, locale);
            const labels = { '/jobs': m.Header.jobs, '/services': m.Header.services, '/contact': m.Header.contact, '/': t.backHome };
            const legal = [
              ['/terms', m.Footer.terms],
              ['/privacy-policy', m.Footer.privacy],
              ['/cookies', m.Footer.cookies],
            ] as const;
            return {
              title: t.notFoundTitle,
              body: (
                <div className="flex min-h-dvh flex-col">
                  <header className="border-b border-gray-200">
                    <div className="mx-auto flex max-w-6xl items-center px-4 py-3">
                      <a
                        href={href('/')}
                        aria-label={m.Header.homeLabel.replace('{siteName}', siteName)}
                        className="text-lg font-bold tracking-tight text-brand-800"
                      >
                        <Logo siteName={siteName} />
                      </a>
                    </div>
                  </header>
                  <main className="flex-1">
                    <ErrorPanel status="404" title={t.notFoundTitle} text={t.notFoundText}>
                      <WayOn
                        heading={t.wayOn}
                        links={wayOnPages.map((page) => (
                          <a key={page} href={href(page)} className={wayOnLinkClass}>
                            {labels[page]}
                          </a>
                        ))}
                      />
                    </ErrorPanel>
                  </main>
                  <footer className="bg-gray-900 py-6 text-sm text-gray-200">
                    {/* Padded inside the column, as the header is: the links line up with the brand. */}
                    <ul className="mx-auto flex max-w-6xl flex-wrap gap-x-6 gap-y-2 px-4">
                      {legal.map(([page, label]) => (
                        <li key={page}>
                          <a href={href(page)} className="underline-offset-4 hover:text-white hover:underline">
                            {label}
                          </a>
                        </li>
                      ))}
                    </ul>
                  </footer>
                </div>
              ),
            };
          })}
        />
      </body>
    </html>
  );
}
