import type { MetadataRoute } from 'next';
import { messages } from '@/i18n/messages';
import { env } from '@/server/env';

export const dynamic = 'force-static';

/** The web manifest: name, colours and icon, so a phone can add the site to its home screen. */
export default function manifest(): MetadataRoute.Manifest {
  const siteName = env().SITE_NAME;
  return {
    name: siteName,
    short_name: siteName,
    description: messages.en.Metadata.description,
    start_url: '/',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: '#1d4ed8',
    icons: [{ src: '/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
  };
}
