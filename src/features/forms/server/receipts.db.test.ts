import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useApiDatabase } from '#tests/api-db';
import { loadCatalogueOnce } from '@/features/courses/server/courses-service';
import { courseRegistrations, courses } from '@/features/courses/server/courses-table';
import { applyRetention } from '@/server/retention';
import { leads } from './leads-table';
import { formReceipts } from './receipts-table';

// A form whose answer never reached the visitor (the process died after the commit, the network
// dropped) is sent again by the page with the same Idempotency-Key: answered as the first time,
// stored once.

let ctx: Awaited<ReturnType<typeof useApiDatabase>>;
beforeAll(async () => {
  ctx = await useApiDatabase();
  await loadCatalogueOnce(ctx.database.db);
});
afterAll(() => ctx?.cleanup());

let n = 0;
const send = (body: unknown, key?: string) =>
  ctx.api.request('/rest/form', {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json', 'x-site-socket-ip': `192.0.2.${++n}`, ...(key ? { 'idempotency-key': key } : {}) },
  });
const demo = (email: string) => ({
  type: 'demo',
  form: { name: 'Noa Idem', email, message: 'Show me the product.' },
  context: { locale: 'en' },
  traps: { website: '', elapsedMs: 5000 },
});
const leadsOf = async (email: string) => (await ctx.database.db.select().from(leads).where(eq(leads.email, email))).length;
const notifications = async (email: string) =>
  (await ctx.database.query(`select count(*)::int as n from pgboss.job where name = 'mail-send' and data->>'replyTo' = $1`, [email]))
    .rows[0]!.n;

describe('POST /rest/form with an Idempotency-Key', () => {
  it('stores a form sent twice with one key once, and answers both alike', async () => {
    const key = 'k1-aaaaaaaaaaaaaaaaaaaa';
    const first = await send(demo('twice@example.com'), key);
    const again = await send(demo('twice@example.com'), key);
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(await again.json()).toEqual(await first.json());
    expect(await leadsOf('twice@example.com')).toBe(1);
    expect(await notifications('twice@example.com')).toBe(1);
  });

  it('stores it once when both arrive at the same moment', async () => {
    const key = 'k2-bbbbbbbbbbbbbbbbbbbb';
    const answers = await Promise.all([send(demo('racing@example.com'), key), send(demo('racing@example.com'), key)]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    expect(await leadsOf('racing@example.com')).toBe(1);
  });

  it('answers a course registration sent again with the same registration, one seat taken', async () => {
    const course = 'online-01-fs';
    const taken = async () => (await ctx.database.db.select().from(courses).where(eq(courses.id, course)))[0]!.spotsTaken;
    const before = await taken();
    const body = {
      type: 'course_application',
      form: { courseId: course, name: 'Ona Idem', email: 'ona@example.com', phone: '+34 600 000 000', experience: 'basic', motivation: '' },
      context: { locale: 'es' },
      traps: { website: '', elapsedMs: 20_000 },
    };
    const first = (await (await send(body, 'k3-cccccccccccccccccccc')).json()) as { registration: string };
    const again = (await (await send(body, 'k3-cccccccccccccccccccc')).json()) as { registration: string };
    expect(again.registration).toBe(first.registration);
    expect(await taken()).toBe(before + 1);
    expect(await ctx.database.db.select().from(courseRegistrations).where(eq(courseRegistrations.email, 'ona@example.com'))).toHaveLength(
      1,
    );
  });

  it('answers both presses alike when they race for the last seat', async () => {
    const course = 'online-01-fs';
    const [row] = await ctx.database.db.select().from(courses).where(eq(courses.id, course));
    await ctx.database.db
      .update(courses)
      .set({ spotsTaken: row!.spots - 1 })
      .where(eq(courses.id, course));
    const body = {
      type: 'course_application',
      form: {
        courseId: course,
        name: 'Lia Last',
        email: 'last-seat@example.com',
        phone: '+34 600 000 001',
        experience: 'none',
        motivation: '',
      },
      context: { locale: 'es' },
      traps: { website: '', elapsedMs: 20_000 },
    };
    const answers = await Promise.all([send(body, 'k6-ffffffffffffffffffff'), send(body, 'k6-ffffffffffffffffffff')]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    const [a, b] = (await Promise.all(answers.map((r) => r.json()))) as { registration: string }[];
    expect(b!.registration).toBe(a!.registration);
    const [after] = await ctx.database.db.select().from(courses).where(eq(courses.id, course));
    expect(after!.spotsTaken).toBe(after!.spots);
  });

  it('stores forms with other keys, or none, each time', async () => {
    await send(demo('many@example.com'), 'k4-dddddddddddddddddddd');
    await send(demo('many@example.com'), 'k5-eeeeeeeeeeeeeeeeeeee');
    await send(demo('many@example.com'));
    expect(await leadsOf('many@example.com')).toBe(3);
  });

  it('refuses a malformed key and stores nothing', async () => {
    const res = await send(demo('badkey@example.com'), 'short');
    expect(res.status).toBe(422);
    expect(await leadsOf('badkey@example.com')).toBe(0);
  });

  it('forgets receipts after a day: the hourly retention removes them', async () => {
    await ctx.database.db
      .update(formReceipts)
      .set({ createdAt: new Date(Date.now() - 25 * 3600 * 1000) })
      .where(eq(formReceipts.key, 'k1-aaaaaaaaaaaaaaaaaaaa'));
    await applyRetention(ctx.database.db);
    const left = (await ctx.database.db.select().from(formReceipts)).map((r) => r.key);
    expect(left).not.toContain('k1-aaaaaaaaaaaaaaaaaaaa');
    expect(left).toContain('k2-bbbbbbbbbbbbbbbbbbbb');
  });
});
