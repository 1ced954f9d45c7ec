import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, useApiDatabase } from '#tests/api-db';
import { SmtpSink, freePort } from '#tests/smtp-sink';
import { eventually } from '#tests/eventually';
import { registerHandlers, stopQueue } from '@/server/queue';
import { Queue } from '@/server/queue/queue';
import { createTransport } from '@/server/mail/transport';
import type { LeadRequest } from '../schema';
import { submitLead } from './leads-service';
import { leads } from '@/features/forms/server/leads-table';
import { renderMail, type MailJob } from '@/server/mail/mail';
import { callSlots } from '../call-time';

let ctx: Awaited<ReturnType<typeof useApiDatabase>>;
beforeAll(async () => {
  ctx = await useApiDatabase();
});
afterAll(() => ctx?.cleanup());

const context = { locale: 'fr' as const, page: '/fr/contact', referrer: 'https://search.example/', utm: { source: 'newsletter' } };
const traps = () => ({ website: '', elapsedMs: 10_000 });
const contact = (overrides: Record<string, unknown> = {}) => ({
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
    timeZone: 'America/Montreal',
    ...overrides,
  },
  context,
  traps: traps(),
});
const send = (body: unknown, ip = '192.0.2.1') =>
  ctx.api.request('/rest/form', { ...postJson(body), headers: { 'content-type': 'application/json', 'x-site-socket-ip': ip } });
const mailJobs = async (to: string) =>
  (await ctx.database.query(`select data from pgboss.job where name = 'mail-send' and data->>'to' = $1`, [to])).rows;

describe('POST /rest/form', () => {
  it('stores the lead with its context and consent, and queues both mails', async () => {
    const res = await send(contact());
    expect(res.status).toBe(200);
    const [lead] = await ctx.database.db.select().from(leads);
    expect(lead).toMatchObject({
      type: 'callback',
      locale: 'fr',
      email: 'camille@example.com',
      page: '/fr/contact',
      utm: { source: 'newsletter' },
      consent: { notice: 'Forms.consent', locale: 'fr', sha256: expect.stringMatching(/^[0-9a-f]{16}$/) },
    });
    expect(await mailJobs('sales@acme-digital.example')).toHaveLength(1);
    expect(await mailJobs('camille@example.com')).toHaveLength(1);
  });

  it('answers a honeypot hit as it answers a person, and keeps nothing', async () => {
    const before = (await ctx.database.db.select().from(leads)).length;
    const res = await send(
      { ...contact({ email: 'bot1@example.com' }), traps: { website: 'http://spam.example', elapsedMs: 10_000 } },
      '192.0.2.50',
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    expect((await ctx.database.db.select().from(leads)).length).toBe(before);
    expect(await mailJobs('bot1@example.com')).toHaveLength(0);
    expect(await mailJobs('sales@acme-digital.example')).toHaveLength(1); // the first test's only
  });

  it('keeps a form sent too soon (autofill is that fast) as suspected spam: same answer, no mail', async () => {
    const res = await send({ ...contact({ email: 'fast@example.com' }), traps: { website: '', elapsedMs: 500 } }, '192.0.2.51');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    const [lead] = await ctx.database.db.select().from(leads).where(eq(leads.email, 'fast@example.com'));
    expect(lead).toMatchObject({ type: 'callback', spam: 'too_fast', form: { name: 'Camille Martin' } });
    expect(await mailJobs('fast@example.com')).toHaveLength(0);
    expect(await mailJobs('sales@acme-digital.example')).toHaveLength(1); // the first test's only
  });

  it('keeps a fast form the visitor confirmed on the page as a lead like any other, mailed', async () => {
    const res = await send(
      { ...contact({ email: 'sure@example.com' }), traps: { website: '', elapsedMs: 500, confirmed: true } },
      '192.0.2.52',
    );
    expect(res.status).toBe(200);
    const [lead] = await ctx.database.db.select().from(leads).where(eq(leads.email, 'sure@example.com'));
    expect(lead).toMatchObject({ type: 'callback', spam: null });
    expect(await mailJobs('sure@example.com')).toHaveLength(1);
    expect(await mailJobs('sales@acme-digital.example')).toHaveLength(2);
  });

  it.each([
    [contact({ phone: '12-ab' }), 'form.phone', 'phoneFormat'],
    [contact({ name: 'Al' }), 'form.name', 'nameMin'],
    [contact({ email: 'camille' }), 'form.email', 'emailFormat'],
    [contact({ info: 'x'.repeat(5000) }), 'form.info', 'tooLong'],
    [contact({ admin: true }), 'form', undefined],
    [contact({ callAt: '' }), 'form.callAt', 'callTimeRequired'],
    // Saturday 7 March 2026, 11:00 in Madrid; Monday 9 March, 20:00; Monday 9 March, 8:30.
    [contact({ callAt: '2026-03-07T10:00:00.000Z' }), 'form.callAt', 'callTimeHours'],
    [contact({ callAt: '2026-03-09T19:00:00.000Z' }), 'form.callAt', 'callTimeHours'],
    [contact({ callAt: '2026-03-09T07:30:00.000Z' }), 'form.callAt', 'callTimeHours'],
    [contact({ callAt: 'tomorrow at ten' }), 'form.callAt', 'callTimeHours'],
    [contact({ kind: 'message', callAt: '2026-03-09T09:00:00.000Z' }), 'form.callAt', 'callTimeHours'],
    [contact({ timeZone: 'Mars/Olympus_Mons' }), 'form.timeZone', undefined],
    [{ ...contact(), type: 'newsletter' }, 'type', undefined],
    [{ type: 'demo', form: { name: 'Jo Doe', email: 'jo@example.com' }, context, traps: traps() }, 'form.message', undefined],
    [{ type: 'feedback', form: { comments: 42 }, context, traps: traps() }, 'form.comments', undefined],
  ])('refuses bad input with 422 and the field (%#)', async (body, path, message) => {
    const res = await send(body, '192.0.2.99');
    expect(res.status).toBe(422);
    const problem = (await res.json()) as { errors: { path: string; message: string }[] };
    const error = problem.errors.find((e) => e.path === path);
    expect(error, JSON.stringify(problem.errors)).toBeTruthy();
    if (message) expect(error!.message).toBe(message);
  });

  it('refuses a body that is not JSON', async () => {
    const res = await ctx.api.request('/rest/form', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'name=x' });
    expect(res.status).toBe(415);
  });

  it('limits forms per email address and per client address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await send(contact({ email: 'often@example.com' }), `198.51.100.${i}`)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const perIp: number[] = [];
    for (let i = 0; i < 6; i++) perIp.push((await send(contact({ email: `ip${i}@example.com` }), '203.0.113.77')).status);
    expect(perIp.slice(0, 5).every((s) => s === 200)).toBe(true);
    const limited = await send(contact({ email: 'ip9@example.com' }), '203.0.113.77');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('lead mails', () => {
  it('reach sales with every field, and the visitor in their language, also after SMTP was down', async () => {
    // The API's own queue writes mail to files; this test's worker sends through SMTP instead.
    await stopQueue();
    const port = await freePort();
    const queue = new Queue(ctx.database, { work: true, retryDelaySeconds: 1, pollingIntervalSeconds: 0.5 });
    await queue.start();
    await registerHandlers(queue, ctx.database, createTransport(`smtp://127.0.0.1:${port}?ignoreTLS=true`));
    const request = {
      type: 'demo',
      form: { name: 'Hans\r\nBcc: victim@example.com', email: 'hans@example.com', message: '<b>Hallo</b> & willkommen' },
      context: { ...context, locale: 'de', page: '/de/demo' },
      traps: traps(),
    } as LeadRequest;
    expect((await submitLead(ctx.database.db, queue, request, { ip: '192.0.2.200' })).stored).toBe(true);
    // SMTP is down: the first attempts of this lead's two mails fail and they wait in the queue.
    await eventually(async () => {
      const { rows } = await ctx.database.query(
        `select count(*)::int as n from pgboss.job where name = 'mail-send' and state = 'retry' and (data->>'to' = $1 or data->>'replyTo' = $1)`,
        ['hans@example.com'],
      );
      expect(rows[0]!.n).toBe(2);
    }, 20_000);

    const sink = new SmtpSink();
    await sink.start(port);
    // Their next try is 30 to 60 s away (the retry delay the API's own queue gave the mail queue
    // earlier in this file): bring it to now, as the clock would.
    await ctx.database.query(`update pgboss.job set start_after = now() where name = 'mail-send' and state = 'retry'`);
    // The queue also holds the earlier tests' mails; find ours.
    const mails = await (async () => {
      for (let i = 0; i < 100; i++) {
        const found = sink.messages.filter(
          (m) => JSON.stringify(m.to).includes('hans@example.com') || (m.replyTo && JSON.stringify(m.replyTo).includes('hans@example.com')),
        );
        if (found.length >= 2) return found;
        await new Promise((r) => setTimeout(r, 250));
      }
      throw new Error('lead mails did not arrive');
    })();
    const notification = mails.find((m) => (m.to as { text: string }).text === 'sales@acme-digital.example')!;
    const acknowledgement = mails.find((m) => (m.to as { text: string }).text === 'hans@example.com')!;
    expect(notification.subject).toMatch(/^New demo request from Hans/);
    expect(notification.text).toContain('<b>Hallo</b> & willkommen');
    expect(notification.html).toContain('&lt;b&gt;Hallo&lt;/b&gt; &amp; willkommen');
    expect(notification.headerLines.some((h) => h.key === 'bcc')).toBe(false);
    expect(acknowledgement.subject).toBe('Wir haben Ihre Anfrage erhalten');
    await queue.stop(2000);
    await sink.stop();
  });

  it("shows sales the preferred call time in Madrid time and in the visitor's own", async () => {
    const callAt = callSlots(new Date())[0]!.toISOString();
    const res = await send(contact({ email: 'eli@example.com', callAt, timeZone: 'Asia/Tokyo' }), '192.0.2.202');
    expect(res.status).toBe(200);
    const [stored] = (await ctx.database.db.select().from(leads)).filter((l) => l.email === 'eli@example.com');
    expect(stored!.form).toMatchObject({ callAt, timeZone: 'Asia/Tokyo' });
    const [job] = (
      await ctx.database.query(
        `select data from pgboss.job where name = 'mail-send' and data->>'template' = 'lead-notification' and data->>'replyTo' = $1`,
        ['eli@example.com'],
      )
    ).rows as { data: MailJob }[];
    const { text } = await renderMail(job!.data);
    expect(text).toMatch(/(Mon|Tues|Wednes|Thurs|Fri)day, \d+ \w+ \d{4} at (09|1\d):[03]0 CES?T \(Madrid time\)/);
    expect(text).toMatch(/ at \d\d:[03]0 GMT\+9 for the visitor \(Asia\/Tokyo\)/);
  });

  it('shows sales each field isolated from the others: right-to-left text cannot reorder what is around it', async () => {
    const res = await send(contact({ email: 'dana@example.com', info: 'שלום, I need an app' }), '192.0.2.201');
    expect(res.status).toBe(200);
    const [job] = (
      await ctx.database.query(
        `select data from pgboss.job where name = 'mail-send' and data->>'template' = 'lead-notification' and data->>'replyTo' = $1`,
        ['dana@example.com'],
      )
    ).rows as { data: MailJob }[];
    const { html } = await renderMail(job!.data);
    expect(html).toMatch(/<p[^>]*dir="auto"[^>]*>שלום, I need an app<\/p>/);
    expect(html).toMatch(/<p[^>]*dir="auto"[^>]*>Camille Martin<\/p>/);
  });

  it('names every field to sales in words, in a fixed order, with the lead linked in the office', async () => {
    const notification = async (replyTo: string) => {
      const [job] = (
        await ctx.database.query(
          `select data from pgboss.job where name = 'mail-send' and data->>'template' = 'lead-notification' and data->>'replyTo' = $1`,
          [replyTo],
        )
      ).rows as { data: MailJob }[];
      return renderMail(job!.data);
    };
    expect((await send(contact({ email: 'fields@example.com' }), '192.0.2.203')).status).toBe(200);
    const { text } = await notification('fields@example.com');
    // Each field by its name, in the order of the form, whatever order the lead's jsonb keeps.
    const labels = ['Name', 'Email', 'Phone', 'Company', 'Job title', 'Form', 'Call at', 'Message'];
    expect(text).toMatch(new RegExp(labels.map((label) => `\\n${label}\\n`).join('[\\s\\S]*')));
    expect(text).not.toMatch(/jobtitle|callAt|timeZone|\bcallback\b/i);
    expect(text).toContain('Call back');
    expect(text).toMatch(/\/office\/leads\/[\w-]+/);

    const quote = {
      type: 'quote',
      form: {
        need: 'cloud',
        timeline: 'quarter',
        budget: 'unknown',
        details: '',
        name: 'Quinn',
        email: 'quote-words@example.com',
        company: '',
      },
      context,
      traps: traps(),
    };
    expect((await send(quote, '192.0.2.204')).status).toBe(200);
    const quoted = (await notification('quote-words@example.com')).text;
    expect(quoted).toMatch(/\nNeed\n+Move to the cloud\n+Timeline\n+Within three months\n+Budget\n+Not sure yet\n/);
    expect(quoted).not.toMatch(/\n(cloud|quarter|unknown)\n/);
  });
});
