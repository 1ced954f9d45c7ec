import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, useApiDatabase } from '#tests/api-db';
import { accountSignup, authUser } from '@/features/accounts/server/auth-tables';
import { loadCatalogueOnce } from '@/features/courses/server/courses-service';
import { courseOrders, courseRegistrations } from '@/features/courses/server/courses-table';
import { leads } from '@/features/forms/server/leads-table';
import { applyRetention } from './retention';

let ctx: Awaited<ReturnType<typeof useApiDatabase>>;
beforeAll(async () => {
  ctx = await useApiDatabase();
  await loadCatalogueOnce(ctx.database.db);
});
afterAll(() => ctx?.cleanup());

const DAY = 24 * 3600 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);
const traps = { website: '', elapsedMs: 10_000 };
const context = { locale: 'en' as const, page: '/contact', referrer: '', utm: {} };
let ip = 0;
const post = async (path: string, body: unknown) => {
  const res = await ctx.api.request(path, {
    ...postJson(body),
    headers: { 'content-type': 'application/json', 'x-site-socket-ip': `192.0.2.${++ip}` },
  });
  expect(res.status, `${path}: ${await res.clone().text()}`).toBe(200);
  return res;
};
const quote = (email: string) =>
  post('/rest/form', {
    type: 'quote',
    form: { need: 'cloud', timeline: 'asap', budget: 'unknown', details: '', name: 'Quinn Doe', email, company: '' },
    context,
    traps,
  });
const signUp = (email: string) =>
  post('/rest/unconfirmeduser', { name: 'Ada Lovelace', email, password: 'secret-42', locale: 'en', traps });
const register = async (email: string) => {
  const res = await post('/rest/form', {
    type: 'course_application',
    form: {
      courseId: 'online-01-fs',
      name: 'Estudiante Uno',
      email,
      phone: '+34 600 000 000',
      experience: 'basic',
      motivation: 'Quiero aprender.',
    },
    context: { ...context, locale: 'es' },
    traps,
  });
  const { registration } = (await res.json()) as { registration: string };
  await post('/rest/checkout', {
    locale: 'es',
    form: { productId: 'online-01-fs', quantity: 1, name: 'Estudiante Uno', email, confirmEmail: email, registration },
    traps,
  });
  return registration;
};
const leadEmails = async () => (await ctx.database.db.select({ email: leads.email }).from(leads)).map((l) => l.email);

describe('the retention periods of the privacy policy', () => {
  it('removes each kind of record once its period is over, and nothing younger', async () => {
    await quote('old-quote@example.com');
    await quote('new-quote@example.com');
    await ctx.database.db
      .update(leads)
      .set({ createdAt: daysAgo(731) })
      .where(eq(leads.email, 'old-quote@example.com'));
    // Just inside each period, a record stays.
    await ctx.database.db
      .update(leads)
      .set({ createdAt: daysAgo(729) })
      .where(eq(leads.email, 'new-quote@example.com'));

    await signUp('never-confirmed@example.com');
    await signUp('just-signed-up@example.com');
    const [gone] = await ctx.database.db.select().from(authUser).where(eq(authUser.email, 'never-confirmed@example.com'));
    await ctx.database.db
      .update(authUser)
      .set({ createdAt: daysAgo(3) })
      .where(eq(authUser.id, gone!.id));
    await ctx.database.db
      .update(accountSignup)
      .set({ expiresAt: daysAgo(2) })
      .where(eq(accountSignup.userId, gone!.id));
    // Expired half a day ago: the code's day of grace is not over.
    const [recent] = await ctx.database.db.select().from(authUser).where(eq(authUser.email, 'just-signed-up@example.com'));
    await ctx.database.db
      .update(accountSignup)
      .set({ expiresAt: daysAgo(0.5) })
      .where(eq(accountSignup.userId, recent!.id));

    // Of an address signed up twice, the expired sign-up goes; the address and its newer one stay.
    await signUp('signed-up-twice@example.com');
    const [twice] = await ctx.database.db.select().from(authUser).where(eq(authUser.email, 'signed-up-twice@example.com'));
    await ctx.database.db
      .update(accountSignup)
      .set({ expiresAt: daysAgo(2) })
      .where(eq(accountSignup.userId, twice!.id));
    await signUp('signed-up-twice@example.com');

    // The application shares the user table (decision 013): an address it created and nobody
    // confirmed, with no sign-up of ours, is not the site's to remove, however old.
    await ctx.database.db.insert(authUser).values({
      id: 'app-made-user',
      email: 'made-by-the-app@example.com',
      name: 'App User',
      emailVerified: false,
      createdAt: daysAgo(30),
      updatedAt: daysAgo(30),
    });

    const oldRegistration = await register('old-student@example.com');
    const newRegistration = await register('new-student@example.com');
    await ctx.database.db
      .update(courseRegistrations)
      .set({ createdAt: daysAgo(6 * 366) })
      .where(eq(courseRegistrations.id, oldRegistration));
    await ctx.database.db
      .update(courseOrders)
      .set({ createdAt: daysAgo(6 * 366) })
      .where(eq(courseOrders.registrationId, oldRegistration));
    await ctx.database.db
      .update(courseRegistrations)
      .set({ createdAt: daysAgo(6 * 365) })
      .where(eq(courseRegistrations.id, newRegistration));
    await ctx.database.db
      .update(courseOrders)
      .set({ createdAt: daysAgo(6 * 365) })
      .where(eq(courseOrders.registrationId, newRegistration));

    const removed = await applyRetention(ctx.database.db);

    expect(removed).toMatchObject({ leads: 1, unconfirmedUsers: 1, courseRecords: { orders: 1, registrations: 1 } });
    const emails = await leadEmails();
    expect(emails).not.toContain('old-quote@example.com');
    // The trial lead of the address never confirmed goes with it.
    expect(emails).not.toContain('never-confirmed@example.com');
    expect(emails).toEqual(expect.arrayContaining(['new-quote@example.com', 'just-signed-up@example.com']));
    const users = (await ctx.database.db.select().from(authUser)).map((u) => u.email);
    expect(users.sort()).toEqual(['just-signed-up@example.com', 'made-by-the-app@example.com', 'signed-up-twice@example.com']);
    const twiceLeft = await ctx.database.db.select().from(accountSignup).where(eq(accountSignup.userId, twice!.id));
    expect(twiceLeft).toHaveLength(1);
    expect(twiceLeft[0]!.expiresAt.getTime()).toBeGreaterThan(Date.now());
    expect(await ctx.database.db.select().from(accountSignup).where(eq(accountSignup.userId, gone!.id))).toEqual([]);
    const registrations = (
      await ctx.database.db
        .select()
        .from(courseRegistrations)
        .where(inArray(courseRegistrations.id, [oldRegistration, newRegistration]))
    ).map((r) => r.id);
    expect(registrations).toEqual([newRegistration]);
    expect(await ctx.database.db.select().from(courseOrders).where(eq(courseOrders.registrationId, newRegistration))).toHaveLength(1);

    // A second run finds nothing more to remove.
    expect(await applyRetention(ctx.database.db)).toMatchObject({
      leads: 0,
      unconfirmedUsers: 0,
      courseRecords: { orders: 0, registrations: 0 },
    });
  });
});
