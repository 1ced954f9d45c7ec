import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, useApiDatabase } from '#tests/api-db';
import { alertSubscriptions } from './alerts-table';
import { subscriptionToken } from './tokens';

let ctx: Awaited<ReturnType<typeof useApiDatabase>>;
beforeAll(async () => {
  ctx = await useApiDatabase();
});
afterAll(() => ctx?.cleanup());

const search = { dashboard: 'all', queryText: 'go', filters: { contract_type: 'freelance' } };
const stored = async (email: string) =>
  (await ctx.database.db.select().from(alertSubscriptions).where(eq(alertSubscriptions.email, email)))[0];

describe('alerts API', () => {
  it('subscribes, answering the same for a new and a known address', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await ctx.api.request(
        '/rest/newsletter/subscribe',
        postJson({ email: 'eva@example.com', search, frequency: 'monthly', locale: 'de' }),
      );
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ ok: true });
    }
    expect(await stored('eva@example.com')).toMatchObject({ status: 'pending', frequency: 'monthly', locale: 'de' });
  });

  it('mails one address at most three confirmations a day, whatever the searches', async () => {
    for (const q of ['a1', 'b2', 'c3', 'd4', 'e5']) {
      const res = await ctx.api.request(
        '/rest/newsletter/subscribe',
        postJson({ email: 'target@example.com', search: { ...search, queryText: q } }),
      );
      expect(res.status).toBe(200);
    }
    const { rows } = await ctx.database.query(
      `select count(*)::int as n from pgboss.job where name = 'mail-send' and data->>'to' = 'target@example.com'`,
    );
    expect(rows[0]!.n).toBe(3);
  });

  it('limits subscriptions per client address, whatever X-Forwarded-For says', async () => {
    const from = (i: number) => ({
      ...postJson({ email: `n${i}@example.com`, search }),
      headers: { 'content-type': 'application/json', 'x-site-socket-ip': '203.0.113.9', 'x-forwarded-for': `198.51.100.${i}` },
    });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await ctx.api.request('/rest/newsletter/subscribe', from(i))).status);
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    const limited = await ctx.api.request('/rest/newsletter/subscribe', from(99));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it.each([
    [{ email: 'not-an-email', search }, 'email'],
    [{ email: 'a@example.com', search: { dashboard: 'moon' } }, 'search.dashboard'],
    [{ email: 'a@example.com', search, frequency: 'daily' }, 'frequency'],
  ])('refuses %j with 422 and stores nothing', async (body, path) => {
    const res = await ctx.api.request('/rest/newsletter/subscribe', postJson(body));
    expect(res.status).toBe(422);
    expect(((await res.json()) as { errors: { path: string }[] }).errors.map((e) => e.path)).toContain(path);
    expect(await stored('a@example.com')).toBeUndefined();
  });

  it('changes, pauses and deletes through the token, and nothing without it', async () => {
    const sub = (await stored('eva@example.com'))!;
    await ctx.database.db.update(alertSubscriptions).set({ status: 'active' }).where(eq(alertSubscriptions.id, sub.id));
    const token = subscriptionToken(sub.id);
    const patch = (t: string, body: object) =>
      ctx.api.request(`/rest/newsletter/subscriptions/${t}`, { ...postJson(body), method: 'PATCH' });
    expect(await (await patch(token, { frequency: 'quarterly', paused: true })).json()).toMatchObject({
      frequency: 'quarterly',
      status: 'paused',
    });
    expect((await patch(`${sub.id}.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`, { paused: false })).status).toBe(404);
    expect((await ctx.api.request(`/rest/newsletter/subscriptions/${token}`, { method: 'DELETE' })).status).toBe(204);
    expect(await stored('eva@example.com')).toBeUndefined();
  });

  it('unsubscribes in one click: a form POST without cookies (RFC 8058)', async () => {
    await ctx.api.request('/rest/newsletter/subscribe', postJson({ email: 'olga@example.com', search }));
    const token = subscriptionToken((await stored('olga@example.com'))!.id);
    const res = await ctx.api.request(`/rest/newsletter/unsubscribe/${token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    expect(await stored('olga@example.com')).toBeUndefined();
    // Again (a mail client retrying): still fine. A forged token: not found.
    expect((await ctx.api.request(`/rest/newsletter/unsubscribe/${token}`, { method: 'POST' })).status).toBe(200);
    expect((await ctx.api.request('/rest/newsletter/unsubscribe/abcdefghij.forged', { method: 'POST' })).status).toBe(404);
  });
});
