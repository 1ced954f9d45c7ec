import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, useApiDatabase } from '#tests/api-db';
import { officeClient } from '#tests/office';
import { auditLog } from '@/server/office/audit-table';
import { inviteStaff } from '@/server/office/staff-service';
import { queue } from '@/server/queue';
import { OFFICE_ROLES, type OfficeRole } from '@/server/office/staff-tables';
import { callSlots } from '@/features/leads/call-time';
import { SALES_KINDS } from './inbox-schema';
import { leads } from './leads-table';

let ctx: Awaited<ReturnType<typeof useApiDatabase>>;
let office: ReturnType<typeof officeClient>;
beforeAll(async () => {
  ctx = await useApiDatabase();
  office = officeClient(ctx.api);
});
afterAll(() => ctx?.cleanup());

let n = 0;
async function member(role: OfficeRole) {
  const { link } = await inviteStaff(ctx.database.db, undefined, { email: `${role}-${++n}@staff.example`, role }, { actor: null });
  return office.enrol(link);
}

const contactForm = (overrides: Record<string, unknown> = {}) => ({
  type: 'contact',
  form: {
    kind: 'callback',
    name: 'Camille Martin',
    email: 'camille@example.com',
    phone: '+33 6 12 34 56 78',
    company: 'Exemple SA',
    jobtitle: 'CTO',
    info: 'Please call me about a mobile app.',
    callAt: callSlots(new Date())[0]!.toISOString(),
    timeZone: 'Europe/Paris',
    ...overrides,
  },
  context: { locale: 'fr', page: '/fr/contact', referrer: '', utm: { source: 'newsletter', campaign: 'autumn' } },
  traps: { website: '', elapsedMs: 10_000 },
});

async function insertLeads(count: number, type = 'demo', at = Date.UTC(2026, 0, 1)) {
  const rows = Array.from({ length: count }, (_, i) => ({
    id: randomUUID(),
    type,
    locale: 'en',
    email: `bulk-${type}-${i}@example.com`,
    form: { name: `Bulk ${i}`, company: i % 2 ? 'Odd Ltd' : 'Even Ltd' },
    page: '/',
    referrer: '',
    utm: {},
    // Pairs share a time: paging must not skip or repeat rows of the same instant.
    createdAt: new Date(at + Math.floor(i / 2) * 1000),
  }));
  await ctx.database.db.insert(leads).values(rows);
  return rows;
}

describe('the sales inbox', () => {
  it('shows a lead sent on the public form, lets sales work it, and records each step', async () => {
    const sales = await member('sales');
    const colleague = await member('sales');
    const sent = await ctx.api.request('/rest/form', {
      ...postJson(contactForm()),
      headers: { 'content-type': 'application/json', 'x-site-socket-ip': '192.0.2.9' },
    });
    expect(sent.status).toBe(200);

    const list = (await (await office.call('GET', '/leads?q=exemple', { jar: sales.jar })).json()) as {
      rows: { id: string; name: string; type: string; status: string; source: string }[];
    };
    expect(list.rows).toHaveLength(1);
    const [row] = list.rows;
    expect(row).toMatchObject({ name: 'Camille Martin', type: 'callback', status: 'new', source: 'newsletter' });
    const id = row!.id;

    // Lost needs a reason.
    expect((await office.call('PATCH', `/leads/${id}`, { body: { status: 'lost' }, jar: sales.jar })).status).toBe(422);
    expect((await office.call('PATCH', `/leads/${id}`, { body: { assigneeId: colleague.id }, jar: sales.jar })).status).toBe(200);
    expect((await office.call('PATCH', `/leads/${id}`, { body: { status: 'contacted' }, jar: sales.jar })).status).toBe(200);
    expect(
      (await office.call('POST', `/leads/${id}/notes`, { body: { body: 'Called, wants a quote next week.' }, jar: sales.jar })).status,
    ).toBe(200);

    const detail = (await (await office.call('GET', `/leads/${id}`, { jar: sales.jar })).json()) as {
      lead: { status: string; assigneeId: string; consent: { notice: string }; utm: Record<string, string> };
      notes: { body: string; authorId: string }[];
      mails: { what: string; to: string }[];
      person: unknown[];
    };
    expect(detail.lead).toMatchObject({
      status: 'contacted',
      assigneeId: colleague.id,
      consent: { notice: 'Forms.consent' },
      utm: { campaign: 'autumn' },
    });
    expect(detail.notes).toEqual([expect.objectContaining({ body: 'Called, wants a quote next week.', authorId: sales.id })]);

    const unassigned = (await (await office.call('GET', '/leads?assignee=none&q=exemple', { jar: sales.jar })).json()) as {
      rows: unknown[];
    };
    expect(unassigned.rows).toHaveLength(0);
    const mine = (await (await office.call('GET', `/leads?assignee=${colleague.id}&status=contacted`, { jar: sales.jar })).json()) as {
      rows: { id: string }[];
    };
    expect(mine.rows.map((r) => r.id)).toEqual([id]);

    const csv = await office.call('GET', '/leads/export?q=exemple', { jar: sales.jar });
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const text = await csv.text();
    expect(text.trim().split('\r\n')).toHaveLength(2);
    expect(text).toContain('"Camille Martin"');
    // With the work on it: the call time asked for, where it stands, who has it and the notes.
    const [header, exported] = text.trim().split('\r\n') as [string, string];
    const cells = Object.fromEntries(header.split(',').map((name, i) => [name, exported.split('","')[i]?.replace(/^"|"$/g, '')]));
    expect(cells).toMatchObject({
      call_at: contactForm().form.callAt,
      type: 'Call back',
      status: 'Contacted',
      assignee: 'Member 2',
      notes: 'Called, wants a quote next week.',
    });

    // The call-back as a calendar invitation for whoever calls.
    const ics = await office.call('GET', `/leads/${id}/call.ics`, { jar: sales.jar });
    expect(ics.headers.get('content-type')).toMatch(/^text\/calendar/);
    const event = await ics.text();
    expect(event).toContain(`DTSTART:${contactForm().form.callAt.replace(/[-:]/g, '').replace('.000', '')}`);
    expect(event).toContain('SUMMARY:Call back Camille Martin (Exemple SA)');
    const recruiter = await member('recruiting');
    expect((await office.call('GET', `/leads/${id}/call.ics`, { jar: recruiter.jar })).status).toBe(403);

    const actions = (await ctx.database.db.select().from(auditLog).where(eq(auditLog.actor, sales.id))).map(
      (r) => `${r.action} ${r.record}`,
    );
    expect(actions).toEqual(
      expect.arrayContaining([
        `lead.assign ${id}`,
        `lead.status ${id}`,
        `lead.note ${id}`,
        `lead.view ${id}`,
        `lead.export 1 leads: ${SALES_KINDS.join(', ')}`,
      ]),
    );
  });

  it('lists the person’s other records with the same address', async () => {
    const sales = await member('sales');
    const first = await ctx.api.request('/rest/form', {
      ...postJson(contactForm({ email: 'repeat@example.com' })),
      headers: { 'content-type': 'application/json', 'x-site-socket-ip': '192.0.2.10' },
    });
    expect(first.status).toBe(200);
    const second = await ctx.api.request('/rest/form', {
      ...postJson(contactForm({ email: 'repeat@example.com', info: 'Second message' })),
      headers: { 'content-type': 'application/json', 'x-site-socket-ip': '192.0.2.11' },
    });
    expect(second.status).toBe(200);
    const { rows } = (await (await office.call('GET', '/leads?q=repeat%40', { jar: sales.jar })).json()) as { rows: { id: string }[] };
    expect(rows).toHaveLength(2);
    const detail = (await (await office.call('GET', `/leads/${rows[0]!.id}`, { jar: sales.jar })).json()) as {
      person: { id: string; officePath: string }[];
    };
    expect(detail.person).toEqual([expect.objectContaining({ id: rows[1]!.id, officePath: `/office/leads/${rows[1]!.id}` })]);
  });

  it('pages newest first without skipping or repeating, filtered by kind', async () => {
    const sales = await member('sales');
    const made = await insertLeads(125, 'quote');
    const seen: string[] = [];
    let after: string | null = '';
    while (after !== null) {
      const page = (await (
        await office.call('GET', `/leads?kind=quote${after ? `&after=${encodeURIComponent(after)}` : ''}`, { jar: sales.jar })
      ).json()) as {
        rows: { id: string; type: string }[];
        next: string | null;
      };
      expect(page.rows.every((r) => r.type === 'quote')).toBe(true);
      seen.push(...page.rows.map((r) => r.id));
      after = page.next;
    }
    expect(seen).toHaveLength(125);
    expect(new Set(seen)).toEqual(new Set(made.map((m) => m.id)));
  });

  it('ends at a full last page: no link to a page with nothing on it', async () => {
    const sales = await member('sales');
    // A day of its own: no other test's leads on it.
    await insertLeads(100, 'callback', Date.UTC(2020, 5, 1));
    const sizes: number[] = [];
    let after: string | null = '';
    while (after !== null) {
      const day = 'kind=callback&from=2020-06-01&to=2020-06-01';
      const res = await office.call('GET', `/leads?${day}${after ? `&after=${encodeURIComponent(after)}` : ''}`, { jar: sales.jar });
      const page = (await res.json()) as { rows: unknown[]; next: string | null };
      sizes.push(page.rows.length);
      after = page.next;
    }
    expect(sizes).toEqual([50, 50]);
  });

  it('never shows sales an application or a CV, whatever kind the filter names, and names the kinds it exports', async () => {
    const sales = await member('sales');
    const admin = await member('admin');
    const day = Date.UTC(2020, 7, 3);
    const candidates = [...(await insertLeads(2, 'job_application', day)), ...(await insertLeads(2, 'cv', day))];
    await insertLeads(1, 'demo', day);
    const dayQuery = 'from=2020-08-03&to=2020-08-03';
    // Nor by its id: a candidate's lead page, its status and its notes are not the inbox's.
    for (const { id } of candidates) {
      expect((await office.call('GET', `/leads/${id}`, { jar: sales.jar })).status).toBe(404);
      expect((await office.call('PATCH', `/leads/${id}`, { body: { status: 'contacted' }, jar: sales.jar })).status).toBe(404);
      expect((await office.call('POST', `/leads/${id}/notes`, { body: { body: 'Seen.' }, jar: sales.jar })).status).toBe(404);
    }
    for (const who of [sales, admin]) {
      for (const kind of ['job_application', 'cv', 'unknown_kind', 'JOB_APPLICATION']) {
        for (const path of [`/leads?kind=${kind}&${dayQuery}`, `/leads/export?kind=${kind}&${dayQuery}`]) {
          const res = await office.call('GET', path, { jar: who.jar });
          expect(res.status, path).toBe(422);
          expect(await res.text()).not.toContain('bulk-');
        }
      }
      const all = (await (await office.call('GET', `/leads?${dayQuery}`, { jar: who.jar })).json()) as { rows: { type: string }[] };
      expect(all.rows.map((r) => r.type)).toEqual(['demo']);
      const csv = await (await office.call('GET', `/leads/export?${dayQuery}`, { jar: who.jar })).text();
      expect(csv).toContain('bulk-demo-0@example.com');
      expect(csv).not.toMatch(/bulk-(job_application|cv)-/);
    }
    await office.call('GET', `/leads/export?kind=demo&${dayQuery}`, { jar: sales.jar });
    const exports = (await ctx.database.db.select().from(auditLog).where(eq(auditLog.actor, sales.id)))
      .filter((r) => r.action === 'lead.export')
      .map((r) => r.record);
    expect(exports).toEqual([`1 leads: ${SALES_KINDS.join(', ')}`, '1 leads: demo']);
  });

  it('lists and exports only the sales kinds, to sales and admins, whatever kind is asked for', async () => {
    const members = Object.fromEntries(await Promise.all(OFFICE_ROLES.map(async (role) => [role, await member(role)] as const)));
    const day = Date.UTC(2020, 8, 9);
    await insertLeads(1, 'job_application', day);
    await insertLeads(1, 'cv', day);
    const dayQuery = 'from=2020-09-09&to=2020-09-09';
    const failures: string[] = [];
    for (const kind of [...SALES_KINDS, 'job_application', 'cv', 'unknown']) {
      for (const role of OFFICE_ROLES) {
        for (const path of [`/leads/export?kind=${kind}&${dayQuery}`, `/leads?kind=${kind}&${dayQuery}`]) {
          const res = await office.call('GET', path, { jar: members[role]!.jar });
          const expected = role !== 'sales' && role !== 'admin' ? 403 : (SALES_KINDS as readonly string[]).includes(kind) ? 200 : 422;
          if (res.status !== expected) failures.push(`${path} as ${role}: ${res.status}, not ${expected}`);
          if ((await res.text()).includes('bulk-')) failures.push(`${path} as ${role}: a candidate in the answer`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('shows on a lead’s page only the person’s records the member’s role opens: sales no application', async () => {
    const [salesMember, recruiter, admin] = [await member('sales'), await member('recruiting'), await member('admin')];
    const email = 'both-desks@example.com';
    const lead = (id: string, type: string, minutes: number) => ({
      id,
      type,
      locale: 'en',
      email,
      form: { name: 'Both Desks' },
      page: '/',
      referrer: '',
      utm: {},
      createdAt: new Date(Date.UTC(2021, 2, 4, 10, minutes)),
    });
    const [demo, quote, application, cv] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    await ctx.database.db
      .insert(leads)
      .values([lead(demo, 'demo', 0), lead(quote, 'quote', 1), lead(application, 'job_application', 2), lead(cv, 'cv', 3)]);
    // A lead's page reads its deliveries from the queue's tables.
    await queue();
    type Person = { person: { kind: string; id: string; officePath?: string }[] };
    const person = async (path: string, who: { jar: unknown }) =>
      ((await (await office.call('GET', path, { jar: who.jar as never })).json()) as Person).person.map((p) => `${p.kind} ${p.officePath}`);
    expect(await person(`/leads/${demo}`, salesMember)).toEqual([`quote /office/leads/${quote}`]);
    expect(await person(`/leads/${demo}`, admin)).toEqual([
      `cv /office/applicants/${cv}`,
      `job_application /office/applicants/${application}`,
      `quote /office/leads/${quote}`,
    ]);
    // And the recruiters see the person's applications, not what they asked sales.
    expect(await person(`/applicants/${application}`, recruiter)).toEqual([`cv /office/applicants/${cv}`]);
  });

  it('is closed to roles other than sales and admin', async () => {
    const recruiter = await member('recruiting');
    const admin = await member('admin');
    expect((await office.call('GET', '/leads', { jar: recruiter.jar })).status).toBe(403);
    expect((await office.call('GET', '/leads', { jar: admin.jar })).status).toBe(200);
  });

  it('shows the spam folder to sales, and releases a form from it once, mailing then', async () => {
    const sales = await member('sales');
    const hasty = { ...contactForm({ email: 'hasty@example.com', company: 'Autofill Ltd' }), traps: { website: '', elapsedMs: 900 } };
    const sent = await ctx.api.request('/rest/form', {
      ...postJson(hasty),
      headers: { 'content-type': 'application/json', 'x-site-socket-ip': '192.0.2.30' },
    });
    expect(sent.status).toBe(200);
    const mailsTo = async (to: string) =>
      (await ctx.database.query(`select 1 from pgboss.job where name = 'mail-send' and data->>'to' = $1`, [to])).rows.length;
    expect(await mailsTo('hasty@example.com')).toBe(0);
    // Not in the inbox; in the spam folder.
    expect(((await (await office.call('GET', '/leads?q=autofill', { jar: sales.jar })).json()) as { rows: unknown[] }).rows).toEqual([]);
    const folder = (await (await office.call('GET', '/spam', { jar: sales.jar })).json()) as {
      rows: { id: string; email: string; reason: string }[];
    };
    const row = folder.rows.find((r) => r.email === 'hasty@example.com')!;
    expect(row.reason).toBe('too_fast');

    expect((await office.call('POST', `/spam/${row.id}/release`, { jar: sales.jar })).status).toBe(200);
    expect(await mailsTo('hasty@example.com')).toBe(1);
    expect((await office.call('POST', `/spam/${row.id}/release`, { jar: sales.jar })).status).toBe(404);
    expect(await mailsTo('hasty@example.com')).toBe(1);
    expect(((await (await office.call('GET', '/leads?q=autofill', { jar: sales.jar })).json()) as { rows: unknown[] }).rows).toHaveLength(
      1,
    );
    const actions = (await ctx.database.db.select().from(auditLog).where(eq(auditLog.actor, sales.id))).map(
      (r) => `${r.action} ${r.record}`,
    );
    expect(actions).toContain(`lead.not_spam ${row.id}`);
    const recruiter = await member('recruiting');
    expect((await office.call('GET', '/spam', { jar: recruiter.jar })).status).toBe(403);
  });
});
