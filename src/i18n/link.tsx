import { IntentLink as NextLink } from '@/ui/intent-link';
import type { ComponentProps } from 'react';
import { getLocale } from 'next-intl/server';
import { localizedPath } from './routing';

/** A link to a page of the site, in the language of the page being rendered (server components). */
export async function Link({ href, ...rest }: Omit<ComponentProps<typeof NextLink>, 'href'> & { href: string }) {
  const locale = (await getLocale()) as Parameters<typeof localizedPath>[1];
  return <NextLink href={localizedPath(href, locale)} {...rest} />;
}
