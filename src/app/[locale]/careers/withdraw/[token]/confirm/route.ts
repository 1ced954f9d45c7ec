import { withdrawApplication } from '@/features/applications/server/withdrawals';
import { isLocale, localizedPath } from '@/i18n/routing';
import { clientIp } from '@/server/api/client-ip';
import { database } from '@/server/db';
import { log } from '@/server/log';

type Params = { params: Promise<{ locale: string; token: string }> };

/** The withdrawal page's button: withdraws, then back to the page, which says it is done (or asks to press again). */
export async function POST(request: Request, { params }: Params) {
  const { locale, token } = await params;
  if (!isLocale(locale) || !/^[\w.-]{1,200}$/.test(token)) return new Response(null, { status: 404 });
  const page = localizedPath(`/careers/withdraw/${token}`, locale);
  let retry = false;
  try {
    await withdrawApplication((await database()).db, token, { ip: clientIp(request.headers) });
  } catch (err) {
    log().warn({ err }, 'an application could not be withdrawn now');
    retry = true;
  }
  return new Response(null, { status: 303, headers: { Location: retry ? `${page}?retry=1` : page, 'Cache-Control': 'no-store' } });
}
