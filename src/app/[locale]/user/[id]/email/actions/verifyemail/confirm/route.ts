import { pressLinkButton, verifyPath } from '@/features/accounts/server/accounts-service';
import { isLocale, localizedPath } from '@/i18n/routing';
import { clientIp } from '@/server/api/rate-limit';
import { database } from '@/server/db';
import { log } from '@/server/log';

type Params = { params: Promise<{ locale: string; id: string }> };

/**
 * The button of the link's page: /verifysuccess, /verifyerror, or back to the link's page to
 * press again later (pressLinkButton decides).
 */
export async function POST(request: Request, { params }: Params) {
  const { locale, id } = await params;
  if (!isLocale(locale)) return new Response(null, { status: 404 });
  let outcome: 'confirmed' | 'failed' | 'retry' = 'failed';
  let link = { userId: '', signupId: '', code: '' };
  try {
    const form = await request.formData();
    link = { userId: decodeURIComponent(id), signupId: String(form.get('signup') ?? ''), code: String(form.get('code') ?? '') };
    outcome = await pressLinkButton(async () => (await database()).db, link, { ip: clientIp(request.headers) });
  } catch (err) {
    // Not a form, a malformed address, or an error of ours: /verifyerror says to ask for a new code.
    log().warn({ err }, 'confirmation link failed');
  }
  if (outcome === 'retry') log().warn('confirmation link could not be checked now: sent back to press again');
  const target =
    outcome === 'retry'
      ? `${localizedPath(verifyPath(link.userId), locale)}?${new URLSearchParams({ signup: link.signupId, code: link.code, retry: '1' })}`
      : localizedPath(outcome === 'confirmed' ? '/verifysuccess' : '/verifyerror', locale);
  return new Response(null, { status: 303, headers: { Location: target, 'Cache-Control': 'no-store' } });
}
