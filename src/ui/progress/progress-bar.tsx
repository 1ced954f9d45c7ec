'use client';

import { useEffect, useRef } from 'react';
import { usePathname, useSearchParams } from 'next/navigation';
import { useStrings } from '../client-strings';
import { progress, useProgressVisible } from './progress';

function isInternalNavigation(event: MouseEvent): boolean {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
  const anchor = (event.target as Element | null)?.closest?.('a');
  if (!anchor || (anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return false;
  const url = new URL(anchor.href, window.location.href);
  if (url.origin !== window.location.origin) return false;
  return url.pathname !== window.location.pathname || url.search !== window.location.search;
}

/** The top progress bar: navigations (link clicks until the new URL renders) and API requests. */
export function ProgressBar() {
  const t = useStrings('Status');
  const visible = useProgressVisible();
  const pathname = usePathname();
  const search = useSearchParams();
  const finishNavigation = useRef<(() => void) | null>(null);

  useEffect(() => {
    const begin = () => {
      finishNavigation.current?.();
      finishNavigation.current = progress.start();
    };
    const onClick = (event: MouseEvent) => {
      if (isInternalNavigation(event)) begin();
    };
    // Link clicks and back/forward; both end when the new address has rendered.
    document.addEventListener('click', onClick);
    window.addEventListener('popstate', begin);
    return () => {
      document.removeEventListener('click', onClick);
      window.removeEventListener('popstate', begin);
    };
  }, []);

  useEffect(() => {
    finishNavigation.current?.();
    finishNavigation.current = null;
  }, [pathname, search]);

  return (
    <div
      role="progressbar"
      aria-label={t('loading')}
      aria-hidden={!visible}
      data-visible={visible}
      className={`pointer-events-none fixed inset-x-0 top-0 z-50 h-1 overflow-hidden transition-opacity duration-200 ${visible ? 'opacity-100' : 'opacity-0'}`}
    >
      <div className={`h-full w-1/3 bg-brand-600 ${visible ? 'animate-progress' : ''}`} />
    </div>
  );
}
