'use client';

import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { usePathname } from 'next/navigation';
import { MENU_ICON } from './menu-icon';

/**
 * On small screens the navigation collapses behind a menu button (a disclosure: the button
 * says whether it is expanded and which element it controls). From xl up it is always shown.
 */
export function MobileMenu({ label, navLabel, children }: { label: string; navLabel: string; children: ReactNode }) {
  const pathname = usePathname();
  // The menu is open for the page it was opened on: navigating closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const button = useRef<HTMLButtonElement>(null);

  // Until now the page's loader answered the button (src/server/http/scripts-after-paint.ts): take over from it,
  // open if a tap opened the menu while the scripts loaded.
  useLayoutEffect(() => {
    const element = button.current!;
    element.setAttribute('data-live', '');
    if (element.getAttribute('aria-expanded') === 'true') setOpenOn(pathname);
    // Once, on hydration; the path is the one the page was served for.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpenOn(null);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <>
      <button
        ref={button}
        type="button"
        className="inline-flex items-center gap-2 rounded-md border border-gray-300 px-3 py-2 text-sm font-medium xl:hidden"
        aria-expanded={open}
        aria-controls="main-nav"
        onClick={() => setOpenOn(open ? null : pathname)}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
          <path d={open ? MENU_ICON.close : MENU_ICON.open} />
        </svg>
        {/* The icon alone on the narrowest phones, where the name would push the language menu off the screen. */}
        <span className="max-[23rem]:sr-only">{label}</span>
      </button>
      <nav
        id="main-nav"
        aria-label={navLabel}
        className={`${open ? 'block' : 'hidden'} absolute inset-x-0 top-full z-40 border-b border-gray-200 bg-white px-4 pb-4 shadow-md xl:static xl:block xl:border-0 xl:p-0 xl:shadow-none`}
      >
        {children}
      </nav>
    </>
  );
}
