import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, useApiDatabase } from '#tests/api-db';
import { pdfFile } from '#tests/cv-files';
import { eventually } from '#tests/eventually';
import { officeClient } from '#tests/office';
import { unzipStored } from '#tests/unzip';
import { alertSubscriptions } from '@/features/alerts/server/alerts-table';
import { authUser } from '@/features/accounts/server/auth-tables';
import { uploads } from '@/features/applications/server/applications-table';
import { confirmTransfer } from '@/features/courses/server/orders-service';
import { loadCatalogueOnce } from '@/features/courses/server/courses-service';
import { courseInvoices, courseOrders, courseRegistrations, courses, courseWaitlist } from '@/features/courses/server/courses-table';
import { leads } from '@/features/forms/server/leads-table';
import { jobPostings } from '@/features/postings/server/postings-table';
import type { MailJob } from '@/server/mail/mail';
import { auditLog } from '@/server/office/audit-table';
import { inviteStaff } from '@/server/office/staff-service';
import type { OfficeRole } from '@/server/office/staff-tables';
import { queue } from '@/server/queue';
import { storage } from '@/server/storage/storage';
import { privacyRequests } from './privacy-table';
import { downloadCopy } from './privacy-copy';
import { applyPrivacyRetention } from './privacy-retention';
import { confirmPrivacyRequest, requestOfConfirmToken } from './privacy-service';

let ctx: Awaited<ReturnType<typeof useApiDatabase>>;
let office: ReturnType<typeof officeClient>;
beforeAll(async () => {
  ctx = await useApiDatabase();
  office = officeClient(ctx.api);
  await loadCatalogueOnce(ctx.database.db);
});
afterAll(() => ctx?.cleanup());

const COURSE = 'online-01-fs';
const DAY = 86_400_000;
const run = Date.now().toString(36);
let ipCounter = 0;
const headers = () => ({ 'content-type': 'application/json', 'x-site-socket-ip': `198.18.9.${++ipCounter % 250}` });
const post = async (path: string, body: unknown) => ctx.api.request(path, { ...postJson(body), headers: headers() });
const traps = { website: '', elapsedMs: 9000 };

/** The mails queued to an address, oldest first. */
async function mailsTo(email: string, template?: string): Promise<MailJob[]> {
  const { rows } = await ctx.database.query(
    `select data from pgboss.job where name = 'mail-send' and data->>'to' = $1 order by created_on, id`,
    [email],
  );
  return rows.map((r) => (r as { data: MailJob }).data).filter((m) => !template || m.template === template);
}

/** Everything a person can leave with the site: a demo request, an application with a CV, an alert, a trial sign-up, a paid course order, a job posting. */
async function leaveEverything(email: string, name: string, cv: Buffer) {
  expect(
    (await post('/rest/form', { type: 'demo', form: { name, email, message: 'Show me the product.' }, context: { locale: 'en' }, traps }))
      .status,
  ).toBe(200);

  const asked = await post('/rest/file/cv/uploadurl', {
    file: { filename: 'cv.pdf', mimetype: 'application/pdf', size: cv.length },
    email,
    info: '',
    locale: 'en',
  });
  const { uploadUrl, fileId } = (await asked.json()) as { uploadUrl: string; fileId: string };
  expect(
    (await ctx.api.request(uploadUrl, { method: 'PUT', headers: { 'content-type': 'application/pdf' }, body: new Uint8Array(cv) })).status,
  ).toBe(204);
  expect((await post('/rest/form', { type: 'cv', form: { fileId }, context: { locale: 'en' }, traps })).status).toBe(200);

  const search = { dashboard: 'all', queryText: `rust ${run}`, filters: {} };
  expect((await post('/rest/newsletter/subscribe', { email, search, frequency: 'weekly', locale: 'en' })).status).toBe(200);

  expect((await post('/rest/unconfirmeduser', { name, email, password: 'secret-password', locale: 'en', traps })).status).toBe(200);

  const registration = {
    type: 'course_application',
    form: { courseId: COURSE, name, email, phone: '+34 600 111 222', experience: 'basic', motivation: 'I want to build on AWS.' },
    context: { locale: 'en' },
    traps,
  };
  const registered = await post('/rest/form', registration);
  expect(registered.status).toBe(200);
  const registrationId = ((await registered.json()) as { registration: string }).registration;
  const checkout = await post('/rest/checkout', {
    locale: 'en',
    form: { productId: COURSE, quantity: 1, name, email, confirmEmail: email, registration: registrationId },
    traps,
  });
  expect(checkout.status).toBe(200);
  const order = ((await checkout.json()) as { order: string }).order;
  const [row] = await ctx.database.db.select().from(courseOrders).where(eq(courseOrders.id, order));
  await confirmTransfer(ctx.database.db, await queue(), row!.reference);

  const posting = {
    type: 'job_post',
    form: {
      contact_name: name,
      contact_email: email,
      company: 'Numbat Labs',
      position: 'Senior Rust engineer',
      dashboard: 'frontendjobs',
      industry: 'information_technology',
      remote_allowance: 'fullremote',
      candidate_location: 'europe',
      contract_type: 'permanent',
      work_schedule: 'fulltime',
      salary_min: '',
      salary_max: '',
      salary_currency: 'EUR',
      salary_period: 'year',
      location: 'Berlin',
      tags: 'Rust',
      description: 'We build compilers for small devices, in Rust, with a team of six across Europe.',
      apply: 'site',
      apply_url: '',
    },
    context: { locale: 'en' },
    traps,
  };
  expect((await post('/rest/form', posting)).status).toBe(200);
  return { order };
}

/** Asks on the site, as the page's form does. */
const ask = (email: string, kind: 'copy' | 'erasure', locale = 'en') =>
  post('/rest/form', { type: 'privacy_request', form: { email, kind }, context: { locale }, traps });

/** The token of the latest confirmation link mailed to the address. */
async function confirmToken(email: string): Promise<string> {
  const mails = await mailsTo(email, 'privacy-confirm');
  const url = String(mails.at(-1)!.props.url);
  return decodeURIComponent(url.split('/privacy/request/')[1]!);
}

const requestOf = async (email: string, kind: string) =>
  (await ctx.database.db.select().from(privacyRequests).where(eq(privacyRequests.email, email))).filter((r) => r.kind === kind).at(-1)!;

let n = 0;
async function member(role: OfficeRole) {
  const { link } = await inviteStaff(ctx.database.db, undefined, { email: `${role}-${++n}@staff.example`, role }, { actor: null });
  return office.enrol(link);
}

describe('privacy requests', () => {
  const ana = `ana.${run}@example.com`;
  const bob = `bob.${run}@example.com`;
  const anaCv = pdfFile('Ana Privacy CV');
  const bobCv = pdfFile('Bob Privacy CV');

  beforeAll(async () => {
    await leaveEverything(ana, 'Ana Privacy', anaCv);
    await leaveEverything(bob, 'Bob Privacy', bobCv);
    // The course is full now, and Ana waits for a seat (no offer can take one meanwhile).
    const [course] = await ctx.database.db.select().from(courses).where(eq(courses.id, COURSE));
    await ctx.database.db.update(courses).set({ spots: course!.spotsTaken }).where(eq(courses.id, COURSE));
    const waitlist = {
      type: 'course_waitlist',
      form: { courseId: COURSE, name: 'Ana Privacy', email: ana },
      context: { locale: 'en' },
      traps,
    };
    expect((await post('/rest/form', waitlist)).status).toBe(200);
  });

  it('does nothing until the mailed link is confirmed: only the address gets a mail', async () => {
    expect((await ask(ana.toUpperCase(), 'erasure', 'de')).status).toBe(200);
    const confirmMail = (await mailsTo(ana, 'privacy-confirm')).at(-1)!;
    expect(confirmMail.locale).toBe('de');
    expect(confirmMail.props.url).toMatch(/^http:\/\/localhost:3000\/de\/privacy\/request\/[\w-]+\.[\w-]{32}$/);
    const request = await requestOf(ana, 'erasure');
    expect(request.status).toBe('unconfirmed');
    // A while later, nothing of Ana's is gone and no work was queued.
    await new Promise((r) => setTimeout(r, 500));
    expect(await ctx.database.db.select().from(leads).where(eq(leads.email, ana))).toHaveLength(3);
    const { rows } = await ctx.database.query(`select 1 from pgboss.job where name = 'privacy-request'`);
    expect(rows).toHaveLength(0);
    // A forged or altered link confirms nothing.
    const token = await confirmToken(ana);
    expect(
      await confirmPrivacyRequest(ctx.database.db, await queue(), `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`, {
        ip: '192.0.2.1',
      }),
    ).toBe('invalid');
    // A week later the link has lapsed, and retention forgets the request.
    const later = new Date(request.createdAt.getTime() + 8 * DAY);
    expect(await requestOfConfirmToken(ctx.database.db, token, later)).toBeUndefined();
    expect(await confirmPrivacyRequest(ctx.database.db, await queue(), token, { ip: '192.0.2.1', now: later })).toBe('invalid');
    expect((await applyPrivacyRetention(ctx.database.db, later)).unconfirmed).toBeGreaterThanOrEqual(1);
    expect((await requestOf(ana, 'erasure')) ?? null).toBeNull();
  });

  it('mails a copy once confirmed: one zip with each kind of record and the CV, for 7 days', async () => {
    expect((await ask(ana, 'copy')).status).toBe(200);
    const token = await confirmToken(ana);
    expect(await requestOfConfirmToken(ctx.database.db, token)).toEqual({ kind: 'copy', status: 'unconfirmed' });
    expect(await confirmPrivacyRequest(ctx.database.db, await queue(), token, { ip: '192.0.2.1' })).toBe('confirmed');
    // Pressing again changes nothing.
    expect(await confirmPrivacyRequest(ctx.database.db, await queue(), token, { ip: '192.0.2.1' })).toBe('confirmed');
    const request = await requestOf(ana, 'copy');
    expect(request.dueAt!.getTime() - request.confirmedAt!.getTime()).toBe(30 * DAY);

    // The worker makes the copy and mails its link.
    const ready = await eventually(async () => {
      const [mail] = await mailsTo(ana, 'privacy-copy-ready');
      expect(mail).toBeDefined();
      return mail!;
    }, 60_000);
    const path = new URL(String(ready.props.url)).pathname;
    const res = await ctx.api.request(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    const files = unzipStored(Buffer.from(await res.arrayBuffer()));
    const data = JSON.parse(files.get('data.json')!.toString('utf8')) as {
      email: string;
      records: Record<string, Record<string, { email?: string }[]>>;
    };
    expect(data.email).toBe(ana);
    const kinds = Object.fromEntries(
      Object.entries(data.records).flatMap(([feature, byKind]) => Object.entries(byKind).map(([k, rows]) => [`${feature}.${k}`, rows])),
    );
    expect(kinds['forms.leads']!.map((l) => (l as { type: string }).type).sort()).toEqual(['cv', 'demo', 'trial']);
    expect(kinds['applications.cv_files']).toHaveLength(1);
    expect(kinds['alerts.alert_subscriptions']).toHaveLength(1);
    expect(kinds['accounts.trial_accounts']).toHaveLength(1);
    expect(kinds['courses.course_registrations']).toHaveLength(1);
    expect(kinds['courses.course_orders']).toMatchObject([{ status: 'paid', email: ana }]);
    expect(kinds['courses.course_invoices']).toMatchObject([{ data: { buyer: { name: 'Ana Privacy' } } }]);
    expect(kinds['courses.course_waitlist']).toMatchObject([{ status: 'waiting', email: ana }]);
    expect(kinds['postings.job_postings']).toHaveLength(1);
    // Only Ana's, never Bob's.
    expect(JSON.stringify(data)).not.toContain(bob);
    const cvs = [...files.keys()].filter((name) => name.startsWith('files/applications/'));
    expect(cvs).toHaveLength(1);
    expect(files.get(cvs[0]!)!.equals(anaCv)).toBe(true);

    // The link works for 7 days; then it is refused and the file deleted.
    const stored = (await requestOf(ana, 'copy'))!;
    expect(stored.status).toBe('ready');
    const afterAWeek = new Date(stored.fileExpiresAt!.getTime() + 1000);
    expect(await downloadCopy(ctx.database.db, path.split('/').at(-1)!, { ip: '192.0.2.1', now: afterAWeek })).toBeUndefined();
    expect((await applyPrivacyRetention(ctx.database.db, afterAWeek)).copies).toBe(1);
    expect(await (await storage()).read(stored.fileKey!, 10)).toBeNull();
    expect((await ctx.api.request(path)).status).toBe(404);
    expect((await requestOf(ana, 'copy')).status).toBe('expired');

    const steps = (await ctx.database.db.select().from(auditLog).where(eq(auditLog.record, stored.id))).map((r) => r.action);
    expect(steps).toEqual(
      expect.arrayContaining(['privacy.request.copy', 'privacy.confirm', 'privacy.copy', 'privacy.download', 'privacy.copy.expire']),
    );
  });

  it('erases everything of the address but a paid order, which keeps the name and amounts; others are left alone', async () => {
    const [ordered] = await ctx.database.db.select().from(courseOrders).where(eq(courseOrders.email, ana));
    const seatsBefore = (await ctx.database.db.select().from(courses).where(eq(courses.id, COURSE)))[0]!.spotsTaken;
    const [anaUpload] = await ctx.database.db.select().from(uploads).where(eq(uploads.email, ana));
    expect((await ask(ana, 'erasure', 'es')).status).toBe(200);
    expect(await confirmPrivacyRequest(ctx.database.db, await queue(), await confirmToken(ana), { ip: '192.0.2.1' })).toBe('confirmed');
    const done = await eventually(async () => {
      const request = await requestOf(ana, 'erasure');
      expect(request.status).toBe('done');
      return request;
    }, 60_000);

    expect(await ctx.database.db.select().from(leads).where(eq(leads.email, ana))).toEqual([]);
    expect(await ctx.database.db.select().from(uploads).where(eq(uploads.email, ana))).toEqual([]);
    expect(await (await storage()).read(anaUpload!.storageKey, 10)).toBeNull();
    expect(await ctx.database.db.select().from(alertSubscriptions).where(eq(alertSubscriptions.email, ana))).toEqual([]);
    expect(await ctx.database.db.select().from(authUser).where(eq(authUser.email, ana))).toEqual([]);
    expect(await ctx.database.db.select().from(courseRegistrations).where(eq(courseRegistrations.email, ana))).toEqual([]);
    expect(await ctx.database.db.select().from(courseWaitlist).where(eq(courseWaitlist.email, ana))).toEqual([]);
    expect(await ctx.database.db.select().from(jobPostings).where(eq(jobPostings.email, ana))).toEqual([]);
    // The paid order stays for the accountants, without the address or the registration's answers.
    const [kept] = await ctx.database.db.select().from(courseOrders).where(eq(courseOrders.id, ordered!.id));
    expect(kept).toMatchObject({
      name: 'Ana Privacy',
      email: '',
      registrationId: null,
      status: 'paid',
      amountCents: ordered!.amountCents,
      reference: ordered!.reference,
    });
    // Its invoice stays, as issued.
    const [invoice] = await ctx.database.db.select().from(courseInvoices).where(eq(courseInvoices.orderId, ordered!.id));
    expect(invoice!.data.buyer.name).toBe('Ana Privacy');
    // Its seat stays sold.
    expect((await ctx.database.db.select().from(courses).where(eq(courses.id, COURSE)))[0]!.spotsTaken).toBe(seatsBefore);
    // Only the answer to this request is still on its way to Ana, in her language, saying what was kept and why.
    const mails = await mailsTo(ana);
    expect(mails.map((m) => m.template)).toEqual(['privacy-erased']);
    expect(mails[0]!.locale).toBe('es');
    expect(mails[0]!.props.kept).toEqual([
      expect.objectContaining({ kind: 'course_orders', count: 1, ground: 'accounting', years: 6 }),
      expect.objectContaining({ kind: 'course_invoices', count: 1, ground: 'accounting', years: 6 }),
    ]);
    expect(Object.fromEntries(mails[0]!.props.deleted as [string, number][])).toMatchObject({
      leads: 3,
      cv_files: 1,
      alert_subscriptions: 1,
      trial_accounts: 1,
      course_registrations: 1,
      course_waitlist: 1,
      job_postings: 1,
      mails: expect.any(Number),
    });
    expect(done.outcome!.kept).toHaveLength(2);

    // Bob's records are all there.
    expect(await ctx.database.db.select().from(leads).where(eq(leads.email, bob))).toHaveLength(3);
    expect(await ctx.database.db.select().from(uploads).where(eq(uploads.email, bob))).toHaveLength(1);
    expect(await ctx.database.db.select().from(alertSubscriptions).where(eq(alertSubscriptions.email, bob))).toHaveLength(1);
    expect(await ctx.database.db.select().from(courseOrders).where(eq(courseOrders.email, bob))).toHaveLength(1);
    expect(await ctx.database.db.select().from(courseRegistrations).where(eq(courseRegistrations.email, bob))).toHaveLength(1);
    expect(await ctx.database.db.select().from(authUser).where(eq(authUser.email, bob))).toHaveLength(1);
    expect(await ctx.database.db.select().from(jobPostings).where(eq(jobPostings.email, bob))).toHaveLength(1);
    expect((await mailsTo(bob)).length).toBeGreaterThan(3);
  });

  it('shows admins the requests with their deadline and steps, lets them open one for an address, and no other role', async () => {
    const admin = await member('admin');
    const carol = `carol.${run}@example.com`;
    const opened = await office.call('POST', '/privacy-requests', { body: { email: carol, kind: 'copy', locale: 'it' }, jar: admin.jar });
    expect(opened.status).toBe(200);
    const { id } = (await opened.json()) as { id: string };
    expect((await mailsTo(carol, 'privacy-confirm'))[0]).toMatchObject({ locale: 'it' });

    const list = (await (await office.call('GET', '/privacy-requests', { jar: admin.jar })).json()) as {
      rows: { id: string; email: string; status: string; dueAt: string | null }[];
    };
    expect(list.rows[0]).toMatchObject({ id, email: carol, status: 'unconfirmed', dueAt: null });
    const erased = list.rows.find((r) => r.email === ana && r.status === 'done')!;
    expect(erased.dueAt).not.toBeNull();

    const detail = (await (await office.call('GET', `/privacy-requests/${erased.id}`, { jar: admin.jar })).json()) as {
      steps: { action: string }[];
      outcome: { kept: unknown[] };
    };
    expect(detail.steps.map((s) => s.action)).toEqual(['privacy.request.erasure', 'privacy.confirm', 'privacy.erase']);
    expect(detail.outcome.kept).toHaveLength(2);
    const opening = (await ctx.database.db.select().from(auditLog).where(eq(auditLog.record, id)))[0]!;
    expect(opening).toMatchObject({ actor: admin.id, action: 'privacy.request.copy' });

    for (const role of ['sales', 'recruiting', 'training'] as const) {
      const other = await member(role);
      expect((await office.call('GET', '/privacy-requests', { jar: other.jar })).status).toBe(403);
      expect(
        (await office.call('POST', '/privacy-requests', { body: { email: carol, kind: 'erasure', locale: 'en' }, jar: other.jar })).status,
      ).toBe(403);
    }
  });

  it('pages the list 50 at a time, newest first, and shows each request past its deadline however far back it is', async () => {
    const admin = await member('admin');
    // Sixty answered requests from months ago, a day apart but for ten asked at the same moment
    // across the end of the first page; the oldest confirmed and never answered; one confirmed
    // whose deadline is still to come.
    const old: (typeof privacyRequests.$inferInsert)[] = Array.from({ length: 60 }, (_, i) => {
      const createdAt = new Date(Date.now() - (100 + (i >= 40 && i < 50 ? 40 : i)) * DAY);
      return {
        id: `paged-${run}-${String(i).padStart(2, '0')}`,
        kind: 'copy',
        email: `paged.${i}.${run}@example.com`,
        locale: 'en',
        status: 'done',
        createdAt,
        confirmedAt: createdAt,
        dueAt: new Date(createdAt.getTime() + 30 * DAY),
        completedAt: new Date(createdAt.getTime() + DAY),
      };
    });
    old[59] = { ...old[59]!, status: 'confirmed', completedAt: null };
    old[0] = { ...old[0]!, status: 'confirmed', completedAt: null, dueAt: new Date(Date.now() + 5 * DAY) };
    await ctx.database.db.insert(privacyRequests).values(old);
    const newestFirst = [...old].sort((a, b) => b.createdAt!.getTime() - a.createdAt!.getTime() || (b.id < a.id ? -1 : 1)).map((r) => r.id);

    type Page = { rows: { id: string }[]; next: string | null; overdue: { id: string; overdue: boolean }[]; overdueCount: number };
    const pages: Page[] = [];
    let after: string | null | undefined = '';
    for (let i = 0; after !== null && i < 5; i++) {
      const res = await office.call('GET', `/privacy-requests${after ? `?after=${encodeURIComponent(after)}` : ''}`, { jar: admin.jar });
      expect(res.status).toBe(200);
      const page = (await res.json()) as Page;
      pages.push(page);
      after = page.next;
    }
    expect(after).toBeNull();
    expect(pages[0]!.rows).toHaveLength(50);
    const listed = pages.flatMap((p) => p.rows.map((r) => r.id));
    expect(new Set(listed).size).toBe(listed.length);
    // Every one of them, once, newest first (the same moment by id), the ten of one moment across two pages.
    expect(listed.filter((id) => id.startsWith(`paged-${run}-`))).toEqual(newestFirst);
    const tied = pages.map((p) => p.rows.filter((r) => r.id.startsWith(`paged-${run}-4`)).length);
    expect(tied).toHaveLength(2);
    expect(tied.every((n) => n > 0) && tied[0]! + tied[1]! === 10).toBe(true);
    // The one past its deadline is above the list on every page; the one still in time is not.
    for (const page of pages) {
      expect(page.overdue.map((r) => r.id)).toEqual([old[59]!.id]);
      expect(page.overdue[0]!.overdue).toBe(true);
      expect(page.overdueCount).toBe(1);
    }

    // A cursor that is not one shows the first page; one too long to be one is refused.
    const first = (await (await office.call('GET', '/privacy-requests?after=nonsense', { jar: admin.jar })).json()) as Page;
    expect(first.rows.map((r) => r.id)).toEqual(pages[0]!.rows.map((r) => r.id));
    expect((await office.call('GET', `/privacy-requests?after=${'x'.repeat(201)}`, { jar: admin.jar })).status).toBe(422);
  });
});
