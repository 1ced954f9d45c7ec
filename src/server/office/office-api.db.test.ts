import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { useApiDatabase } from '#tests/api-db';
import { CookieJar, OFFICE_PASSWORD, officeClient, totp } from '#tests/office';
import { authUser } from '@/features/accounts/server/auth-tables';
import { renderMail, type MailJob } from '@/server/mail/mail';
import { rolesOf } from './access';
import { audit } from './audit';
import { auditLog } from './audit-table';
import { staffCommand } from './staff-command';
import { recentLockOuts } from './staff-members';
import { inviteStaff, setupLink } from './staff-service';
import { FORGOT_ANSWER_MS } from './password-reset-routes';
import { OFFICE_ROLES, staffUser, staffVerification, type OfficeRole } from './staff-tables';

let ctx: Awaited<ReturnType<typeof useApiDatabase>>;
beforeAll(async () => {
  ctx = await useApiDatabase();
});
afterAll(() => ctx?.cleanup());

const PASSWORD = OFFICE_PASSWORD;
let n = 0;
let office: ReturnType<typeof officeClient>;
const call: ReturnType<typeof officeClient>['call'] = (...args) => (office ??= officeClient(ctx.api)).call(...args);

/** A member of `role` who accepted their invitation and enrolled: signed in, with their jar and secret. */
async function member(role: OfficeRole) {
  const email = `${role}-${++n}@staff.example`;
  const { link } = await inviteStaff(ctx.database.db, undefined, { email, role }, { actor: null });
  office ??= officeClient(ctx.api);
  return office.enrol(link);
}

async function signIn(email: string, password: string, jar = new CookieJar(), ip?: string) {
  const res = await call('POST', '/auth/sign-in', { body: { email, password }, jar, ip });
  return { res, jar };
}

const auditActions = async (actor: string) =>
  (await ctx.database.db.select().from(auditLog).where(eq(auditLog.actor, actor))).map((r) => r.action);

describe('staff accounts', () => {
  it('spends the setup link of the first start when the first member comes in by an invitation', async () => {
    const setup = (await setupLink(ctx.database.db))!;
    const token = setup.split('#')[1]!;
    const first = await member('sales');
    expect((await call('POST', '/invitations/lookup', { body: { token } })).status).toBe(404);
    const body = { token, name: 'Intruder', email: 'intruder@staff.example', password: PASSWORD };
    expect((await call('POST', '/invitations/accept', { body })).status).toBe(404);
    expect(await ctx.database.db.select().from(staffUser).where(eq(staffUser.email, 'intruder@staff.example'))).toEqual([]);
    // The office is empty again for the next test's first admin.
    await ctx.database.db.delete(staffUser).where(eq(staffUser.id, first.id));
  });

  it('prints a setup link while nobody has an account; it makes the first admin, once', async () => {
    const link = await setupLink(ctx.database.db);
    expect(link).toMatch(/^http:\/\/localhost:3000\/office\/accept#[\w-]{40,}$/);
    const token = link!.split('#')[1]!;
    const lookup = await call('POST', '/invitations/lookup', { body: { token } });
    expect(await lookup.json()).toEqual({ email: null, role: 'admin' });
    const jar = new CookieJar();
    const body = { token, name: 'First Admin', email: 'first@staff.example', password: PASSWORD };
    const accepted = await call('POST', '/invitations/accept', { body, jar });
    expect(accepted.status).toBe(200);
    const { secret, qr, backupCodes } = (await accepted.json()) as { secret: string; qr: string; backupCodes: string[] };
    expect(qr).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(backupCodes.length).toBeGreaterThanOrEqual(8);
    // The password alone reaches nothing: the authenticator comes first.
    expect((await call('GET', '/me', { jar })).status).toBe(401);
    expect((await call('POST', '/auth/code', { body: { code: '000000' === totp(secret) ? '111111' : '000000' }, jar })).status).toBe(401);
    expect((await call('POST', '/auth/code', { body: { code: totp(secret) }, jar })).status).toBe(200);
    const me = await call('GET', '/me', { jar });
    expect(await me.json()).toMatchObject({ name: 'First Admin', email: 'first@staff.example', role: 'admin' });
    expect(await setupLink(ctx.database.db)).toBeUndefined();
    // The link worked once.
    expect((await call('POST', '/invitations/accept', { body: { ...body, email: 'second@staff.example' } })).status).toBe(404);
  });

  it('opens nothing with a setup link once the office has members, however the link was made', async () => {
    const admin = await member('admin');
    const { link } = await inviteStaff(ctx.database.db, undefined, { email: null, role: 'admin' }, { actor: null });
    const token = link.split('#')[1]!;
    expect((await call('POST', '/invitations/lookup', { body: { token } })).status).toBe(404);
    const accepted = await call('POST', '/invitations/accept', {
      body: { token, name: 'Intruder', email: 'intruder@staff.example', password: PASSWORD },
    });
    expect(accepted.status).toBe(404);
    expect(await ctx.database.db.select().from(staffUser).where(eq(staffUser.email, 'intruder@staff.example'))).toEqual([]);
    const open = (await (await call('GET', '/staff', { jar: admin.jar })).json()) as { invitations: { email: string | null }[] };
    expect(open.invitations.filter((i) => i.email === null)).toEqual([]);
  });

  it('lets an admin revoke an open invitation: its link opens nothing, and the audit log says who', async () => {
    const admin = await member('admin');
    const sales = await member('sales');
    const { id, link } = await inviteStaff(ctx.database.db, undefined, { email: 'revoked@staff.example', role: 'sales' }, { actor: null });
    const listed = (await (await call('GET', '/staff', { jar: admin.jar })).json()) as { invitations: { id: string }[] };
    expect(listed.invitations.map((i) => i.id)).toContain(id);
    expect((await call('DELETE', `/staff/invitations/${id}`, { jar: sales.jar })).status).toBe(403);
    expect((await call('DELETE', `/staff/invitations/${id}`, { jar: admin.jar })).status).toBe(200);
    expect((await call('DELETE', `/staff/invitations/${id}`, { jar: admin.jar })).status).toBe(404);
    const token = link.split('#')[1]!;
    expect((await call('POST', '/invitations/lookup', { body: { token } })).status).toBe(404);
    expect((await call('POST', '/invitations/accept', { body: { token, name: 'Too Late', password: PASSWORD } })).status).toBe(404);
    const after = (await (await call('GET', '/staff', { jar: admin.jar })).json()) as { invitations: { id: string }[] };
    expect(after.invitations.map((i) => i.id)).not.toContain(id);
    const [row] = await ctx.database.db.select().from(auditLog).where(eq(auditLog.action, 'staff.revoke'));
    expect([row?.actor, row?.record]).toEqual([admin.id, id]);
  });

  it('speaks to a member in the language they were invited in, and in any of the five they choose', async () => {
    const { link } = await inviteStaff(
      ctx.database.db,
      undefined,
      { email: 'greta@staff.example', role: 'sales', locale: 'de' },
      { actor: null },
    );
    const greta = await (office ??= officeClient(ctx.api)).enrol(link);
    expect(await (await call('GET', '/me', { jar: greta.jar })).json()).toMatchObject({ locale: 'de' });
    for (const locale of ['fr', 'it', 'es', 'en'])
      expect((await call('PATCH', '/me', { body: { locale }, jar: greta.jar })).status, locale).toBe(200);
    expect((await call('PATCH', '/me', { body: { locale: 'pt' }, jar: greta.jar })).status).toBe(422);
    expect(await (await call('GET', '/me', { jar: greta.jar })).json()).toMatchObject({ locale: 'en' });
  });

  it('signs in with password and code; the password alone reaches nothing', async () => {
    const m = await member('sales');
    const { res, jar } = await signIn(m.email, PASSWORD);
    expect(await res.json()).toEqual({ next: 'code' });
    expect((await call('GET', '/me', { jar })).status).toBe(401);
    // The enrolment took this step's code: the next step's, as the app shows it 30 seconds on.
    expect((await call('POST', '/auth/code', { body: { code: totp(m.secret, Date.now() + 30_000) }, jar })).status).toBe(200);
    expect((await call('GET', '/me', { jar })).status).toBe(200);
    expect(await auditActions(m.id)).toEqual(expect.arrayContaining(['staff.accept', 'staff.enrol', 'sign_in.password', 'sign_in']));
  });

  it('takes a backup code once', async () => {
    const m = await member('training');
    const code = m.backupCodes[0]!;
    const first = await signIn(m.email, PASSWORD);
    expect((await call('POST', '/auth/backup-code', { body: { code }, jar: first.jar })).status).toBe(200);
    const second = await signIn(m.email, PASSWORD);
    expect((await call('POST', '/auth/backup-code', { body: { code }, jar: second.jar })).status).toBe(401);
  });

  it('answers an unknown address as a wrong password, and locks one client out of an account after five failures', async () => {
    const m = await member('recruiting');
    const wrong = await signIn(m.email, 'not the password at all');
    const unknown = await signIn('nobody@staff.example', 'not the password at all');
    expect(wrong.res.status).toBe(401);
    expect(unknown.res.status).toBe(401);
    expect((await wrong.res.json()).detail).toBe((await unknown.res.json()).detail);
    const ip = '203.0.113.90';
    for (let i = 0; i < 5; i++) await signIn(m.email, `wrong password ${i}`, undefined, ip);
    for (let i = 0; i < 5; i++) await signIn('nobody@staff.example', `wrong password ${i}`, undefined, ip);
    // Locked from that address, even with the right password, and the same for an address that has no account.
    const locked = await signIn(m.email, PASSWORD, undefined, ip);
    expect(locked.res.status).toBe(429);
    expect(locked.res.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await signIn('nobody@staff.example', PASSWORD, undefined, ip)).res.status).toBe(429);
    // The member, from their own address, is not kept out.
    expect((await signIn(m.email, PASSWORD, undefined, '203.0.113.91')).res.status).toBe(200);
    // The audit log names the account of each failure, of the lock and of each refusal while locked.
    const rows = await ctx.database.db.select().from(auditLog).where(eq(auditLog.record, m.id));
    expect(rows.filter((r) => r.action === 'sign_in.failed')).toHaveLength(6);
    expect(rows.filter((r) => r.action === 'sign_in.lock').map((r) => r.ip)).toEqual([ip]);
    expect(rows.filter((r) => r.action === 'sign_in.locked')).toHaveLength(1);
  });

  it('counts each lock-out of a member for the Staff page, by account, for a day', async () => {
    const locked = await member('recruiting');
    const other = await member('recruiting');
    // Two clients each lock themselves out of the account: five wrong passwords, then five wrong codes.
    for (let i = 0; i < 5; i++) await signIn(locked.email, `wrong password ${i}`, undefined, '203.0.113.97');
    const { jar } = await signIn(locked.email, PASSWORD, undefined, '203.0.113.98');
    const wrongCode = (n: number) => String((Number(totp(locked.secret)) + 1000 * n) % 1_000_000).padStart(6, '0');
    for (let i = 1; i <= 5; i++) await call('POST', '/auth/code', { body: { code: wrongCode(i) }, jar, ip: '203.0.113.98' });
    // A wrong password of the other member locks nothing.
    await signIn(other.email, 'not the password at all', undefined, '203.0.113.97');
    const lockOuts = await recentLockOuts(ctx.database.db);
    expect(lockOuts.get(locked.id)).toEqual({ count: 2, last: expect.any(Date) });
    expect(Date.now() - lockOuts.get(locked.id)!.last.getTime()).toBeLessThan(60_000);
    expect(lockOuts.has(other.id)).toBe(false);
    // The page shows the last 24 hours.
    expect((await recentLockOuts(ctx.database.db, new Date(Date.now() + 25 * 3600_000))).has(locked.id)).toBe(false);
  });

  it('keeps a member in whom strangers try to lock out from other addresses', async () => {
    const m = await member('sales');
    for (let i = 0; i < 6; i++) expect((await signIn(m.email, `a guess ${i}`, undefined, `192.0.2.${100 + i}`)).res.status).toBe(401);
    const own = await signIn(m.email, PASSWORD, undefined, '192.0.2.200');
    expect(own.res.status).toBe(200);
    expect((await call('POST', '/auth/code', { body: { code: totp(m.secret, Date.now() + 30_000) }, jar: own.jar })).status).toBe(200);
    expect((await call('GET', '/me', { jar: own.jar })).status).toBe(200);
  });

  it('takes an authenticator code once: the same code, or an earlier one, does not sign in again', async () => {
    const m = await member('sales');
    const code = totp(m.secret, Date.now() + 30_000);
    const first = await signIn(m.email, PASSWORD);
    expect((await call('POST', '/auth/code', { body: { code }, jar: first.jar })).status).toBe(200);
    const again = await signIn(m.email, PASSWORD);
    expect((await call('POST', '/auth/code', { body: { code }, jar: again.jar })).status).toBe(401);
    // The code the enrolment took, a step earlier, is refused as well.
    expect((await call('POST', '/auth/code', { body: { code: totp(m.secret) }, jar: again.jar })).status).toBe(401);
    expect((await call('GET', '/me', { jar: again.jar })).status).toBe(401);
    // Thirty seconds on, two tabs send the next code at once: one signs in.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 30_000 });
    try {
      const next = totp(m.secret, Date.now() + 30_000);
      const tabs = await Promise.all([signIn(m.email, PASSWORD), signIn(m.email, PASSWORD)]);
      const answers = await Promise.all(tabs.map((t) => call('POST', '/auth/code', { body: { code: next }, jar: t.jar })));
      expect(answers.map((a) => a.status).sort()).toEqual([200, 401]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('counts wrong authenticator codes against the account, and names it in the audit log', async () => {
    const m = await member('training');
    const ip = '203.0.113.95';
    const { jar } = await signIn(m.email, PASSWORD, undefined, ip);
    const wrongCode = (n: number) => String((Number(totp(m.secret)) + 1000 * n) % 1_000_000).padStart(6, '0');
    for (let i = 1; i <= 5; i++) expect((await call('POST', '/auth/code', { body: { code: wrongCode(i) }, jar, ip })).status).toBe(401);
    expect((await call('POST', '/auth/code', { body: { code: totp(m.secret, Date.now() + 30_000) }, jar, ip })).status).toBe(429);
    const rows = await ctx.database.db.select().from(auditLog).where(eq(auditLog.record, m.id));
    expect(rows.filter((r) => r.action === 'sign_in.failed_code')).toHaveLength(5);
    expect(rows.filter((r) => r.action === 'sign_in.lock')).toHaveLength(1);
    // Without the cookie of the password step, a code is refused before it is checked.
    const bare = await call('POST', '/auth/code', { body: { code: totp(m.secret, Date.now() + 30_000) } });
    expect(bare.status).toBe(401);
  });

  it('limits sign-in attempts per client address', async () => {
    const ip = '203.0.113.77';
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await signIn(`guess-${i}@staff.example`, 'whatever it is', undefined, ip)).res.status);
    expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it('counts only the steps of signing in against that limit: a member at work is never stopped by it', async () => {
    const m = await member('sales');
    const ip = '203.0.113.78';
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) statuses.push((await call('GET', '/me', { jar: m.jar, ip })).status);
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect((await signIn(m.email, 'not the password at all', undefined, ip)).res.status).toBe(401);
  });

  it('ends a disabled member’s open session at their next request', async () => {
    const admin = await member('admin');
    const m = await member('sales');
    expect((await call('GET', '/me', { jar: m.jar })).status).toBe(200);
    expect((await call('PATCH', `/staff/${m.id}`, { body: { disabled: true }, jar: admin.jar })).status).toBe(200);
    expect((await call('GET', '/me', { jar: m.jar })).status).toBe(401);
    expect((await signIn(m.email, PASSWORD)).res.status).toBe(401);
    expect(await auditActions(admin.id)).toContain('staff.disable');
  });

  it('refuses an admin taking their own role or access away, naming the text the office shows', async () => {
    const admin = await member('admin');
    for (const [body, key] of [
      [{ role: 'sales' }, 'selfDemote'],
      [{ disabled: true }, 'selfDisable'],
    ] as const) {
      const res = await call('PATCH', `/staff/${admin.id}`, { body, jar: admin.jar });
      expect(res.status).toBe(409);
      expect(((await res.json()) as { errors: unknown }).errors).toEqual([{ path: '', message: key }]);
    }
    const [row] = await ctx.database.db.select().from(staffUser).where(eq(staffUser.id, admin.id));
    expect([row!.role, row!.banned]).toEqual(['admin', false]);
    expect((await call('GET', '/me', { jar: admin.jar })).status).toBe(200);
  });

  it('refuses cross-site requests', async () => {
    const admin = await member('admin');
    const body = { email: 'csrf@staff.example', role: 'admin' };
    expect((await call('POST', '/staff/invitations', { body, jar: admin.jar, origin: 'https://evil.example' })).status).toBe(403);
    expect((await call('POST', '/staff/invitations', { body, jar: admin.jar, origin: null })).status).toBe(403);
    expect(
      (await call('POST', '/auth/sign-in', { body: { email: admin.email, password: PASSWORD }, origin: 'https://evil.example' })).status,
    ).toBe(403);
    const [invited] = await ctx.database.db.select().from(staffUser).where(eq(staffUser.email, 'csrf@staff.example'));
    expect(invited).toBeUndefined();
    // The refusal says what is wrong, not that the invitation is gone.
    const { link } = await inviteStaff(ctx.database.db, undefined, { email: 'loopback@staff.example', role: 'sales' }, { actor: null });
    const token = link.split('#')[1]!;
    const foreign = await call('POST', '/invitations/lookup', { body: { token }, origin: 'http://192.0.2.1:3000' });
    expect(foreign.status).toBe(403);
    expect(((await foreign.json()) as { errors: unknown }).errors).toEqual([{ path: '', message: 'wrongOrigin' }]);
    // The public address is localhost: its other loopback names are the same machine's office.
    for (const origin of ['http://127.0.0.1:3000', 'http://[::1]:3000'])
      expect((await call('POST', '/invitations/lookup', { body: { token }, origin })).status, origin).toBe(200);
    expect((await call('POST', '/invitations/lookup', { body: { token }, origin: 'http://127.0.0.1:4000' })).status).toBe(403);
  });

  it('never lets a trial user of the application sign in', async () => {
    await ctx.database.db.insert(authUser).values({ id: 'trial-user', name: 'Trial', email: 'trial@example.com', emailVerified: true });
    expect((await signIn('trial@example.com', PASSWORD)).res.status).toBe(401);
  });

  it('ends a session idle for 12 hours, and an active one 7 days after its sign-in', async () => {
    const idle = await member('sales');
    const active = await member('sales');
    const start = Date.now();
    const at = (hours: number) => vi.setSystemTime(start + hours * 3600_000);
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    try {
      const me = async (who: typeof idle) => (await call('GET', '/me', { jar: who.jar })).status;
      // Each use moves the idle limit on: a member at work every 11 hours stays in…
      at(11);
      expect(await me(active)).toBe(200);
      at(11.9);
      expect(await me(idle)).toBe(200);
      at(22);
      expect(await me(active)).toBe(200);
      // …one who left it for over 12 hours is out.
      at(11.9 + 12.1);
      expect(await me(idle)).toBe(401);
      for (let hours = 33; hours < 7 * 24; hours += 11) {
        at(hours);
        expect(await me(active), `after ${hours} hours`).toBe(200);
      }
      // …until the absolute limit, however active.
      at(7 * 24 + 1);
      expect((await call('GET', '/me', { jar: active.jar })).status).toBe(401);
    } finally {
      vi.useRealTimers();
    }
    // The cookie is kept for the absolute limit, not the browser's session only.
    const again = await signIn(active.email, PASSWORD);
    const code = await call('POST', '/auth/code', { body: { code: totp(active.secret, Date.now() + 30_000) }, jar: again.jar });
    expect(code.headers.getSetCookie().find((c) => c.startsWith('office.session_token='))).toMatch(/Max-Age=604800/);
    expect(code.headers.getSetCookie().some((c) => c.startsWith('office.dont_remember='))).toBe(false);
  });

  it('signs out: the session ends', async () => {
    const m = await member('sales');
    expect((await call('POST', '/auth/sign-out', { jar: m.jar })).status).toBe(200);
    expect((await call('GET', '/me', { jar: m.jar })).status).toBe(401);
  });

  it('resets a lost authenticator: sessions end, and the password with the mailed link enrols a new one', async () => {
    const admin = await member('admin');
    const m = await member('recruiting');
    const reset = await call('POST', `/staff/${m.id}/reset-2fa`, { jar: admin.jar });
    expect(reset.status).toBe(200);
    const { link } = (await reset.json()) as { link: string };
    expect(link).toMatch(/^http:\/\/localhost:3000\/office\/enrol#[\w-]{40,}$/);
    const { rows: mails } = await ctx.database.query(
      `select data from pgboss.job where name = 'mail-send' and data->>'to' = $1 and data->>'template' = 'staff-reenrol'`,
      [m.email],
    );
    expect(mails).toHaveLength(1);
    expect(JSON.stringify(mails[0])).toContain(link);
    expect((await call('GET', '/me', { jar: m.jar })).status).toBe(401);
    const again = await signIn(m.email, PASSWORD);
    expect(await again.res.json()).toEqual({ next: 'enrol' });
    // The password alone reaches nothing, not even a new authenticator.
    expect((await call('GET', '/me', { jar: again.jar })).status).toBe(401);
    const alone = await call('POST', '/enrolment', { body: { password: PASSWORD }, jar: again.jar });
    expect(alone.status).toBe(403);
    expect(((await alone.json()) as { errors: unknown }).errors).toEqual([{ path: '', message: 'enrolLinkNeeded' }]);
    const forged = await call('POST', '/enrolment', { body: { password: PASSWORD, token: 'x'.repeat(43) }, jar: again.jar });
    expect(forged.status).toBe(403);
    const token = link.split('#')[1]!;
    const enrolment = await call('POST', '/enrolment', { body: { password: PASSWORD, token }, jar: again.jar });
    expect(enrolment.status).toBe(200);
    expect(enrolment.headers.get('cache-control')).toBe('no-store');
    const { secret } = (await enrolment.json()) as { secret: string };
    expect((await call('POST', '/auth/code', { body: { code: totp(secret) }, jar: again.jar })).status).toBe(200);
    expect((await call('GET', '/me', { jar: again.jar })).status).toBe(200);
    expect(secret).not.toBe(m.secret);
  });

  it('resets from the command line as well: the password alone does not enrol, the mailed link with it does', async () => {
    const m = await member('sales');
    const out: string[] = [];
    const io = { out: (line: string) => out.push(line), err: (line: string) => out.push(line), table() {}, write() {}, cwd: process.cwd() };
    expect(await staffCommand.run(['reset-2fa', m.email], io)).toBe(0);
    const token = /\/office\/enrol#([\w-]{40,})/.exec(out.join('\n'))?.[1];
    expect(token).toBeDefined();
    const { rows: mails } = await ctx.database.query(
      `select data from pgboss.job where name = 'mail-send' and data->>'to' = $1 and data->>'template' = 'staff-reenrol'`,
      [m.email],
    );
    expect(JSON.stringify(mails)).toContain(token);
    const again = await signIn(m.email, PASSWORD);
    expect(await again.res.json()).toEqual({ next: 'enrol' });
    expect((await call('POST', '/enrolment', { body: { password: PASSWORD }, jar: again.jar })).status).toBe(403);
    const enrolment = await call('POST', '/enrolment', { body: { password: PASSWORD, token }, jar: again.jar });
    expect(enrolment.status).toBe(200);
    expect(enrolment.headers.get('cache-control')).toBe('no-store');
    // Audited as the operator's (no member acted).
    const resets = await ctx.database.db.select().from(auditLog).where(eq(auditLog.record, m.id));
    expect(resets.filter((r) => r.action === 'staff.reset_2fa').map((r) => r.actor)).toEqual([null]);
  });

  it('lets a member see and end their own sessions', async () => {
    const m = await member('training');
    const other = await signIn(m.email, PASSWORD);
    await call('POST', '/auth/code', { body: { code: totp(m.secret, Date.now() + 30_000) }, jar: other.jar });
    const list = (await (await call('GET', '/me/sessions', { jar: m.jar })).json()) as { sessions: { id: string; current: boolean }[] };
    expect(list.sessions).toHaveLength(2);
    const theOther = list.sessions.find((s) => !s.current)!;
    expect((await call('DELETE', `/me/sessions/${theOther.id}`, { jar: m.jar })).status).toBe(200);
    expect((await call('GET', '/me', { jar: other.jar })).status).toBe(401);
    expect((await call('GET', '/me', { jar: m.jar })).status).toBe(200);
  });
});

describe('passwords and backup codes', () => {
  const NEW_PASSWORD = 'a brand new password, long enough';
  /** A second session of the member, signed in with password and code. */
  async function secondSession(m: Awaited<ReturnType<typeof member>>, password = PASSWORD) {
    const other = await signIn(m.email, password);
    expect((await call('POST', '/auth/code', { body: { code: totp(m.secret, Date.now() + 30_000) }, jar: other.jar })).status).toBe(200);
    return other.jar;
  }
  const resetMails = async (email: string) =>
    (
      await ctx.database.query(
        `select data from pgboss.job where name = 'mail-send' and data->>'to' = $1 and data->>'template' = 'staff-password-reset' order by created_on`,
        [email],
      )
    ).rows.map((r) => (r as { data: MailJob }).data);
  /** Asks for a link for `email` and answers the token of the newest mail to it. */
  async function resetToken(email: string) {
    expect((await call('POST', '/auth/forgot-password', { body: { email } })).status).toBe(200);
    const link = String((await resetMails(email)).at(-1)?.props.link);
    expect(link).toMatch(/^http:\/\/localhost:3000\/office\/reset-password#[\w-]{20,}$/);
    return link.split('#')[1]!;
  }

  it('changes the password with the current one: this session stays, every other one ends', async () => {
    const m = await member('sales');
    const other = await secondSession(m);
    const wrong = await call('POST', '/me/password', {
      body: { currentPassword: 'not the password', newPassword: NEW_PASSWORD },
      jar: m.jar,
    });
    expect(wrong.status).toBe(422);
    expect(((await wrong.json()) as { errors: unknown }).errors).toEqual([{ path: 'currentPassword', message: 'wrongPassword' }]);
    const short = await call('POST', '/me/password', { body: { currentPassword: PASSWORD, newPassword: 'too short' }, jar: m.jar });
    expect(((await short.json()) as { errors: unknown }).errors).toEqual([{ path: 'newPassword', message: 'passwordLength' }]);
    const same = await call('POST', '/me/password', { body: { currentPassword: PASSWORD, newPassword: PASSWORD }, jar: m.jar });
    expect(((await same.json()) as { errors: unknown }).errors).toEqual([{ path: 'newPassword', message: 'samePassword' }]);
    expect((await call('GET', '/me', { jar: other })).status).toBe(200);

    const { sessions: before } = (await (await call('GET', '/me/sessions', { jar: m.jar })).json()) as {
      sessions: { id: string; current: boolean }[];
    };
    const changed = await call('POST', '/me/password', { body: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD }, jar: m.jar });
    expect(changed.status).toBe(200);
    expect((await call('GET', '/me', { jar: m.jar })).status).toBe(200);
    expect((await call('GET', '/me', { jar: other })).status).toBe(401);
    // The same session as before (its 7 days still count from its sign-in), alone now.
    const { sessions: after } = (await (await call('GET', '/me/sessions', { jar: m.jar })).json()) as { sessions: { id: string }[] };
    expect(after.map((s) => s.id)).toEqual(before.filter((s) => s.current).map((s) => s.id));
    expect((await signIn(m.email, PASSWORD)).res.status).toBe(401);
    expect(await (await signIn(m.email, NEW_PASSWORD)).res.json()).toEqual({ next: 'code' });
    expect(await auditActions(m.id)).toEqual(expect.arrayContaining(['password.change_failed', 'password.change']));
  });

  it('stops the password checks of My account after five wrong passwords', async () => {
    const m = await member('recruiting');
    for (let i = 0; i < 5; i++) {
      const body = { currentPassword: `wrong password ${i}`, newPassword: NEW_PASSWORD };
      expect((await call('POST', '/me/password', { body, jar: m.jar })).status).toBe(422);
    }
    const locked = await call('POST', '/me/backup-codes', { body: { password: PASSWORD }, jar: m.jar });
    expect(locked.status).toBe(429);
    expect(locked.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(
      (await call('POST', '/me/password', { body: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD }, jar: m.jar })).status,
    ).toBe(429);
  });

  it('makes new backup codes with the password: the old codes stop working, each new one signs in once', async () => {
    const m = await member('training');
    const wrong = await call('POST', '/me/backup-codes', { body: { password: 'not the password' }, jar: m.jar });
    expect(((await wrong.json()) as { errors: unknown }).errors).toEqual([{ path: 'password', message: 'wrongPassword' }]);
    const made = await call('POST', '/me/backup-codes', { body: { password: PASSWORD }, jar: m.jar });
    expect(made.status).toBe(200);
    expect(made.headers.get('cache-control')).toBe('no-store');
    const { backupCodes } = (await made.json()) as { backupCodes: string[] };
    expect(backupCodes).toHaveLength(10);
    expect(backupCodes.filter((c) => m.backupCodes.includes(c))).toEqual([]);
    const old = await signIn(m.email, PASSWORD);
    expect((await call('POST', '/auth/backup-code', { body: { code: m.backupCodes[0] }, jar: old.jar })).status).toBe(401);
    expect((await call('POST', '/auth/backup-code', { body: { code: backupCodes[0] }, jar: old.jar })).status).toBe(200);
    const again = await signIn(m.email, PASSWORD);
    expect((await call('POST', '/auth/backup-code', { body: { code: backupCodes[0] }, jar: again.jar })).status).toBe(401);
    expect(await auditActions(m.id)).toEqual(expect.arrayContaining(['backup_codes.failed', 'backup_codes.new']));
  });

  it('answers "Forgot your password?" alike for a member, a disabled member and a stranger, and mails the member only, in their language', async () => {
    const admin = await member('admin');
    const { link } = await inviteStaff(
      ctx.database.db,
      undefined,
      { email: 'vergessen@staff.example', role: 'sales', locale: 'de' },
      { actor: null },
    );
    const m = await office.enrol(link);
    const disabled = await member('sales');
    expect((await call('PATCH', `/staff/${disabled.id}`, { body: { disabled: true }, jar: admin.jar })).status).toBe(200);
    const answers = [];
    const times = [];
    for (const email of [m.email, disabled.email, 'nobody-here@staff.example']) {
      const started = performance.now();
      const res = await call('POST', '/auth/forgot-password', { body: { email } });
      times.push(performance.now() - started);
      const headers = [...res.headers.keys()].filter((h) => h !== 'x-request-id').sort();
      answers.push(JSON.stringify({ status: res.status, body: await res.text(), headers }));
    }
    // The same answer, never sooner than the fixed minimum, so the work each did does not show.
    expect(Math.min(...times)).toBeGreaterThanOrEqual(FORGOT_ANSWER_MS - 1);
    expect(new Set(answers).size).toBe(1);
    expect(JSON.parse(answers[0]!)).toMatchObject({ status: 200, body: '{"ok":true}' });
    const mails = await resetMails(m.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.locale).toBe('de');
    expect((await renderMail(mails[0]!)).subject).toBe('Wählen Sie ein neues Passwort für das Backoffice von Acme Digital');
    expect(await resetMails(disabled.email)).toEqual([]);
    expect(await resetMails('nobody-here@staff.example')).toEqual([]);
    // The audit log names the member's account, never an address.
    const rows = await ctx.database.db.select().from(auditLog).where(eq(auditLog.action, 'password.reset_request'));
    expect(rows.map((r) => r.record)).toEqual(expect.arrayContaining([m.id, disabled.id, null]));
  });

  it('sets a new password with the mailed link, once: every session ends, nobody is signed in, the sign-in still asks for the code', async () => {
    const m = await member('sales');
    const other = await secondSession(m);
    const token = await resetToken(m.email);
    // Only the token's hash is kept.
    expect(JSON.stringify(await ctx.database.db.select().from(staffVerification))).not.toContain(token);
    const short = await call('POST', '/auth/reset-password', { body: { token, password: 'too short' } });
    expect(((await short.json()) as { errors: unknown }).errors).toEqual([{ path: 'password', message: 'passwordLength' }]);
    const reset = await call('POST', '/auth/reset-password', { body: { token, password: NEW_PASSWORD } });
    expect(reset.status).toBe(200);
    expect(reset.headers.getSetCookie()).toEqual([]);
    expect((await call('GET', '/me', { jar: m.jar })).status).toBe(401);
    expect((await call('GET', '/me', { jar: other })).status).toBe(401);
    // The link worked once.
    const again = await call('POST', '/auth/reset-password', { body: { token, password: `${NEW_PASSWORD} again` } });
    expect(again.status).toBe(404);
    expect(((await again.json()) as { errors: unknown }).errors).toEqual([{ path: '', message: 'resetLinkGone' }]);
    expect((await signIn(m.email, PASSWORD)).res.status).toBe(401);
    // The new password is the first factor only: the office opens after the second (a backup code
    // here: the second session took this half-minute's authenticator code).
    const signedIn = await signIn(m.email, NEW_PASSWORD);
    expect(await signedIn.res.json()).toEqual({ next: 'code' });
    expect((await call('GET', '/me', { jar: signedIn.jar })).status).toBe(401);
    expect((await call('POST', '/auth/backup-code', { body: { code: m.backupCodes[0] }, jar: signedIn.jar })).status).toBe(200);
    expect((await call('GET', '/me', { jar: signedIn.jar })).status).toBe(200);
    expect(await auditActions(m.id)).toContain('password.reset');
    expect((await ctx.database.db.select().from(auditLog).where(eq(auditLog.action, 'password.reset_failed'))).length).toBeGreaterThan(0);
  });

  it('refuses a reset link an hour after it was mailed, and a forged one', async () => {
    const m = await member('training');
    const token = await resetToken(m.email);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61 * 60_000 });
    try {
      expect((await call('POST', '/auth/reset-password', { body: { token, password: NEW_PASSWORD } })).status).toBe(404);
    } finally {
      vi.useRealTimers();
    }
    expect((await call('POST', '/auth/reset-password', { body: { token: 'x'.repeat(24), password: NEW_PASSWORD } })).status).toBe(404);
    expect(await (await signIn(m.email, PASSWORD)).res.json()).toEqual({ next: 'code' });
  });

  it('limits "Forgot your password?" per client address, and mails one address three times an hour at most', async () => {
    const ip = '203.0.113.120';
    const statuses = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await call('POST', '/auth/forgot-password', { body: { email: `someone-${i}@staff.example` }, ip })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const m = await member('recruiting');
    for (let i = 0; i < 4; i++) expect((await call('POST', '/auth/forgot-password', { body: { email: m.email } })).status).toBe(200);
    expect(await resetMails(m.email)).toHaveLength(3);
  });
});

describe('audit log', () => {
  it('refuses to change or remove a row', async () => {
    const m = await member('admin');
    await expect(ctx.database.query(`update audit_log set action = 'x' where actor = $1`, [m.id])).rejects.toThrow(/append-only/);
    await expect(ctx.database.query(`delete from audit_log where actor = $1`, [m.id])).rejects.toThrow(/three years/);
    expect((await auditActions(m.id)).length).toBeGreaterThan(0);
  });

  it('is read by admins with filters, and holds no personal data', async () => {
    const admin = await member('admin');
    const again = await signIn(admin.email, PASSWORD);
    await call('POST', '/auth/code', { body: { code: totp(admin.secret, Date.now() + 30_000) }, jar: again.jar });
    const res = await call('GET', `/audit?actor=${admin.id}&action=sign_in`, { jar: admin.jar });
    const { rows } = (await res.json()) as { rows: { action: string; actor: string }[] };
    expect(rows.map((r) => r.action)).toEqual(['sign_in', 'sign_in.password']);
    const all = (await (await call('GET', `/audit?actor=${admin.id}`, { jar: admin.jar })).json()) as { rows: { action: string }[] };
    expect(all.rows.map((r) => r.action)).toEqual(['sign_in', 'sign_in.password', 'staff.enrol', 'staff.accept']);
    const everything = JSON.stringify(await ctx.database.db.select().from(auditLog));
    expect(everything).not.toMatch(/@staff\.example|Member \d/);
  });

  it('pages newest first, and a full last page links to no empty one', async () => {
    const admin = await member('admin');
    for (let i = 0; i < 100; i++) await audit(ctx.database.db, { actor: admin.id, action: 'lead.view', record: `lead-${i}` });
    const records: string[] = [];
    let after: string | null = '';
    while (after !== null) {
      const query = `/audit?actor=${admin.id}&action=lead.view${after ? `&after=${encodeURIComponent(after)}` : ''}`;
      const page = (await (await call('GET', query, { jar: admin.jar })).json()) as { rows: { record: string }[]; next: string | null };
      expect(page.rows).toHaveLength(50);
      records.push(...page.rows.map((r) => r.record));
      after = page.next;
    }
    expect(new Set(records).size).toBe(100);
  });
});

describe('every office route names its roles', () => {
  // Reached before signing in: they sign in, accept an invitation, enrol the authenticator.
  const PUBLIC = /^\/rest\/office\/(auth\/|invitations\/|enrolment$)/;
  const endpoints = () => {
    const byRoute = new Map<string, { method: string; path: string; roles?: readonly OfficeRole[] }>();
    for (const r of ctx.api.routes) {
      if (!r.path.startsWith('/rest/office/') || r.method === 'ALL') continue;
      const key = `${r.method} ${r.path}`;
      const entry = byRoute.get(key) ?? { method: r.method, path: r.path };
      entry.roles ??= rolesOf(r.handler);
      byRoute.set(key, entry);
    }
    return [...byRoute.values()].filter((e) => !PUBLIC.test(e.path));
  };

  it('has office routes, each with its roles', () => {
    const list = endpoints();
    expect(list.length).toBeGreaterThan(5);
    expect(list.filter((e) => !e.roles).map((e) => `${e.method} ${e.path}`)).toEqual([]);
  });

  it('answers nobody 401, other roles 403, and lets the named roles through', async () => {
    const members = Object.fromEntries(await Promise.all(OFFICE_ROLES.map(async (role) => [role, await member(role)] as const)));
    const failures: string[] = [];
    for (const e of endpoints()) {
      const path = e.path.replace('/rest/office', '').replace(/:(\w+)/g, 'no-such-$1');
      const body = e.method === 'GET' || e.method === 'DELETE' ? undefined : {};
      const nobody = await call(e.method, path, { body });
      if (nobody.status !== 401) failures.push(`${e.method} ${e.path} as nobody: ${nobody.status}`);
      for (const role of OFFICE_ROLES) {
        const res = await call(e.method, path, { body, jar: members[role]!.jar });
        const allowed = e.roles!.includes(role);
        if (allowed ? [401, 403].includes(res.status) : res.status !== 403)
          failures.push(`${e.method} ${e.path} as ${role}: ${res.status}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
