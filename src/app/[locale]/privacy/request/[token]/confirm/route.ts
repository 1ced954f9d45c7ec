// The queue this handler sends to is the server's; the list of features is what starts it when this
// bundle is the first to ask.
import '@/features';
import { confirmPrivacyRequest } from '@/features/privacy/server/privacy-service';
import { isLocale, localizedPath } from '@/i18n/routing';
import { clientIp } from '@/server/api/client-ip';
import { database } from '@/server/db';
import { log } from '@/server/log';
import { queue } from '@/server/queue';

type Params = { params: Promise<{ locale: string; token: string }> };

/** The confirmation page's button: the request counts from now; then back to the page, which says so (or asks to press again). */
export async function POST(request: Request, { params }: Params) {
  const { locale, token } = await params;
  if (!isLocale(locale) || !/^[\w.-]{1,200}$/.test(token)) return new Response(null, { status: 404 });
  const page = localizedPath(`/privacy/request/${token}`, locale);
  let retry = false;
  try {
    await confirmPrivacyRequest((await database()).db, await queue(), token, { ip: clientIp(request.headers) });
  } catch (err) {
    log().warn({ err }, 'a privacy request could not be confirmed now');
    retry = true;
  }
  return new Response(null, { status: 303, headers: { Location: retry ? `${page}?retry=1` : page, 'Cache-Control': 'no-store' } });
}
