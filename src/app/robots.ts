import type { MetadataRoute } from 'next';
import { env } from '@/server/env';

// Read per request: it names the sitemap at the address the site runs at (PUBLIC_URL).
export const dynamic = 'force-dynamic';

/**
 * Everything may be crawled except the API and the staff office (nothing there is public: its
 * pages send a visitor to the sign-in); personal pages (alert links, forms) say noindex themselves.
 * The sitemap is an index of its parts (src/app/sitemap-parts.ts).
 */
export default function robots(): MetadataRoute.Robots {
  const base = env().PUBLIC_URL;
  return {
    rules: { userAgent: '*', allow: '/', disallow: ['/rest/', '/office'] },
    sitemap: `${base}/sitemap.xml`,
  };
}
