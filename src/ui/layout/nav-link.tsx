'use client';

import type { ComponentProps } from 'react';
import { Link, usePathname } from '@/i18n/navigation';

/** A navigation link that marks the current page for assistive technology and styling. */
export function NavLink({ href, className, ...rest }: ComponentProps<typeof Link> & { href: string }) {
  const pathname = usePathname();
  const current = href === '/' ? pathname === '/' : pathname === href || pathname.startsWith(`${href}/`);
  return <Link href={href} aria-current={current ? 'page' : undefined} className={className} {...rest} />;
}
