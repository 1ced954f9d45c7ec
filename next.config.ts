import type { NextConfig } from 'next';
import path from 'node:path';
import createNextIntlPlugin from 'next-intl/plugin';
import { markChunksForEagerCompile } from './scripts/lib/compile-hints.mjs';
import { apiCsp, baseSecurityHeaders, pageCsp, uploadOrigins } from './src/security/policy.ts';

const withNextIntl = createNextIntlPlugin('./src/i18n/request.ts');

// The home page may embed a survey (SURVEY_URL_EN / SURVEY_URL_ES): its origin may be framed.
const frameSources = [process.env.SURVEY_URL_EN, process.env.SURVEY_URL_ES].flatMap((u) => {
  try {
    return u ? [new URL(u).origin] : [];
  } catch {
    return [];
  }
});

// With S3 storage the browser sends CVs straight to the bucket. `npm start` adds the bucket of the
// running server to each page's policy (src/server/http/response-guard.ts), so a build serves any
// storage; only `next dev`, which does not run it, takes it from here.
const connectSources =
  process.env.NODE_ENV === 'development'
    ? uploadOrigins({ bucket: process.env.S3_BUCKET, endpoint: process.env.S3_ENDPOINT, region: process.env.S3_REGION })
    : [];

const config: NextConfig = {
  poweredByHeader: false,
  // Pages get their ETag (and 304) from the server's response guard, from the digest it keeps each
  // body by (src/server/http/response-guard.ts); Next's would hash every page's text again per request.
  generateEtags: false,
  // The rendered pages, in memory, stale once a change marked them on any node (decision 061).
  // Loaded by Node as it is; absolute, as Next asks: `next build` and `npm start` run from the
  // project's folder.
  cacheHandler: path.resolve('src/server/page-cache-handler.ts'),
  // forbidden() answers an office page a member's role does not open with 403.
  experimental: { authInterrupts: true },
  reactStrictMode: true,
  compiler: {
    // The browser compiles the chunks while they download, not when the page starts (decision 023).
    runAfterProductionCompile: async ({ projectDir, distDir }) => {
      await markChunksForEagerCompile(path.resolve(projectDir, distDir));
    },
  },
  // Native, WASM or runtime-loaded packages stay in node_modules instead of the server bundle.
  serverExternalPackages: ['@electric-sql/pglite', 'pg', 'pg-boss', 'pino', 'nodemailer', '@react-email/render', 'ioredis'],
  async redirects() {
    // Job board addresses of the old site, in every locale prefix (none for English).
    const jobs = ['', '/:prefix(sp|fr|de|it)'].flatMap((p) => [
      { source: `${p}/jobs`, destination: `${p}/jobs/all`, permanent: false },
      { source: `${p}/jobs/index_`, destination: `${p}/jobs/all`, permanent: true },
      { source: `${p}/jobs/specs/:id`, destination: `${p}/jobs/all/specs/:id`, permanent: true },
      { source: `${p}/jobs/apply/:id`, destination: `${p}/jobs/all/apply/:id`, permanent: true },
      // The spec's optional ids: without one, the board.
      { source: `${p}/jobs/:dashboard/apply`, destination: `${p}/jobs/:dashboard`, permanent: false },
      { source: `${p}/jobs/:dashboard/specs`, destination: `${p}/jobs/:dashboard`, permanent: false },
      { source: `${p}/jobs/:dashboard/specs/specData`, destination: `${p}/jobs/:dashboard`, permanent: true },
    ]);
    return [
      // The Spanish site lives under /sp; /es is the natural guess, so it leads there.
      { source: '/es', destination: '/sp', permanent: true },
      { source: '/es/:path*', destination: '/sp/:path*', permanent: true },
      ...jobs,
    ];
  },
  async headers() {
    return [
      { source: '/:path*', headers: baseSecurityHeaders },
      {
        // The office sets its own policy, with a nonce per response (src/proxy.ts).
        source: '/((?!rest/|rest$|office/|office$).*)',
        // The dev server needs eval and a websocket for hot reload.
        headers: [
          { key: 'Content-Security-Policy', value: pageCsp({ dev: process.env.NODE_ENV === 'development', frameSources, connectSources }) },
        ],
      },
      // A course's external registration form (any https origin an operator configures) may be framed
      // there; the page narrows it to its own course's form origin (externalFormCsp, a <meta> policy).
      ...['', '/:prefix(sp|fr|de|it)'].map((p) => ({
        source: `${p}/education/:id/register/index_typeform`,
        headers: [
          { key: 'Content-Security-Policy', value: pageCsp({ dev: process.env.NODE_ENV === 'development', frameSources: ['https:'] }) },
        ],
      })),
      { source: '/rest/:path*', headers: [{ key: 'Content-Security-Policy', value: apiCsp }] },
      {
        source: '/sw.js',
        headers: [
          { key: 'Cache-Control', value: 'no-cache' },
          { key: 'Service-Worker-Allowed', value: '/' },
        ],
      },
    ];
  },
};

export default withNextIntl(config);
