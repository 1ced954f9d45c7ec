import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, useApiDatabase } from '../../../../tests/support/api-db';
import { alertSubscriptions } from './alerts-table';
import { subscriptionToken } from './tokens';

let ctx: Awaited<ReturnType<typeof useApiDatabase>>;
beforeAll(async () => {
  ctx = await useApiDatabase();
});
afterAll(() => ctx?.cleanup());

const search = { dashboard: 'all', queryText: 'go', filters: { contract_type: 'freelance' } };
const stored = async (email: string) => (await ctx.database.db.select().from(alertSubscriptions).where(eq(alertSubscriptions.email, email)))[0];

describe('alerts API', () => {
  it('subscribes, answering the same for a new and a known address', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await ctx.api.request('/rest/newsletter/subscribe', postJson({ email: 'eva@example.com', search, frequency: 'monthly', locale: 'de' }));
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ ok: true });
    }
    expect(await stored('eva@example.com')).toMatchObject({ status: 'pending', frequency: 'monthly', locale: 'de' });
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
    const patch = (t: string, body: object) => ctx.api.request(`/rest/newsletter/subscriptions/${t}`, { ...postJson(body), method: 'PATCH' });
    expect(await (await patch(token, { frequency: 'quarterly', paused: true })).json()).toMatchObject({ frequency: 'quarterly', status: 'paused' });
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
