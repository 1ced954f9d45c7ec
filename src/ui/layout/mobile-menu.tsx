'use client';

import { useEffect, useState, type ReactNode } from 'react';
import { usePathname } from 'next/navigation';

/**
 * On small screens the navigation collapses behind a menu button (a disclosure: the button
 * says whether it is expanded and which element it controls). From md up it is always shown.
 */
export function MobileMenu({ label, navLabel, children }: { label: string; navLabel: string; children: ReactNode }) {
  const pathname = usePathname();
  // The menu is open for the page it was opened on: navigating closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;

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
        type="button"
        className="inline-flex items-center gap-2 rounded-md border border-gray-300 px-3 py-2 text-sm font-medium xl:hidden"
        aria-expanded={open}
        aria-controls="main-nav"
        onClick={() => setOpenOn(open ? null : pathname)}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
          {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
        </svg>
        {label}
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
