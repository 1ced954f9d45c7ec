import { describe, expect, it } from 'vitest';
import { env } from '@/server/env';
import { pageMetadata } from './metadata';

/** Every string of the metadata that is an address (a path or a URL). */
function addresses(value: unknown): string[] {
  if (typeof value === 'string') return value.startsWith('/') || value.startsWith('http') ? [value] : [];
  if (value && typeof value === 'object') return Object.values(value).flatMap(addresses);
  return [];
}

describe("a page's metadata", () => {
  it('names every address in full: the page in each language, its card and its image', () => {
    const base = env().PUBLIC_URL;
    const metadata = pageMetadata('/training', 'fr', { title: 'Formation', description: 'Des cours.' });
    expect(metadata.alternates).toEqual({
      canonical: `${base}/fr/training`,
      languages: {
        'x-default': `${base}/training`,
        en: `${base}/training`,
        es: `${base}/sp/training`,
        fr: `${base}/fr/training`,
        de: `${base}/de/training`,
        it: `${base}/it/training`,
      },
    });
    expect(metadata.openGraph).toMatchObject({ url: `${base}/fr/training`, images: [{ url: `${base}/og/fr/image.png` }] });
    // Next parses each address alone before it joins a path to metadataBase; a path throws there.
    const all = addresses(metadata);
    expect(all.length).toBe(10);
    expect(all.filter((a) => !URL.canParse(a))).toEqual([]);
  });
});
