import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, useApiDatabase } from '#tests/api-db';
import { pdfFile } from '#tests/cv-files';

// Forms sent sooner than people usually manage (browser autofill does it) are kept as suspected
// spam: the visitor is answered as always, nobody is mailed and the CRM is not called until staff
// release the form, once; staff who never do see it deleted after 30 days (decision 030).

// The CRM delivery is part of what a lead holds; nothing listens here (a delivery just retries).
process.env.LEADS_WEBHOOK_URL = 'http://127.0.0.1:9/leads';
process.env.LEADS_WEBHOOK_SECRET = 'crm-shared-secret-0123456789';

let ctx: Awaited<ReturnType<typeof useApiDatabase>>;
beforeAll(async () => {
  ctx = await useApiDatabase();
  const { loadCatalogueOnce } = await import('@/features/courses/server/courses-service');
  await loadCatalogueOnce(ctx.database.db);
});
afterAll(async () => {
  // The API's queue works jobs (the CRM deliveries retry): stopped before its database closes.
  const { stopQueue } = await import('@/server/queue');
  await stopQueue();
  await ctx?.cleanup();
});

const FAST = { website: '', elapsedMs: 700 };
const SLOW = { website: '', elapsedMs: 9000 };
const COURSE = 'online-01-fs';
const SALES = 'sales@acme-digital.example';
let ip = 0;
const send = (path: string, body: unknown) =>
  ctx.api.request(path, { ...postJson(body), headers: { 'content-type': 'application/json', 'x-site-socket-ip': `198.51.100.${++ip}` } });
const context = { locale: 'de' as const, page: '/de/contact', referrer: '', utm: {} };
const quote = (email: string, traps = FAST) => ({
  type: 'quote',
  form: { need: 'cloud', timeline: 'asap', budget: 'unknown', details: 'Migrate our shop', name: 'Greta Schulz', email, company: '' },
  context,
  traps,
});
const registration = (email: string, traps = FAST) => ({
  type: 'course_application',
  form: {
    courseId: COURSE,
    name: 'Estudiante Rápido',
    email,
    phone: '+34 600 000 000',
    experience: 'basic',
    motivation: 'Quiero aprender.',
  },
  context: { ...context, locale: 'es' as const, page: `/sp/education/${COURSE}/register` },
  traps,
});

/** The queued mails to `to`, and CRM deliveries of `leadId`. */
const mailsTo = async (to: string) =>
  (await ctx.database.query(`select data from pgboss.job where name = 'mail-send' and data->>'to' = $1`, [to])).rows.map(
    (r) => r.data as { key: string; template: string; props: Record<string, unknown>; attachments?: unknown[] },
  );
const webhooksOf = async (leadId: string) =>
  (await ctx.database.query(`select data from pgboss.job where name = 'lead-webhook' and singleton_key = $1`, [`lead-webhook:${leadId}`]))
    .rows;
const salesMailsAbout = async (id: string) => (await mailsTo(SALES)).filter((m) => m.key.endsWith(`:${id}`));

async function leadOf(email: string) {
  const { leads } = await import('./leads-table');
  return (await ctx.database.db.select().from(leads).where(eq(leads.email, email)))[0];
}
async function release(id: string) {
  const { queue } = await import('@/server/queue');
  const { releaseLead } = await import('./submissions');
  const { releaseSuspectedRegistration } = await import('@/features/courses/server/registrations-service');
  const q = await queue();
  return (await releaseLead(ctx.database.db, q, id)) || (await releaseSuspectedRegistration(ctx.database.db, q, id));
}

describe('a lead form sent too soon', () => {
  it('is answered as always, kept marked as suspected spam, and mails nobody nor calls the CRM', async () => {
    const res = await send('/rest/form', quote('greta@example.com'));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    const lead = await leadOf('greta@example.com');
    expect(lead).toMatchObject({ type: 'quote', spam: 'too_fast', form: { details: 'Migrate our shop' } });
    expect(await mailsTo('greta@example.com')).toEqual([]);
    expect(await salesMailsAbout(lead!.id)).toEqual([]);
    expect(await webhooksOf(lead!.id)).toEqual([]);

    // In the spam folder, not in the leads list or the export.
    const { listSpamLeads } = await import('./submissions');
    const { findLeadsSince } = await import('./leads-repository');
    expect((await listSpamLeads(ctx.database.db)).map((l) => l.id)).toContain(lead!.id);
    expect((await findLeadsSince(ctx.database.db, new Date(0))).map((l) => l.id)).not.toContain(lead!.id);
  });

  it('once released by staff goes the normal way: the sales mail, the acknowledgement and the CRM delivery, exactly once', async () => {
    await send('/rest/form', quote('hanna@example.com'));
    const lead = await leadOf('hanna@example.com');
    // A lead that went through, for comparison: the released one gets the same mails.
    await send('/rest/form', quote('normal@example.com', SLOW));
    const normal = await leadOf('normal@example.com');

    expect(await release(lead!.id)).toBe(true);
    expect(await release(lead!.id)).toBe(false);

    expect(await leadOf('hanna@example.com')).toMatchObject({ spam: null, held: null });
    const acks = await mailsTo('hanna@example.com');
    expect(acks.map((m) => m.template)).toEqual(['lead-acknowledgement']);
    expect(acks[0]!.props).toEqual((await mailsTo('normal@example.com'))[0]!.props);
    const sales = await salesMailsAbout(lead!.id);
    expect(sales.map((m) => m.template)).toEqual(['lead-notification']);
    expect(sales[0]!.props).toMatchObject({ type: 'quote', name: 'Greta Schulz' });
    expect((await salesMailsAbout(normal!.id)).map((m) => m.template)).toEqual(['lead-notification']);
    const [webhook] = await webhooksOf(lead!.id);
    expect(JSON.parse((webhook!.data as { body: string }).body)).toMatchObject({
      id: lead!.id,
      type: 'quote',
      form: { details: 'Migrate our shop' },
    });
    expect(await webhooksOf(lead!.id)).toHaveLength(1);
  });

  it('is not released when it is not in the spam folder', async () => {
    await send('/rest/form', quote('went-through@example.com', SLOW));
    const lead = await leadOf('went-through@example.com');
    expect(await release(lead!.id)).toBe(false);
    expect(await release('no-such-lead')).toBe(false);
    expect(await salesMailsAbout(lead!.id)).toHaveLength(1);
  });

  it('still drops a honeypot hit', async () => {
    const res = await send('/rest/form', quote('honeypot@example.com', { website: 'https://spam.example', elapsedMs: 9000 }));
    expect(res.status).toBe(200);
    expect(await leadOf('honeypot@example.com')).toBeUndefined();
  });
});

describe('a CV sent too soon', () => {
  it('keeps its file, mails nobody, and when released mails the recruiters (with the CV) and the candidate', async () => {
    const email = 'lena@example.com';
    const bytes = pdfFile();
    const asked = await send('/rest/file/cv/uploadurl', {
      file: { filename: 'cv.pdf', mimetype: 'application/pdf', size: bytes.length },
      email,
      info: '',
      locale: 'de',
    });
    const target = (await asked.json()) as { uploadUrl: string; fileId: string };
    expect(
      (
        await ctx.api.request(target.uploadUrl, {
          method: 'PUT',
          headers: { 'content-type': 'application/pdf' },
          body: new Uint8Array(bytes),
        })
      ).status,
    ).toBe(204);
    const res = await send('/rest/form', { type: 'cv', form: { fileId: target.fileId }, context, traps: FAST });
    expect(res.status).toBe(200);
    const lead = await leadOf(email);
    expect(lead).toMatchObject({ type: 'cv', spam: 'too_fast' });
    expect(await mailsTo(email)).toEqual([]);
    expect(await salesMailsAbout(lead!.id)).toEqual([]);

    expect(await release(lead!.id)).toBe(true);
    expect((await mailsTo(email)).map((m) => m.template)).toEqual(['application-acknowledgement']);
    const [notification] = await salesMailsAbout(lead!.id);
    expect(notification).toMatchObject({
      template: 'application-notification',
      attachments: [expect.objectContaining({ filename: 'cv.pdf' })],
    });
  });
});

describe('a course registration sent too soon', () => {
  const seatsTaken = async () => {
    const { courses } = await import('@/features/courses/server/courses-table');
    return (await ctx.database.db.select().from(courses).where(eq(courses.id, COURSE)))[0]!.spotsTaken;
  };
  const registrationRow = async (id: string) => {
    const { courseRegistrations } = await import('@/features/courses/server/courses-table');
    return (await ctx.database.db.select().from(courseRegistrations).where(eq(courseRegistrations.id, id)))[0];
  };

  it('answers its id as always, holds no seat and mails nobody; its checkout takes the seat', async () => {
    const before = await seatsTaken();
    const res = await send('/rest/form', registration('rapido@example.com'));
    expect(res.status).toBe(200);
    const { registration: id } = (await res.json()) as { registration: string };
    expect(await registrationRow(id)).toMatchObject({ spam: 'too_fast', releasedAt: expect.any(Date), holdUntil: null });
    expect(await seatsTaken()).toBe(before);
    expect(await mailsTo('rapido@example.com')).toEqual([]);
    expect(await salesMailsAbout(id)).toEqual([]);

    // The person goes on to pay: the order takes the seat, as for any registration without one.
    const checkout = await send('/rest/checkout', {
      locale: 'es',
      form: {
        productId: COURSE,
        quantity: 1,
        name: 'Estudiante Rápido',
        email: 'rapido@example.com',
        confirmEmail: 'rapido@example.com',
        registration: id,
      },
      traps: SLOW,
    });
    expect(checkout.status).toBe(200);
    expect(await seatsTaken()).toBe(before + 1);
  });

  it('once released takes its seat with a hold and sends its two mails, exactly once', async () => {
    const before = await seatsTaken();
    const res = await send('/rest/form', registration('liberada@example.com'));
    const { registration: id } = (await res.json()) as { registration: string };
    expect(await release(id)).toBe(true);
    expect(await release(id)).toBe(false);
    expect(await seatsTaken()).toBe(before + 1);
    const row = await registrationRow(id);
    expect(row).toMatchObject({ spam: null, releasedAt: null, holdUntil: expect.any(Date) });
    const mails = await mailsTo('liberada@example.com');
    expect(mails.map((m) => m.template)).toEqual(['course-registration']);
    expect(mails[0]!.props).toMatchObject({ holdUntil: row!.holdUntil!.toISOString() });
    expect((await salesMailsAbout(id)).map((m) => m.key)).toEqual([`course-registration-notification:${id}`]);
  });

  it('is refused like any other when the course is full', async () => {
    const { courses } = await import('@/features/courses/server/courses-table');
    const taken = await seatsTaken();
    await ctx.database.db.update(courses).set({ spots: taken }).where(eq(courses.id, COURSE));
    expect((await send('/rest/form', registration('lleno@example.com'))).status).toBe(409);
    await ctx.database.db
      .update(courses)
      .set({ spots: taken + 20 })
      .where(eq(courses.id, COURSE));
  });
});

describe('the spam folder retention', () => {
  it('deletes suspected spam after 30 days, and not before; leads that went through stay', async () => {
    const { leads } = await import('./leads-table');
    const { courseRegistrations } = await import('@/features/courses/server/courses-table');
    const { applyRetention } = await import('@/server/retention');
    const DAY = 24 * 3600 * 1000;
    const age = async (email: string, days: number) => {
      const createdAt = new Date(Date.now() - days * DAY);
      await ctx.database.db.update(leads).set({ createdAt }).where(eq(leads.email, email));
      await ctx.database.db.update(courseRegistrations).set({ createdAt }).where(eq(courseRegistrations.email, email));
    };
    await send('/rest/form', quote('old-spam@example.com'));
    await send('/rest/form', quote('young-spam@example.com'));
    await send('/rest/form', quote('old-person@example.com', SLOW));
    const old = await send('/rest/form', registration('old-spam@example.com'));
    const young = await send('/rest/form', registration('young-spam@example.com'));
    const oldCv = await leadOf('lena@example.com');
    const oldUpload = (await ctx.database.query(`select storage_key from uploads where lead_id = $1`, [oldCv!.id])).rows[0]!
      .storage_key as string;
    // Released above: no longer suspected, so its 30 days do not apply.
    await ctx.database.query(`update leads set spam = 'too_fast' where id = $1`, [oldCv!.id]);
    await age('old-spam@example.com', 31);
    await age('young-spam@example.com', 29);
    await age('old-person@example.com', 31);
    await age('lena@example.com', 31);

    const removed = await applyRetention(ctx.database.db);
    expect(removed).toMatchObject({ spamLeads: 1, spamRegistrations: 1, applications: { applications: 1 } });
    expect(await leadOf('old-spam@example.com')).toBeUndefined();
    expect(await leadOf('lena@example.com')).toBeUndefined();
    expect(existsSync(path.join(process.env.DATA_DIR!, 'uploads', oldUpload))).toBe(false);
    expect(await leadOf('young-spam@example.com')).toMatchObject({ spam: 'too_fast' });
    expect(await leadOf('old-person@example.com')).toMatchObject({ spam: null });
    const ids = async (res: Response) => ((await res.json()) as { registration: string }).registration;
    const left = await ctx.database.db.select({ id: courseRegistrations.id }).from(courseRegistrations);
    expect(left.map((r) => r.id)).not.toContain(await ids(old));
    expect(left.map((r) => r.id)).toContain(await ids(young));
  });
});
