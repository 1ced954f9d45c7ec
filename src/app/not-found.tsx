import type { Metadata } from 'next';
import { messages } from '@/i18n/messages';
import { localePrefix } from '@/i18n/locale-path';
import { localeNames, localizedPath, locales } from '@/i18n/routing';
import { env } from '@/server/env';
import { Logo } from '@/ui/brand/logo';
import { demoLink, headerLinks } from '@/ui/layout/site-links';
import { ErrorPanel } from '@/ui/error-panel';
import { LocalizedFallback } from '@/ui/localized-fallback';
import { localizedBlocks } from '@/ui/localized-blocks';
import { WayOn, wayOnLinkClass, wayOnPages } from '@/ui/way-on';

// The title comes from LocalizedFallback, in the visitor's language.
export const metadata: Metadata = { robots: { index: false } };

/**
 * Every unknown address. Static, full HTML with status 404 (see docs/decisions/006): it cannot
 * know the locale at build time, so it carries all five and shows the visitor's, each with the
 * site's brand, the header's links, links to the other languages' home pages and the legal links
 * around the message.
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
                    <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3">
                      <a
                        href={href('/')}
                        aria-label={m.Header.homeLabel.replace('{siteName}', siteName)}
                        className="mr-auto text-lg font-bold tracking-tight text-brand-800"
                      >
                        <Logo siteName={siteName} />
                      </a>
                      {/* Plain links: the page has no script but the one that picks its language. */}
                      <nav aria-label={m.Header.language} className="flex items-center gap-2">
                        <svg
                          aria-hidden="true"
                          viewBox="0 0 24 24"
                          className="hidden size-4 shrink-0 text-muted sm:block"
                          fill="none"
                          stroke="currentColor"
                          strokeWidth="2"
                        >
                          <circle cx="12" cy="12" r="10" />
                          <path d="M2 12h20M12 2a15 15 0 0 1 0 20M12 2a15 15 0 0 0 0 20" />
                        </svg>
                        <ul className="flex flex-wrap gap-x-3 gap-y-1 text-sm">
                          {locales.map((other) => (
                            <li key={other}>
                              <a
                                href={localePrefix(other) || '/en'}
                                hrefLang={other}
                                lang={other}
                                aria-current={other === locale ? 'true' : undefined}
                                className="text-ink underline-offset-4 hover:underline aria-[current=true]:font-semibold aria-[current=true]:text-brand-700"
                              >
                                {localeNames[other]}
                              </a>
                            </li>
                          ))}
                        </ul>
                      </nav>
                    </div>
                    <nav aria-label={m.Header.mainNav} className="mx-auto max-w-6xl px-4 pb-3">
                      <ul className="-mx-2 flex flex-wrap gap-y-1 text-sm font-medium">
                        {[...headerLinks, demoLink].map((link) => (
                          <li key={link.key}>
                            <a href={href(link.href)} className="block rounded-md px-2 py-1.5 text-ink hover:bg-gray-100">
                              {m.Header[link.key]}
                            </a>
                          </li>
                        ))}
                      </ul>
                    </nav>
                  </header>
                  {/* One main is visible: another language's is hidden with its block (locale-picker-script.ts). */}
                  <main className="flex-1" hidden={locale !== 'en'} data-locale-block={locale} suppressHydrationWarning>
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
