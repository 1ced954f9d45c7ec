import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leads } from '@/features/forms/server/leads-table';
import { createTestDatabase, type TestDatabase } from '#tests/test-db';
import { dashboardFor } from './dashboard';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t?.drop());

// Wednesday 2026-11-25, 10:00 UTC: this week starts on Monday the 23rd.
const now = new Date('2026-11-25T10:00:00Z');
const lead = (type: string, at: string, extra: Partial<typeof leads.$inferInsert> = {}) => ({
  id: randomUUID(),
  type,
  locale: 'en',
  email: `${randomUUID()}@example.com`,
  form: { name: 'Someone' },
  page: '/',
  referrer: '',
  utm: {},
  createdAt: new Date(at),
  ...extra,
});

describe('the dashboard', () => {
  it('counts per week what each role may see, with the work waiting and this week by kind, language and source', async () => {
    await t.database.db.insert(leads).values([
      lead('contact', '2026-11-23T00:00:01Z', { locale: 'es', utm: { source: 'newsletter' } }),
      lead('demo', '2026-11-24T12:00:00Z', { status: 'contacted', assigneeId: 'someone' }),
      lead('quote', '2026-11-22T23:59:59Z'), // Sunday: last week
      lead('contact', '2026-09-01T12:00:00Z'), // 12 weeks before
      lead('contact', '2026-08-01T12:00:00Z'), // older than the 13 weeks shown
      lead('contact', '2026-11-24T12:00:00Z', { spam: 'too_fast' }), // in no series: counted as the spam folder's
      lead('cv', '2026-11-24T12:00:00Z', { spam: 'too_fast' }), // a CV in the spam folder: admins only
      lead('job_application', '2026-11-24T12:00:00Z'),
    ]);
    const sales = await dashboardFor(t.database.db, 'sales', now);
    expect(sales.weeks).toHaveLength(13);
    expect(sales.weeks.at(-1)).toBe('2026-11-23');
    const leadsSeries = sales.series.find((s) => s.key === 'leads')!;
    expect(leadsSeries.counts.at(-1)).toBe(2);
    expect(leadsSeries.counts.at(-2)).toBe(1);
    expect(leadsSeries.counts.reduce((a, b) => a + b, 0)).toBe(4);
    expect(sales.series.map((s) => s.key)).not.toContain('applications');
    expect(Object.fromEntries(sales.waiting.map((w) => [w.key, w.count]))).toMatchObject({ newLeads: 4, unassigned: 4, spam: 1 }); // waiting work has no period: the old ones too
    expect(sales.waiting.find((w) => w.key === 'spam')).toMatchObject({ href: '/office/spam' });
    const admin = await dashboardFor(t.database.db, 'admin', now);
    expect(admin.waiting.filter((w) => w.key === 'spam').map((w) => w.count)).toEqual([2]);
    // Orders waiting for a transfer lead to that list of orders.
    expect(sales.waiting.find((w) => w.key === 'awaitingPayment')).toMatchObject({ href: '/office/orders?status=awaiting_transfer' });
    const split = Object.fromEntries(sales.breakdowns.map((b) => [b.key, Object.fromEntries(b.rows)]));
    expect(split.byKind).toEqual({ contact: 1, demo: 1 });
    expect(split.byLanguage).toEqual({ es: 1, en: 1 });
    expect(split.bySource).toEqual({ newsletter: 1, '': 1 });

    const recruiting = await dashboardFor(t.database.db, 'recruiting', now);
    expect(recruiting.series.map((s) => s.key)).not.toContain('leads');
    expect(recruiting.series.find((s) => s.key === 'applications')!.counts.at(-1)).toBe(1);
    expect(recruiting.waiting.map((w) => w.key)).not.toContain('newLeads');
    expect(recruiting.waiting.map((w) => w.key)).not.toContain('spam');
    expect(recruiting.breakdowns).toEqual([]);
  });

  it("counts the trial sign-ups' leads per week, the spam folder's left out", async () => {
    // A year on: the leads above are out of its 13 weeks.
    const later = new Date('2027-11-24T10:00:00Z');
    await t.database.db
      .insert(leads)
      .values([
        lead('trial', '2027-11-23T12:00:00Z'),
        lead('trial', '2027-11-23T12:00:00Z', { spam: 'too_fast' }),
        lead('trial', '2027-11-17T12:00:00Z'),
        lead('contact', '2027-11-23T12:00:00Z'),
      ]);
    const sales = await dashboardFor(t.database.db, 'sales', later);
    const trials = sales.series.find((s) => s.key === 'trialsStarted')!;
    expect(trials.counts.slice(-2)).toEqual([1, 1]);
    expect(trials.counts.reduce((a, b) => a + b, 0)).toBe(2);
  });
});
