import { createHash } from 'node:crypto';
import { verifyPassword } from 'better-auth/crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, useApiDatabase } from '#tests/api-db';
import { leads } from '@/features/forms/server/leads-table';
import { renderMail, type MailJob } from '@/server/mail/mail';
import { accountSignup, authAccount, authUser } from './auth-tables';
import { SIGNUP_ANSWER_MS, confirmByLink, removeUnconfirmedSignUps } from './accounts-service';

let ctx: Awaited<ReturnType<typeof useApiDatabase>>;
beforeAll(async () => {
  ctx = await useApiDatabase();
});
afterAll(() => ctx?.cleanup());

let n = 0;
const address = (tag: string) => `${tag}-${++n}@example.com`;
// Sent like a person: the hidden field empty, the form a while on screen.
const traps = { website: '', elapsedMs: 8000 };
const signUp = (overrides: Record<string, unknown> = {}) => ({
  name: 'Ada Lovelace',
  company: 'Analytical Ltd',
  phone: '+44 20 7946 0000',
  email: 'ada@example.com',
  password: 'secret-42',
  locale: 'en',
  traps,
  ...overrides,
});

// Each test uses its own client address unless it is about the limits.
let ipCounter = 0;
const freshIp = () => `192.0.2.${++ipCounter}`;
const call = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  ctx.api.request(`/rest${path}`, {
    ...postJson(body),
    headers: { 'content-type': 'application/json', 'x-site-socket-ip': headers.ip ?? freshIp(), ...headers },
  });
const register = (body: unknown, ip?: string) => call('/unconfirmeduser', body, ip ? { ip } : {});
const confirm = (email: string, code: string, ip?: string) => call('/unconfirmeduser/confirm', { email, code }, ip ? { ip } : {});

async function mailJobs(to: string, template?: string): Promise<MailJob[]> {
  const { rows } = await ctx.database.query(
    `select data from pgboss.job where name = 'mail-send' and data->>'to' = $1 order by created_on`,
    [to],
  );
  return rows.map((r) => r.data as MailJob).filter((j) => !template || j.template === template);
}

/** The code as the visitor reads it (the subject of the rendered mail), and the mail's link. */
async function latestCode(to: string): Promise<{ code: string; text: string; subject: string; link: URL }> {
  const job = (await mailJobs(to, 'signup-code')).at(-1);
  if (!job) throw new Error(`no code mail for ${to}`);
  const { subject, text } = await renderMail(job);
  return { code: /\b(\d{6})\b/.exec(subject)![1]!, text, subject, link: new URL(/https?:\/\/\S+verifyemail\?\S+/.exec(text)![0]) };
}

/** What the button on the link's page sends. */
const linkOf = (link: URL) => ({
  userId: decodeURIComponent(link.pathname.split('/').at(-4)!),
  signupId: link.searchParams.get('signup') ?? '',
  code: link.searchParams.get('code') ?? '',
});

const userOf = async (email: string) => (await ctx.database.db.select().from(authUser).where(eq(authUser.email, email)))[0];
const passwordOf = async (email: string) =>
  (
    await ctx.database.db
      .select()
      .from(authAccount)
      .where(eq(authAccount.userId, (await userOf(email))!.id))
  )[0]?.password;
const signupsOf = async (email: string) =>
  ctx.database.db
    .select()
    .from(accountSignup)
    .where(eq(accountSignup.userId, (await userOf(email))!.id));
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/** A 422 that names the field, with its message key when given. */
async function expectFieldError(res: Response, path: string, message?: string) {
  expect(res.status).toBe(422);
  const problem = (await res.json()) as { errors: { path: string; message: string }[] };
  const error = problem.errors.find((e) => e.path === path);
  expect(error, JSON.stringify(problem.errors)).toBeTruthy();
  if (message) expect(error!.message).toBe(message);
}

describe('POST /rest/unconfirmeduser', () => {
  it('registers an unconfirmed user, keeps the trial lead and queues the code mail in the visitor language', async () => {
    const email = address('new');
    const res = await register(signUp({ email: email.toUpperCase(), locale: 'de' }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });

    const user = await userOf(email);
    expect(user).toMatchObject({ email, name: 'Ada Lovelace', emailVerified: false });
    // The password waits with its sign-up (scrypt salt:key, not the password) until the code is used.
    const [signup] = await signupsOf(email);
    expect(signup!.passwordHash).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await passwordOf(email)).toBeUndefined();

    const [lead] = await ctx.database.db.select().from(leads).where(eq(leads.email, email));
    expect(lead).toMatchObject({
      type: 'trial',
      locale: 'de',
      form: { name: 'Ada Lovelace', email, company: 'Analytical Ltd', phone: '+44 20 7946 0000' },
    });
    expect(JSON.stringify(lead)).not.toContain('secret-42');
    // Sales hear of it once the address is confirmed, with the address in the mail.
    const toSales = async () =>
      (await mailJobs('sales@acme-digital.example')).filter((j) => JSON.stringify(j.props).includes('Analytical Ltd'));
    expect(await toSales()).toHaveLength(0);

    const { code, subject, text } = await latestCode(email);
    expect(subject).toBe(`${code} ist Ihr Bestätigungscode für Acme Digital`);
    expect(text).toContain('10 Minuten');
    expect(text).toContain(`/de/user/${user!.id}/email/actions/verifyemail?signup=${signup!.id}&code=${code}`);
    // Neither the queue nor the sign-up holds the code readable, nor as a plain hash that trying
    // the million codes would reverse.
    const [job] = await mailJobs(email, 'signup-code');
    expect(JSON.stringify(job)).not.toContain(code);
    const sha256 = createHash('sha256').update(code);
    const digest = sha256.digest();
    expect(signup!.codeHash).toMatch(/^[\w-]{43}$/);
    expect([code, digest.toString('hex'), digest.toString('base64url'), digest.toString('base64')]).not.toContain(signup!.codeHash);

    expect((await confirm(email, code)).status).toBe(200);
    const [notification] = await toSales();
    expect(JSON.stringify(notification!.props.fields)).toContain(email);
    expect(await toSales()).toHaveLength(1);
  });

  it('answers for an address that already has an account exactly as for a new one, and mails its owner instead', async () => {
    const email = address('owner');
    await register(signUp({ email }));
    expect((await confirm(email, (await latestCode(email)).code)).status).toBe(200);
    const before = await ctx.database.db
      .select()
      .from(authAccount)
      .where(eq(authAccount.userId, (await userOf(email))!.id));

    let started = performance.now();
    const fresh = await register(signUp({ email: address('stranger') }));
    const freshMs = performance.now() - started;
    started = performance.now();
    const again = await register(signUp({ email, password: 'attacker-pw' }));
    const againMs = performance.now() - started;
    // Both answered no sooner than the fixed minimum, so the work each did does not show.
    expect(Math.min(freshMs, againMs)).toBeGreaterThanOrEqual(SIGNUP_ANSWER_MS - 1);
    expect(again.status).toBe(fresh.status);
    expect(await again.text()).toBe(await fresh.text());
    expect([...again.headers.keys()].filter((h) => h !== 'x-request-id').sort()).toEqual(
      [...fresh.headers.keys()].filter((h) => h !== 'x-request-id').sort(),
    );

    expect(await mailJobs(email, 'signup-code')).toHaveLength(1); // the first sign-up's only
    const exists = await mailJobs(email, 'account-exists');
    expect(exists).toHaveLength(1);
    expect((await renderMail(exists[0]!)).subject).toBe('You already have an account at Acme Digital');
    const after = await ctx.database.db
      .select()
      .from(authAccount)
      .where(eq(authAccount.userId, (await userOf(email))!.id));
    expect(after[0]!.password).toBe(before[0]!.password);
  });

  it('keeps nothing when the code mail cannot be queued: the visitor is told, and trying again works', async () => {
    const email = address('queue-down');
    await ctx.database.query('alter table pgboss.job rename to job_away');
    try {
      expect((await register(signUp({ email }))).status).toBe(500);
    } finally {
      await ctx.database.query('alter table pgboss.job_away rename to job');
    }
    expect(await userOf(email)).toBeUndefined();
    expect(await ctx.database.db.select().from(leads).where(eq(leads.email, email))).toHaveLength(0);

    expect((await register(signUp({ email }))).status).toBe(200);
    expect((await confirm(email, (await latestCode(email)).code)).status).toBe(200);
  });

  it.each([
    [{ email: 'not-an-email' }, 'email', 'emailFormat'],
    [{ email: '' }, 'email', 'emailRequired'],
    [{ password: '12345' }, 'password', 'passwordLength'],
    [{ password: 'x'.repeat(36) }, 'password', 'passwordLength'],
    [{ password: '' }, 'password', 'passwordRequired'],
    [{ locale: 'xx' }, 'locale', undefined],
    [{ role: 'admin' }, 'role', undefined],
    [{ traps: undefined }, 'traps', undefined],
  ])('refuses bad input with 422, the field and its message key, and stores nothing (%#)', async (overrides, path, message) => {
    const email = address('bad');
    await expectFieldError(await register(signUp({ email, ...overrides })), path, message);
    expect(await userOf(email)).toBeUndefined();
    expect(await mailJobs(email)).toHaveLength(0);
  });

  it('answers a honeypot hit like a person, and stores and mails nothing', async () => {
    const email = address('bot');
    const person = await register(signUp({ email: address('person') }));
    const bot = await register(signUp({ email, traps: { website: 'https://spam.example', elapsedMs: 8000 } }));
    expect(bot.status).toBe(200);
    expect(await bot.text()).toBe(await person.text());
    expect(await userOf(email)).toBeUndefined();
    expect(await ctx.database.db.select().from(leads).where(eq(leads.email, email))).toHaveLength(0);
    expect(await mailJobs(email)).toHaveLength(0);
  });

  it('mails the code of a sign-up sent too soon (autofill), which can be confirmed; its trial lead waits in the spam folder', async () => {
    const email = address('fast');
    const res = await register(signUp({ email, traps: { website: '', elapsedMs: 900 } }));
    expect(res.status).toBe(200);
    const [lead] = await ctx.database.db.select().from(leads).where(eq(leads.email, email));
    expect(lead).toMatchObject({ type: 'trial', spam: 'too_fast' });
    // Sales is not told (the notification is held with the lead); the visitor gets the code and goes on.
    expect(
      await mailJobs('sales@acme-digital.example').then((jobs) => jobs.filter((j) => j.key === `lead-notification:${lead!.id}`)),
    ).toEqual([]);
    expect(await mailJobs(email, 'signup-code')).toHaveLength(1);
    expect((await confirm(email, (await latestCode(email)).code)).status).toBe(200);
    expect((await userOf(email))?.emailVerified).toBe(true);
  });

  it('limits code mails per address, also across client addresses', async () => {
    const email = address('often');
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await register(signUp({ email }))).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(await mailJobs(email, 'signup-code')).toHaveLength(3);
  });

  it('limits sign-ups per client address; a rotating X-Forwarded-For does not reset the count', async () => {
    const statuses = [];
    for (let i = 0; i < 11; i++) {
      const res = await call('/unconfirmeduser', signUp({ email: address('rotating') }), {
        ip: '203.0.113.9',
        'x-forwarded-for': `198.51.100.${i}`,
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('POST /rest/unconfirmeduser/confirm', () => {
  it('confirms with the mailed code; the same code cannot be used again', async () => {
    const email = address('confirm');
    await register(signUp({ email }));
    const { code } = await latestCode(email);
    const res = await confirm(email, code);
    expect(res.status).toBe(200);
    expect((await userOf(email))!.emailVerified).toBe(true);

    const replay = await confirm(email, code);
    expect(replay.status).toBe(422);
    expect(await replay.json()).toMatchObject({ errors: [{ path: 'code', message: 'codeInvalid' }] });
  });

  it('allows a client 5 wrong codes, then not even the right one until a new code is mailed to it', async () => {
    const email = address('guess');
    const ip = '198.18.0.1';
    await register(signUp({ email }), ip);
    const { code } = await latestCode(email);
    for (let i = 0; i < 5; i++) {
      const res = await confirm(email, wrongCode(code), ip);
      expect(res.status).toBe(422);
      expect(await res.json()).toMatchObject({ errors: [{ path: 'code', message: 'codeInvalid' }] });
    }
    const exhausted = await confirm(email, code, ip);
    expect(await exhausted.json()).toMatchObject({ errors: [{ path: 'code', message: 'codeAttempts' }] });
    expect((await userOf(email))!.emailVerified).toBe(false);

    await register(signUp({ email }), ip);
    const fresh = await latestCode(email);
    expect((await confirm(email, fresh.code, ip)).status).toBe(200);
    expect((await userOf(email))!.emailVerified).toBe(true);
  });

  it('refuses an expired code', async () => {
    const email = address('late');
    await register(signUp({ email }));
    const { code } = await latestCode(email);
    await ctx.database.db
      .update(accountSignup)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accountSignup.userId, (await userOf(email))!.id));
    const res = await confirm(email, code);
    expect(await res.json()).toMatchObject({ errors: [{ path: 'code', message: 'codeExpired' }] });
    expect((await userOf(email))!.emailVerified).toBe(false);

    // A day later the retention job drops it, password hash, address and all.
    const { id } = (await userOf(email))!;
    await ctx.database.db
      .update(accountSignup)
      .set({ expiresAt: new Date(Date.now() - 25 * 3600 * 1000) })
      .where(eq(accountSignup.userId, id));
    await removeUnconfirmedSignUps(ctx.database.db);
    expect(await ctx.database.db.select().from(accountSignup).where(eq(accountSignup.userId, id))).toHaveLength(0);
    expect(await userOf(email)).toBeUndefined();
  });

  it('activates the password of the sign-up whose code was typed, even when someone signed up the address after its owner', async () => {
    const email = address('takeover');
    await register(signUp({ email, password: 'owner-pw', name: 'Ada Owner' }));
    const owner = await latestCode(email);
    await register(signUp({ email, password: 'attacker-pw', name: 'Mallory' }));
    const attacker = await latestCode(email);
    expect(attacker.code).not.toBe(owner.code);
    expect(await passwordOf(email)).toBeUndefined();

    expect((await confirm(email, owner.code)).status).toBe(200);
    const user = (await userOf(email))!;
    expect(user).toMatchObject({ emailVerified: true, name: 'Ada Owner' });
    const accounts = await ctx.database.db.select().from(authAccount).where(eq(authAccount.userId, user.id));
    expect(accounts).toHaveLength(1);
    expect(await verifyPassword({ hash: accounts[0]!.password!, password: 'owner-pw' })).toBe(true);
    expect(await verifyPassword({ hash: accounts[0]!.password!, password: 'attacker-pw' })).toBe(false);
    // The other sign-up's code, typed or through its link, changes nothing any more.
    expect((await confirm(email, attacker.code)).status).toBe(422);
    expect(await confirmByLink(ctx.database.db, linkOf(attacker.link), { ip: freshIp() })).toBe('alreadyConfirmed');
    expect(await passwordOf(email)).toBe(accounts[0]!.password);
  });

  it('confirms the later sign-up with its own code, and only with its own password', async () => {
    const email = address('later');
    await register(signUp({ email, password: 'first-pw' }));
    await register(signUp({ email, password: 'second-pw' }));
    const second = await latestCode(email);
    expect((await confirm(email, second.code)).status).toBe(200);
    const hash = (await passwordOf(email))!;
    expect(await verifyPassword({ hash, password: 'second-pw' })).toBe(true);
    expect(await verifyPassword({ hash, password: 'first-pw' })).toBe(false);
    expect(await signupsOf(email)).toHaveLength(0);
  });

  it('answers a stranger alike for a pending and an unknown address, and their wrong codes spend nothing of the owner', async () => {
    const pending = address('pending');
    const unknown = address('unknown');
    await register(signUp({ email: pending }));
    const { code } = await latestCode(pending);
    const stranger = '198.18.0.2';
    const answers = async (email: string) => {
      const keys: string[] = [];
      for (let i = 0; i < 7; i++) {
        const res = await confirm(email, wrongCode(code), stranger);
        keys.push(`${res.status} ${((await res.json()) as { errors: { message: string }[] }).errors[0]!.message}`);
      }
      return keys;
    };
    const forPending = await answers(pending);
    expect(forPending).toEqual([...Array(5).fill('422 codeInvalid'), '422 codeAttempts', '422 codeAttempts']);
    expect(await answers(unknown)).toEqual(forPending);
    // The owner, from their own client, confirms with their code.
    expect((await confirm(pending, code, '198.18.0.3')).status).toBe(200);
  });

  it.each([
    [{ email: 'x@example.com', code: '12345' }, 'code', 'codeFormat'],
    [{ email: 'x@example.com', code: 'abcdef' }, 'code', 'codeFormat'],
    [{ email: 'nope', code: '123456' }, 'email', 'emailFormat'],
    [{ email: 'x@example.com' }, 'code', undefined],
  ])('refuses bad input with 422 (%#)', async (body, path, message) => {
    await expectFieldError(await call('/unconfirmeduser/confirm', body), path, message);
  });

  it('answers an address without a sign-up like a wrong code', async () => {
    const res = await confirm(address('nobody'), '123456');
    expect(await res.json()).toMatchObject({ status: 422, errors: [{ path: 'code', message: 'codeInvalid' }] });
  });

  it('limits tries per client address across many addresses', async () => {
    const statuses = [];
    for (let i = 0; i < 31; i++) statuses.push((await confirm(address('spray'), '000000', '198.18.9.9')).status);
    expect(statuses.slice(0, 30).every((s) => s === 422)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});

describe('the link in the code mail', () => {
  it("confirms its own sign-up once, with that sign-up's password; a wrong code, another sign-up or an unknown user does not", async () => {
    const email = address('link');
    await register(signUp({ email, password: 'owner-pw' }));
    const owner = linkOf((await latestCode(email)).link);
    await register(signUp({ email, password: 'attacker-pw' }));
    const attacker = linkOf((await latestCode(email)).link);
    const { db } = ctx.database;
    const ip = { ip: freshIp() };
    expect(await confirmByLink(db, { ...owner, userId: 'a\u0000b' }, ip)).toBe('failed');
    expect(await confirmByLink(db, { ...owner, extra: 'field' }, ip)).toBe('failed');
    expect(await confirmByLink(db, { ...owner, userId: 'unknown-user' }, ip)).toBe('failed');
    expect(await confirmByLink(db, { ...owner, code: wrongCode(owner.code) }, ip)).toBe('failed');
    // The owner's code through the other sign-up's link: it names that sign-up, whose code differs.
    expect(await confirmByLink(db, { ...attacker, code: owner.code }, ip)).toBe('failed');
    expect(await confirmByLink(db, owner, ip)).toBe('confirmed');
    expect((await userOf(email))!.emailVerified).toBe(true);
    expect(await verifyPassword({ hash: (await passwordOf(email))!, password: 'owner-pw' })).toBe(true);
    // Used again (the visitor typed the code first, say): the address is confirmed, so it says so.
    expect(await confirmByLink(db, owner, ip)).toBe('alreadyConfirmed');
  });

  it('is a page with a button: opening it (as a mail scanner does) confirms nothing, the button does', async () => {
    const email = address('scanner');
    await register(signUp({ email, locale: 'es' }));
    const { link, code } = await latestCode(email);
    const route = await import('@/app/[locale]/user/[id]/email/actions/verifyemail/confirm/route');
    expect('GET' in route).toBe(false); // nothing confirms on a GET
    const { POST } = route;
    const params = Promise.resolve({ locale: 'es', id: linkOf(link).userId });
    const form = new URLSearchParams({ signup: linkOf(link).signupId, code });
    const post = (body: URLSearchParams) =>
      POST(new Request(`${link.origin}${link.pathname}/confirm`, { method: 'POST', body, headers: { 'x-site-socket-ip': freshIp() } }), {
        params,
      });
    expect((await userOf(email))!.emailVerified).toBe(false);
    const wrong = await post(new URLSearchParams({ signup: linkOf(link).signupId, code: wrongCode(code) }));
    expect([wrong.status, wrong.headers.get('location')]).toEqual([303, '/sp/verifyerror']);
    const res = await post(form);
    expect([res.status, res.headers.get('location')]).toEqual([303, '/sp/verifysuccess']);
    expect((await userOf(email))!.emailVerified).toBe(true);
    // Pressed again: the account is confirmed already, and the page says so.
    expect((await post(form)).headers.get('location')).toBe('/sp/verifysuccess');
  });
});
