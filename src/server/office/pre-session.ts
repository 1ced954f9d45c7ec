import 'server-only';
import type { Context } from 'hono';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { ApiEnv } from '../api/app-router';
import { rateLimit } from '../rate-limit';
import { sameOriginOnly } from './access';
import { OFFICE_AUTH_PATH, officeAuth, SESSION_LIMIT_SECONDS } from './auth';

/**
 * The office's routes that come before a session (signing in, accepting an invitation, enrolling
 * the authenticator) take requests from the site's own pages only, and a client address's 30 in
 * 15 minutes. Each router guards its own paths: `*` would also take every signed-in request
 * (officeApi), and a member at work would meet the sign-in limit.
 */
export function guardBeforeSession(r: OpenAPIHono<ApiEnv>, paths: string[]): void {
  for (const path of paths) {
    r.use(path, sameOriginOnly());
    r.use(path, async (c, next) => {
      await rateLimit('office-auth-ip', c.var.ip, 30, 15 * 60);
      await next();
    });
  }
}

/** Hands a request to Better Auth with our validated body and the headers it needs. */
export async function toBetterAuth(c: Context<ApiEnv>, path: string, body: unknown): Promise<Response> {
  const headers = new Headers(c.req.raw.headers);
  headers.set('content-type', 'application/json');
  headers.delete('content-length');
  const url = new URL(`${OFFICE_AUTH_PATH}${path}`, c.req.url);
  return officeAuth(await c.var.db()).handler(new Request(url, { method: 'POST', headers, body: JSON.stringify(body) }));
}

/**
 * Passes on the cookies Better Auth set (never its body: the session token stays in the cookie).
 * The session's cookie is kept by the browser up to the absolute limit: the 12 idle hours are
 * the session row's, which each use moves on (auth.ts), and an idle session ends on the server.
 */
export function passCookies(c: Context, cookies: string[]): void {
  for (const cookie of cookies) {
    const kept = /^(__Secure-)?office\.session_token=[^;]+;/.test(cookie)
      ? cookie.replace(/Max-Age=[1-9]\d*/i, `Max-Age=${SESSION_LIMIT_SECONDS}`)
      : cookie;
    c.header('Set-Cookie', kept, { append: true });
  }
  c.header('Cache-Control', 'no-store');
}
