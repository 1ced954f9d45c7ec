import { confirmByLink, verifyPath } from '@/features/accounts/server/accounts-service';
import { isLocale, localizedPath } from '@/i18n/routing';
import { AppError, isUnavailable } from '@/server/api/errors';
import { clientIp } from '@/server/api/rate-limit';
import { database } from '@/server/db';
import { log } from '@/server/log';

type Params = { params: Promise<{ locale: string; id: string }> };

/**
 * The button of the link's page: confirms the sign-up it names, then lands on /verifysuccess or
 * /verifyerror. When the site cannot check it now (rate limited, the database down) the code is
 * still good: the visitor goes back to the link's page, which says to press again in a while.
 */
export async function POST(request: Request, { params }: Params) {
  const { locale, id } = await params;
  if (!isLocale(locale)) return new Response(null, { status: 404 });
  let outcome: 'confirmed' | 'failed' | 'retry' = 'failed';
  let signup = '';
  let code = '';
  let userId = '';
  try {
    const form = await request.formData();
    signup = String(form.get('signup') ?? '').slice(0, 100);
    code = String(form.get('code') ?? '').slice(0, 100);
    userId = decodeURIComponent(id);
    const result = await confirmByLink((await database()).db, { userId, signupId: signup, code }, { ip: clientIp(request.headers) });
    outcome = result === 'failed' ? 'failed' : 'confirmed';
  } catch (err) {
    // Not a form or a malformed address: a broken link (/verifyerror says to ask for a new code).
    if (userId && ((err instanceof AppError && err.code === 'rate_limited') || isUnavailable(err))) outcome = 'retry';
    log().warn({ err }, 'confirmation link failed');
  }
  const target =
    outcome === 'retry'
      ? `${localizedPath(verifyPath(userId), locale)}?${new URLSearchParams({ signup, code, retry: '1' })}`
      : localizedPath(outcome === 'confirmed' ? '/verifysuccess' : '/verifyerror', locale);
  return new Response(null, { status: 303, headers: { Location: target, 'Cache-Control': 'no-store' } });
}
