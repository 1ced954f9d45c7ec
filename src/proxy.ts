import { getSessionCookie } from 'better-auth/cookies';
import createMiddleware from 'next-intl/middleware';
import { NextRequest, NextResponse } from 'next/server';
import { countVisit } from './features/jobs/job-visit';
import { COPY_PATHNAMES } from './features/pages/editable-pages';
import { isBoardSearch, isDashboard } from './features/jobs/search';
import { isUnprefixed, localeCookie } from './i18n/locale-path';
import { routing } from './i18n/routing';
import { officeCsp } from './security/office-csp';
import { OFFICE_COOKIE_PREFIX } from './server/office/office-cookie';
import { officeReturnPath } from './server/office/return-path';
import { requestIdOf } from '@/server/api/request-id';

/**
 * The pages that show what the database holds, at their public address, and the route that
 * renders them (`src/app/[locale]/listings/<feature>/[page]`, `src/app/[locale]/copy/[page]`, the
 * parameter being the page's name).
 * Each is rendered on its first visit and then served from Next's cache, as the job pages are,
 * until a change marks its route (coursesChanged, seatsChanged, positionsChanged, a publish of
 * page copy), which the parameter names apart from the site's other pages. next-intl's
 * localized pathnames map the address to that route, and send the route's own address
 * (`/sp/listings/courses/training`) to the public one.
 */
const LISTING_PATHNAMES = {
  '/listings/courses/training': '/training',
  '/listings/courses/education': '/education',
  '/listings/positions/careers': '/careers',
  // The marketing and legal pages, whose copy the office publishes (decision 064).
  ...COPY_PATHNAMES,
} as const;
const listingRouting = { ...routing, pathnames: LISTING_PATHNAMES };

const intl = createMiddleware(listingRouting);
// An address without a language part is English; only the entry page '/' goes by the cookie and
// the browser's language (decision 062), so a link shared in English opens in English.
const english = createMiddleware({ ...listingRouting, localeDetection: false });

function localeOf(request: NextRequest) {
  const path = request.nextUrl.pathname;
  if (path === '/' || !isUnprefixed(path)) return intl(request);
  const response = english(request);
  // Reading an English page is not a choice of language: the visitor's stays as it was.
  const cookies = response.headers.getSetCookie().filter((c) => !c.startsWith(`${localeCookie.name}=`));
  response.headers.delete('set-cookie');
  for (const c of cookies) response.headers.append('set-cookie', c);
  return response;
}

/** The office's pages that open without a session: signing in, a forgotten password, an invitation, the enrolment. */
const OPEN_OFFICE_PAGES = /^\/office\/(sign-in|forgot-password|reset-password|accept|enrol)(\/|$)/;

/**
 * The office (/office): no locale routing (each member chooses a language), a policy of its own
 * with a fresh nonce per response (Next puts it on its scripts), never indexed or cached.
 */
function office(request: NextRequest) {
  const response = signInFirst(request) ?? officePage(request);
  response.headers.set('X-Robots-Tag', 'noindex, nofollow');
  response.headers.set('Cache-Control', 'no-store');
  response.headers.set('X-Frame-Options', 'DENY');
  return response;
}

/**
 * A request for an office page without a session cookie goes to the sign-in at once, as the page
 * itself would send it (officePage), without rendering anything. A request with one, forged or
 * not, goes on to the page, which checks the session in the database.
 */
function signInFirst(request: NextRequest): NextResponse | undefined {
  const { pathname, search } = request.nextUrl;
  if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
  if (OPEN_OFFICE_PAGES.test(pathname) || getSessionCookie(request.headers, { cookiePrefix: OFFICE_COOKIE_PREFIX })) return undefined;
  const back = officeReturnPath(pathname + search);
  const signIn = back === '/office' ? '/office/sign-in' : `/office/sign-in?${new URLSearchParams({ next: back })}`;
  return NextResponse.redirect(new URL(signIn, request.url), 307);
}

function officePage(request: NextRequest) {
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64');
  // NODE_ENV is fixed when Next builds the proxy; the dev server alone needs eval for hot reload.
  // eslint-disable-next-line no-restricted-properties
  const csp = officeCsp(nonce, process.env.NODE_ENV === 'development');
  const headers = new Headers(request.headers);
  headers.set('content-security-policy', csp);
  // The page asked for, for a sign-in to return to (officePage); never taken from the client.
  headers.set('x-office-path', request.nextUrl.pathname + request.nextUrl.search);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set('Content-Security-Policy', csp);
  return response;
}

/**
 * A visit of a job page or of its application page, counted here: the pages are cached, so their
 * rendering does not run for each visitor. Not a redirect (to the address in the visitor's
 * language, which is counted when it is followed), nor a prefetch or a bot.
 */
function countJobVisit(request: NextRequest, response: Response) {
  if (request.method !== 'GET' || (response.status >= 300 && response.status < 400)) return;
  countVisit(request.nextUrl.pathname, request.headers);
}

const PREVIEW = /^(\/(?:sp|fr|de|it))?\/copy-preview\//;

const BOARD = /^(\/(?:sp|fr|de|it))?\/jobs\/([\w-]+)\/?$/;

/**
 * A board address with a search or a page (`/jobs/all?q=react&page=2`) is rendered by the board's
 * search route, per request, while the unfiltered board stays cached (decision 009). Routed after
 * the locale routing decided to answer it, so a redirect keeps the address the visitor asked for.
 */
function localeRouting(request: NextRequest) {
  const response = localeOf(request);
  const board = BOARD.exec(request.nextUrl.pathname);
  const dashboard = board?.[2];
  if (!board || !dashboard || !isDashboard(dashboard) || (response.status >= 300 && response.status < 400)) return response;
  if (!isBoardSearch(dashboard, request.nextUrl.searchParams)) return response;
  const searching = request.nextUrl.clone();
  searching.pathname = `${board[1] ?? ''}/jobs/${dashboard}/search`;
  return localeOf(new NextRequest(searching, request));
}

/** Locale routing (prefix, cookie, Accept-Language) and a request id on every page response. */
export default function proxy(request: NextRequest) {
  const path = request.nextUrl.pathname;
  const response = path === '/office' || path.startsWith('/office/') ? office(request) : localeRouting(request);
  countJobVisit(request, response);
  // A page's preview with its draft (decision 065) is the office's: never indexed, never kept.
  if (PREVIEW.test(path)) {
    response.headers.set('X-Robots-Tag', 'noindex, nofollow');
    response.headers.set('Cache-Control', 'no-store');
  }
  response.headers.set('X-Request-Id', requestIdOf(request.headers.get('x-request-id')));
  return response;
}

export const config = {
  // Pages only: not the API, Next's assets, or files such as /sw.js and /favicon.ico (a page
  // path may contain a dot, as in /jobs/node.js-developer, so only file extensions are excluded).
  matcher: '/((?!rest(?:/|$)|_next/|_vercel|.*\\.(?:js|css|map|ico|png|jpe?g|gif|svg|webp|avif|woff2?|txt|xml|json|webmanifest|html)$).*)',
};
