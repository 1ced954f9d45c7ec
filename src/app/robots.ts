import type { MetadataRoute } from 'next';
import { env } from '@/server/env';

export const dynamic = 'force-static';

/** Everything may be crawled except the API; personal pages (alert links, forms) say noindex themselves. */
export default function robots(): MetadataRoute.Robots {
  const base = env().PUBLIC_URL;
  return {
    rules: { userAgent: '*', allow: '/', disallow: '/rest/' },
    sitemap: `${base}/sitemap.xml`,
  };
}
