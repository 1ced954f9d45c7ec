import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';
import { apiCsp, baseSecurityHeaders, pageCsp } from './src/security/headers';

const withNextIntl = createNextIntlPlugin('./src/i18n/request.ts');

const config: NextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  // Native, WASM or runtime-loaded packages stay in node_modules instead of the server bundle.
  serverExternalPackages: ['@electric-sql/pglite', 'pg', 'pg-boss', 'pino', 'nodemailer', '@react-email/render', '@react-email/components'],
  async redirects() {
    // The Spanish site lives under /sp; /es is the natural guess, so it leads there.
    return [
      { source: '/es', destination: '/sp', permanent: true },
      { source: '/es/:path*', destination: '/sp/:path*', permanent: true },
    ];
  },
  async headers() {
    return [
      { source: '/:path*', headers: baseSecurityHeaders },
      {
        source: '/((?!rest/|rest$).*)',
        // The dev server needs eval and a websocket for hot reload.
        headers: [{ key: 'Content-Security-Policy', value: pageCsp({ dev: process.env.NODE_ENV === 'development' }) }],
      },
      { source: '/rest/:path*', headers: [{ key: 'Content-Security-Policy', value: apiCsp }] },
      { source: '/sw.js', headers: [{ key: 'Cache-Control', value: 'no-cache' }, { key: 'Service-Worker-Allowed', value: '/' }] },
    ];
  },
};

export default withNextIntl(config);
