'use client';

import { IntentLink as Link } from '@/ui/intent-link';
import { usePathname } from 'next/navigation';
import type { ComponentProps } from 'react';
import { pagePath } from '@/i18n/locale-path';

/** A navigation link (href already localized) that marks the current page for assistive technology. */
export function NavLink({ href, page, ...rest }: ComponentProps<typeof Link> & { href: string; page: string }) {
  const current = pagePath(usePathname());
  const isCurrent = page === '/' ? current === '/' : current === page || current.startsWith(`${page}/`);
  return <Link href={href} aria-current={isCurrent ? 'page' : undefined} {...rest} />;
}
