import { confirmByLink } from '@/features/accounts/server/accounts-service';
import { isLocale, localizedPath } from '@/i18n/routing';
import { clientIp } from '@/server/api/rate-limit';
import { database } from '@/server/db';
import { log } from '@/server/log';

type Params = { params: Promise<{ locale: string; id: string }> };

/** The button of the link's page: confirms the sign-up it names, then lands on /verifysuccess or /verifyerror. */
export async function POST(request: Request, { params }: Params) {
  const { locale, id } = await params;
  if (!isLocale(locale)) return new Response(null, { status: 404 });
  let confirmed = false;
  try {
    const form = await request.formData();
    const field = (name: string) => String(form.get(name) ?? '');
    const outcome = await confirmByLink((await database()).db, { userId: decodeURIComponent(id), signupId: field('signup'), code: field('code') }, { ip: clientIp(request.headers) });
    confirmed = outcome !== 'failed';
  } catch (err) {
    // Not a form, rate limited, or the database is down: the error page says to ask for a new code.
    log().warn({ err }, 'confirmation link failed');
  }
  const target = localizedPath(confirmed ? '/verifysuccess' : '/verifyerror', locale);
  return new Response(null, { status: 303, headers: { Location: target, 'Cache-Control': 'no-store' } });
}
