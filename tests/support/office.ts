import { createHmac } from 'node:crypto';

/** The current code of an authenticator app holding this base32 secret (RFC 6238: SHA-1, 6 digits, 30 s). */
export function totp(secret: string, at = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const ch of secret.replace(/=+$/, '').toUpperCase()) bits += alphabet.indexOf(ch).toString(2).padStart(5, '0');
  const key = Buffer.from(bits.match(/.{8}/g)!.map((b) => parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/** A browser's cookie jar, enough for the office's cookies. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();
  take(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (!value || attributes.some((a) => /^\s*max-age=0\s*$/i.test(a))) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

type Api = { request(path: string, init: RequestInit): Response | Promise<Response> };
export const OFFICE_PASSWORD = 'correct horse battery';

/** Calls the office API as a browser on the site's own origin would (its cookies, its Origin header). */
export function officeClient(api: Api, origin = 'http://localhost:3000') {
  let ipCounter = 0;
  let n = 0;
  async function call(
    method: string,
    path: string,
    { body, jar, ip, origin: from = origin }: { body?: unknown; jar?: CookieJar; ip?: string; origin?: string | null } = {},
  ): Promise<Response> {
    const headers: Record<string, string> = { 'x-site-socket-ip': ip ?? `198.51.100.${++ipCounter % 250}` };
    // As the office's pages send: JSON on every POST and PATCH.
    if (body === undefined && (method === 'POST' || method === 'PATCH')) body = {};
    if (from) headers.origin = from;
    if (jar) headers.cookie = jar.header();
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await api.request(`/rest/office${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    jar?.take(res);
    return res;
  }
  /** A member of `role` who accepted `link` and enrolled their authenticator: signed in. */
  async function enrol(link: string, name = `Member ${++n}`) {
    const jar = new CookieJar();
    const accepted = await call('POST', '/invitations/accept', {
      body: { token: link.split('#')[1], name, password: OFFICE_PASSWORD },
      jar,
    });
    if (accepted.status !== 200) throw new Error(`accept answered ${accepted.status}: ${await accepted.text()}`);
    const enrolment = (await accepted.json()) as { qr: string; secret: string; backupCodes: string[] };
    const verified = await call('POST', '/auth/code', { body: { code: totp(enrolment.secret) }, jar });
    if (verified.status !== 200) throw new Error(`code answered ${verified.status}`);
    const me = (await (await call('GET', '/me', { jar })).json()) as { id: string; email: string };
    return { ...enrolment, jar, id: me.id, email: me.email };
  }
  return { call, enrol };
}
