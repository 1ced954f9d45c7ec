import createMiddleware from 'next-intl/middleware';
import type { NextRequest } from 'next/server';
import { routing } from './i18n/routing';

const intl = createMiddleware(routing);

/** Locale routing (prefix, cookie, Accept-Language) and a request id on every page response. */
export default function proxy(request: NextRequest) {
  const response = intl(request);
  const incoming = request.headers.get('x-request-id');
  response.headers.set('X-Request-Id', incoming && /^[\w-]{1,100}$/.test(incoming) ? incoming : crypto.randomUUID());
  return response;
}

export const config = {
  // Pages only: not the API, Next's assets, or files such as /sw.js and /favicon.ico (a page
  // path may contain a dot, as in /jobs/node.js-developer, so only file extensions are excluded).
  matcher: '/((?!rest(?:/|$)|_next/|_vercel|.*\\.(?:js|css|map|ico|png|jpe?g|gif|svg|webp|avif|woff2?|txt|xml|json|webmanifest|html)$).*)',
};
