'use client';

import { usePathname } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { localeCookie as cookie, locales, localePrefix, pagePath, type Locale } from '@/i18n/locale-path';
import { useClientLocale } from '../client-strings';

/**
 * The address of the current page in another language. English carries an explicit /en so the
 * server also updates the locale cookie; it then redirects to the unprefixed address.
 */
function switchHref(pathname: string, locale: Locale): string {
  const prefix = localePrefix(locale) || '/en';
  const path = pagePath(pathname);
  return path === '/' ? prefix : `${prefix}${path}`;
}

/**
 * Language dropdown: a button that shows the list of languages (a disclosure of links, usable
 * from the keyboard). Choosing one loads the same page in it. The button needs the page's script;
 * without it the language still follows the browser's settings and the address's prefix.
 */
export function LanguageMenu({
  label,
  names,
}: {
  label: string;
  /** Each language in itself ('Deutsch'), given by the header. */ names: Record<Locale, string>;
}) {
  const current = useClientLocale();
  const pathname = usePathname();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    const onPointer = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls="language-list"
        aria-label={label}
        onClick={() => setOpen((v) => !v)}
        className="inline-flex items-center gap-1.5 rounded-md border border-gray-300 px-3 py-2 text-sm font-medium text-ink hover:bg-gray-50"
        data-testid="language-menu"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2">
          <circle cx="12" cy="12" r="10" />
          <path d="M2 12h20M12 2a15 15 0 0 1 0 20M12 2a15 15 0 0 0 0 20" />
        </svg>
        <span aria-hidden="true">{current.toUpperCase()}</span>
      </button>
      <ul
        id="language-list"
        hidden={!open}
        className="absolute right-0 z-50 mt-1.5 min-w-40 rounded-md border border-gray-200 bg-white p-1 shadow-lg"
      >
        {locales.map((locale) => (
          <li key={locale}>
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
              className="block rounded px-3 py-2 text-sm text-ink hover:bg-brand-50 aria-[current=true]:font-semibold"
            >
              {names[locale]}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
