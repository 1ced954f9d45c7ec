import 'server-only';
import type { Locale } from '@/i18n/routing';
import { env } from '@/server/env';
import { pageContent } from './content';

// Invented names, drawn as wordmarks, so a fresh site does not look empty; the page says they are
// examples until CLIENT_NAMES lists the real clients.
const exampleClients = ['Northwind Bank', 'Lumen & Co.', 'Orbis Freight', 'Vela Health', 'Kestrel Energy', 'Ponte Mobility'];

/** The client names of the home page's logo strip, and whether they are the examples. */
export function clientList(): { names: string[]; examples: boolean } {
  const configured = env().CLIENT_NAMES;
  return configured.length ? { names: configured, examples: false } : { names: exampleClients, examples: true };
}

/** The about page's partner badges: PARTNER_BADGES ("Name|Tier"), or the examples of the content file. */
export function partnerBadges(locale: Locale): { badges: { name: string; tier: string }[]; examples: boolean } {
  const configured = env().PARTNER_BADGES;
  if (!configured.length) return { badges: pageContent('about', locale).partners.badges, examples: true };
  return {
    badges: configured.map((entry) => {
      const [name = '', tier = ''] = entry.split('|').map((part) => part.trim());
      return { name, tier };
    }),
    examples: false,
  };
}
