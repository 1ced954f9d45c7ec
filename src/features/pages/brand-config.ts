import 'server-only';
import { env } from '@/server/env';

// Invented names, drawn as wordmarks, so a fresh site does not look empty; the page says they are
// examples until CLIENT_NAMES lists the real clients.
const exampleClients = ['Northwind Bank', 'Lumen & Co.', 'Orbis Freight', 'Vela Health', 'Kestrel Energy', 'Ponte Mobility'];

/** The client names of the home page's logo strip, and whether they are the examples. */
export function clientList(): { names: string[]; examples: boolean } {
  const configured = env().CLIENT_NAMES;
  return configured.length ? { names: configured, examples: false } : { names: exampleClients, examples: true };
}

/** The about page's partner badges: PARTNER_BADGES ("Name|Tier"), or the examples of the page's copy. */
export function partnerBadges(examples: { name: string; tier: string }[]): { badges: { name: string; tier: string }[]; examples: boolean } {
  const configured = env().PARTNER_BADGES;
  if (!configured.length) return { badges: examples, examples: true };
  return {
    badges: configured.map((entry) => {
      const [name = '', tier = ''] = entry.split('|').map((part) => part.trim());
      return { name, tier };
    }),
    examples: false,
  };
}
