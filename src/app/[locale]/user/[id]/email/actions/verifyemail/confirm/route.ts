import { linkButtonTarget, pressLinkButton } from '@/features/accounts/server/accounts-service';
import { isLocale } from '@/i18n/routing';
import { clientIp } from '@/server/api/client-ip';
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
  return new Response(null, { status: 303, headers: { Location: linkButtonTarget(outcome, link, locale), 'Cache-Control': 'no-store' } });
}
