'use client';

import NextLink from 'next/link';
import { useState, type ComponentProps } from 'react';

/**
 * next/link that prefetches the page it leads to when the visitor shows the intent to follow it
 * (pointer over it, a touch, keyboard focus) instead of as soon as it scrolls into view. A job page
 * has some fifteen links in view (header, footer, board): prefetching them all fetched and parsed
 * fifteen pages on a phone's main thread while the page was still loading (decision 020).
 */
export function IntentLink({ prefetch, onPointerEnter, onTouchStart, onFocus, ...props }: ComponentProps<typeof NextLink>) {
  const [wanted, setWanted] = useState(false);
  return (
    <NextLink
      {...props}
      // An explicit prefetch={false} stays off.
      prefetch={prefetch === false || !wanted ? false : prefetch}
      onPointerEnter={(e) => (setWanted(true), onPointerEnter?.(e))}
      onTouchStart={(e) => (setWanted(true), onTouchStart?.(e))}
      onFocus={(e) => (setWanted(true), onFocus?.(e))}
    />
  );
}
