import { confirmByLink } from '@/features/accounts/server/accounts-service';
import { isLocale, localizedPath } from '@/i18n/routing';
import { clientIp } from '@/server/api/rate-limit';
import { database } from '@/server/db';
import { log } from '@/server/log';

// A link from the code mail: it confirms, so it is never cached.
export const dynamic = 'force-dynamic';

type Params = { params: Promise<{ locale: string; id: string }> };

/** Confirms the user with the code in the link, then lands on /verifysuccess or /verifyerror. */
export async function GET(request: Request, { params }: Params) {
  const { locale, id } = await params;
  if (!isLocale(locale)) return new Response('Not found', { status: 404 });
  const code = new URL(request.url).searchParams.get('code') ?? '';
  let confirmed = false;
  try {
    confirmed = await confirmByLink((await database()).db, decodeURIComponent(id), code, { ip: clientIp(request.headers) });
  } catch (err) {
    // Rate limited, or the database is down: the error page says to ask for a new code.
    log().warn({ err }, 'confirmation link failed');
  }
  const target = localizedPath(confirmed ? '/verifysuccess' : '/verifyerror', locale);
  return new Response(null, { status: 303, headers: { Location: target, 'Cache-Control': 'no-store' } });
}
