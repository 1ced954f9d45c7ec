'use client';

import { DropdownMenu } from 'radix-ui';
import { useLocale, useTranslations } from 'next-intl';
import { usePathname } from '@/i18n/navigation';
import { localeNames, locales, localePrefix, routing, type Locale } from '@/i18n/routing';

const cookie = routing.localeCookie as { name: string; maxAge: number };

/**
 * The address of the current page in another language. English carries an explicit /en so the
 * server also updates the locale cookie; it then redirects to the unprefixed address.
 */
function switchHref(pathname: string, locale: Locale): string {
  const prefix = localePrefix(locale) || '/en';
  return pathname === '/' ? prefix : `${prefix}${pathname}`;
}

/** Language dropdown; choosing a language loads the same page in it (a full page load). */
export function LanguageMenu() {
  const t = useTranslations('Header');
  const current = useLocale();
  const pathname = usePathname();
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        className="inline-flex items-center gap-1.5 rounded-md border border-gray-300 px-3 py-2 text-sm font-medium text-ink hover:bg-gray-50"
        aria-label={t('languageCurrent', { language: localeNames[current] })}
        data-testid="language-menu"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2">
          <circle cx="12" cy="12" r="10" />
          <path d="M2 12h20M12 2a15 15 0 0 1 0 20M12 2a15 15 0 0 0 0 20" />
        </svg>
        <span>{current === 'es' ? 'ES' : current.toUpperCase()}</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-40 rounded-md border border-gray-200 bg-white p-1 shadow-lg"
        >
          {locales.map((locale) => (
            <DropdownMenu.Item key={locale} asChild>
              <a
                href={switchHref(pathname, locale)}
                hrefLang={locale}
                lang={locale}
                aria-current={locale === current ? 'true' : undefined}
                onClick={(event) => {
                  event.preventDefault();
                  // Remember the choice here too: a navigation proxied by the service worker
                  // may not let the server update the cookie.
                  document.cookie = `${cookie.name}=${locale}; path=/; max-age=${cookie.maxAge}; samesite=lax`;
                  // Keep the query string (a job search, say) when switching language.
                  window.location.assign(switchHref(pathname, locale) + window.location.search);
                }}
                className="block rounded px-3 py-2 text-sm text-ink outline-none data-[highlighted]:bg-brand-50 aria-[current=true]:font-semibold"
              >
                {localeNames[locale]}
              </a>
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
