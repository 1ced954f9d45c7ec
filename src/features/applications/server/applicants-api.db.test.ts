import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, useApiDatabase } from '#tests/api-db';
import { docxFile, pdfFile } from '#tests/cv-files';
import { jobInput } from '#tests/job-factory';
import { officeClient, type CookieJar } from '#tests/office';
import { importJobs } from '@/features/jobs/server/import-jobs';
import { leads } from '@/features/forms/server/leads-table';
import { renderMail, type MailJob } from '@/server/mail/mail';
import { Queue } from '@/server/queue/queue';
import { applyRetention } from '@/server/retention';
import { auditLog } from '@/server/office/audit-table';
import { dashboardFor } from '@/server/office/dashboard';
import { inviteStaff } from '@/server/office/staff-service';
import type { OfficeRole } from '@/server/office/staff-tables';
import { CV_TYPES } from '../schema';
import { cvToken } from './applicant-cv';
import { applicantBoard, countApplicants } from './applicants';
import { APPLICANT_STATUSES } from './applicants-schema';
import { eraseLead, readLeadCv } from './applications-service';
import { withdrawApplication, withdrawalOf, withdrawUrl } from './withdrawals';

let ctx: Awaited<ReturnType<typeof useApiDatabase>>;
let office: ReturnType<typeof officeClient>;
let jobId: string;
beforeAll(async () => {
  ctx = await useApiDatabase();
  office = officeClient(ctx.api);
  await importJobs(ctx.database.db, [jobInput({ external_id: 'pipeline-1', position: 'Data Engineer', company: 'Nimbus' })]);
  jobId = (await ctx.database.query(`select id from jobs where external_id = 'pipeline-1'`)).rows[0]!.id as string;
});
afterAll(() => ctx?.cleanup());

let n = 0;
async function member(role: OfficeRole) {
  const { link } = await inviteStaff(ctx.database.db, undefined, { email: `${role}-${++n}@staff.example`, role }, { actor: null });
  return office.enrol(link);
}

let ipCounter = 0;
const headers = () => ({ 'content-type': 'application/json', 'x-site-socket-ip': `198.18.7.${++ipCounter % 250}` });

/** Uploads a CV and sends the form as a candidate's browser does; answers the stored lead's id. */
async function apply({
  name,
  email,
  locale = 'en',
  file = pdfFile(),
  type = CV_TYPES[0] as string,
  onSpec = false,
}: {
  name: string;
  email: string;
  locale?: 'en' | 'es' | 'fr' | 'de' | 'it';
  file?: Buffer;
  type?: string;
  onSpec?: boolean;
}): Promise<string> {
  const asked = await ctx.api.request('/rest/file/cv/uploadurl', {
    ...postJson({
      file: { filename: type === CV_TYPES[0] ? 'cv.pdf' : 'cv.docx', mimetype: type, size: file.length },
      email,
      info: '',
      locale,
    }),
    headers: headers(),
  });
  expect(asked.status).toBe(200);
  const { uploadUrl, fileId } = (await asked.json()) as { uploadUrl: string; fileId: string };
  expect((await ctx.api.request(uploadUrl, { method: 'PUT', headers: { 'content-type': type }, body: new Uint8Array(file) })).status).toBe(
    204,
  );
  const context = { locale, page: `/${locale}/careers`, referrer: '', utm: {} };
  const traps = { website: '', elapsedMs: 8000 };
  const body = onSpec
    ? { type: 'cv', form: { fileId }, context, traps }
    : {
        type: 'job_application',
        form: {
          target: { kind: 'job', id: jobId },
          name,
          email,
          position: 'Data Engineer',
          phone: '+34 600 123 456',
          currentLocation: 'Valencia',
          residence: 'Spain',
          availabilityWeeks: 4,
          noticePeriod: 'One month',
          fileId,
        },
        context,
        traps,
      };
  const sent = await ctx.api.request('/rest/form', { ...postJson(body), headers: headers() });
  expect(sent.status).toBe(200);
  const [lead] = await ctx.database.db.select({ id: leads.id }).from(leads).where(eq(leads.email, email));
  return lead!.id;
}

type Page = { rows: { id: string; name: string; status: string; type: string; target: string; locale: string }[]; next: string | null };
const list = async (jar: CookieJar, query = '') => (await (await office.call('GET', `/applicants${query}`, { jar })).json()) as Page;

const decisionMails = async (id: string) =>
  (
    await ctx.database.query(`select data from pgboss.job where name = 'mail-send' and data->>'key' like $1`, [`applicant-%:${id}`])
  ).rows.map((r) => r.data as MailJob);

const actionsOf = async (actor: string) =>
  (await ctx.database.db.select().from(auditLog).where(eq(auditLog.actor, actor))).map((r) => `${r.action} ${r.record}`);

describe('the applicants', () => {
  it('lists applications and CVs on spec, filtered and searched, never sales leads', async () => {
    const recruiter = await member('recruiting');
    const ana = await apply({ name: 'Ana Pipeline', email: 'ana.pipeline@example.com', locale: 'es' });
    const luis = await apply({ name: '', email: 'luis.pipeline@example.com', onSpec: true, file: docxFile(), type: CV_TYPES[2] });
    await ctx.database.db.insert(leads).values({
      id: randomUUID(),
      type: 'contact',
      locale: 'en',
      email: 'sales.lead@example.com',
      form: { name: 'Not an applicant' },
      page: '/',
      referrer: '',
      utm: {},
    });

    const all = await list(recruiter.jar, '?q=pipeline');
    expect(all.rows.map((r) => r.id)).toEqual([luis, ana]);
    expect(all.rows[1]).toMatchObject({ name: 'Ana Pipeline', status: 'new', type: 'job_application', target: 'Nimbus - Data Engineer' });
    expect((await list(recruiter.jar)).rows.some((r) => r.name === 'Not an applicant')).toBe(false);
    expect((await list(recruiter.jar, `?target=job:${jobId}&q=pipeline`)).rows.map((r) => r.id)).toEqual([ana]);
    expect((await list(recruiter.jar, '?target=cv&q=pipeline')).rows.map((r) => r.id)).toEqual([luis]);
    expect((await list(recruiter.jar, '?locale=es&q=ana.pipeline')).rows.map((r) => r.id)).toEqual([ana]);
    expect((await list(recruiter.jar, '?status=rejected&q=pipeline')).rows).toEqual([]);
    expect((await list(recruiter.jar, '?from=2000-01-01&to=2000-01-02&q=pipeline')).rows).toEqual([]);
    // The new ones wait for the recruiters on their dashboard, not for sales.
    const waiting = async (role: OfficeRole) => (await dashboardFor(ctx.database.db, role)).waiting.map((w) => w.key);
    expect(await waiting('recruiting')).toContain('newApplicants');
    expect(await waiting('sales')).not.toContain('newApplicants');
  });

  it('shows a job’s applicants as a board by status, each column newest first, and counts them for the job’s page', async () => {
    const recruiter = await member('recruiting');
    const first = await apply({ name: 'Board One', email: 'board.one@example.com', locale: 'es' });
    const second = await apply({ name: 'Board Two', email: 'board.two@example.com' });
    const third = await apply({ name: 'Board Three', email: 'board.three@example.com' });
    await office.call('PATCH', `/applicants/${first}`, { body: { status: 'shortlisted' }, jar: recruiter.jar });
    const db = ctx.database.db;
    // The status filter does not narrow a board: its columns are the statuses.
    const board = await applicantBoard(db, { target: `job:${jobId}`, q: 'board.', status: 'hired' });
    expect(board.map((c) => c.status)).toEqual([...APPLICANT_STATUSES]);
    const column = (b: typeof board, status: string) => b.find((c) => c.status === status)!;
    expect(column(board, 'shortlisted')).toMatchObject({ total: 1, cards: [{ id: first, name: 'Board One', locale: 'es' }] });
    expect(column(board, 'new').cards.map((c) => c.id)).toEqual([third, second]);
    expect(column(board, 'hired')).toEqual({ status: 'hired', total: 0, cards: [] });
    // A long column shows its newest cards and counts them all.
    const capped = await applicantBoard(db, { target: `job:${jobId}`, q: 'board.' }, 1);
    expect(column(capped, 'new')).toMatchObject({ total: 2, cards: [{ id: third }] });
    const everyone = await applicantBoard(db, { target: `job:${jobId}` });
    expect(await countApplicants(db, `job:${jobId}`)).toBe(everyone.reduce((sum, c) => sum + c.total, 0));
    expect(await countApplicants(db, 'job:no-such-job')).toBe(0);
  });

  it('pages newest first without skipping or repeating', async () => {
    const recruiter = await member('recruiting');
    const at = Date.UTC(2025, 5, 1);
    const made = Array.from({ length: 105 }, (_, i) => ({
      id: randomUUID(),
      type: i % 3 ? 'job_application' : 'cv',
      locale: 'de',
      email: `paged-${i}@example.com`,
      form: { name: `Paged ${i}` },
      page: '/',
      referrer: '',
      utm: {},
      // Pairs share a time: paging must not skip or repeat rows of the same instant.
      createdAt: new Date(at + Math.floor(i / 2) * 1000),
    }));
    await ctx.database.db.insert(leads).values(made);
    const seen: string[] = [];
    let after: string | null = '';
    while (after !== null) {
      const page: Page = await list(recruiter.jar, `?locale=de${after ? `&after=${encodeURIComponent(after)}` : ''}`);
      seen.push(...page.rows.map((r) => r.id));
      after = page.next;
    }
    expect(seen).toHaveLength(105);
    expect(new Set(seen)).toEqual(new Set(made.map((m) => m.id)));
  });

  it('shows an applicant, moves them on and notes it, all in the audit log', async () => {
    const recruiter = await member('recruiting');
    const id = await apply({ name: 'Bea Detail', email: 'bea.detail@example.com' });
    expect((await office.call('PATCH', `/applicants/${id}`, { body: { status: 'reviewing' }, jar: recruiter.jar })).status).toBe(200);
    expect((await office.call('POST', `/applicants/${id}/notes`, { body: { body: 'Strong SQL.' }, jar: recruiter.jar })).status).toBe(200);
    // Only rejected, interview and offer can mail.
    expect((await office.call('PATCH', `/applicants/${id}`, { body: { status: 'hired', mail: true }, jar: recruiter.jar })).status).toBe(
      422,
    );
    const detail = (await (await office.call('GET', `/applicants/${id}`, { jar: recruiter.jar })).json()) as {
      lead: { status: string; consent: { notice: string } };
      notes: { body: string }[];
      cv: { filename: string; contentType: string };
    };
    expect(detail.lead).toMatchObject({ status: 'reviewing', consent: { notice: 'Forms.consent' } });
    expect(detail.notes).toEqual([expect.objectContaining({ body: 'Strong SQL.' })]);
    expect(detail.cv).toMatchObject({ filename: 'cv.pdf', contentType: 'application/pdf' });
    expect(await decisionMails(id)).toEqual([]);
    expect(await actionsOf(recruiter.id)).toEqual(
      expect.arrayContaining([`applicant.status ${id}`, `applicant.note ${id}`, `applicant.view ${id}`]),
    );
  });

  it('tells the candidate in their language, with the recruiter’s note', async () => {
    const recruiter = await member('recruiting');
    const id = await apply({ name: 'Chloé Langue', email: 'chloe.langue@example.com', locale: 'fr' });
    const body = { status: 'interview', mail: true, note: 'Mardi 10 h vous conviendrait-il ?' };
    expect(await (await office.call('PATCH', `/applicants/${id}`, { body, jar: recruiter.jar })).json()).toEqual({ changed: true });
    // Already there: nothing changes, nothing is sent again.
    expect(await (await office.call('PATCH', `/applicants/${id}`, { body, jar: recruiter.jar })).json()).toEqual({ changed: false });
    const mails = await decisionMails(id);
    expect(mails).toHaveLength(1);
    // "Reply to it to answer the recruiter": the answer reaches the recruiter who decided.
    expect(mails[0]).toMatchObject({
      key: `applicant-interview:${id}`,
      to: 'chloe.langue@example.com',
      locale: 'fr',
      replyTo: recruiter.email,
    });
    const { subject, text } = await renderMail(mails[0]!);
    expect(subject).toBe('Un entretien pour Nimbus - Data Engineer');
    expect(text).toContain('BONJOUR CHLOÉ LANGUE');
    expect(text).toContain('Nous aimerions vous rencontrer en entretien');
    expect(text).toContain('Mardi 10 h vous conviendrait-il ?');
  });

  it('rejects several at once, mailing each exactly once however often it is pressed', async () => {
    const recruiter = await member('recruiting');
    const ids = [
      await apply({ name: 'Dan Bulk', email: 'dan.bulk@example.com', locale: 'de' }),
      await apply({ name: 'Eva Bulk', email: 'eva.bulk@example.com', locale: 'it' }),
      await apply({ name: '', email: 'fay.bulk@example.com', locale: 'en', onSpec: true }),
    ];
    const body = { ids, mail: true, note: 'We will keep your CV in mind.' };
    const first = await office.call('POST', '/applicants/reject', { body, jar: recruiter.jar });
    expect(((await first.json()) as { rejected: string[] }).rejected.toSorted()).toEqual(ids.toSorted());
    const second = await office.call('POST', '/applicants/reject', { body, jar: recruiter.jar });
    expect(await second.json()).toEqual({ rejected: [] });
    for (const [i, id] of ids.entries()) {
      const mails = await decisionMails(id);
      expect(mails.map((m) => m.key)).toEqual([`applicant-rejected:${id}`]);
      expect(mails[0]!.replyTo).toBe(recruiter.email);
      expect(mails[0]!.locale).toBe(['de', 'it', 'en'][i]);
    }
    const { subject } = await renderMail((await decisionMails(ids[0]!))[0]!);
    expect(subject).toBe('Ihre Bewerbung für Nimbus - Data Engineer');
    const { subject: onSpec } = await renderMail((await decisionMails(ids[2]!))[0]!);
    expect(onSpec).toBe('Your application for a role with us');
    expect((await list(recruiter.jar, '?status=rejected&q=bulk')).rows).toHaveLength(3);
    expect((await actionsOf(recruiter.id)).filter((a) => a.startsWith('applicant.status'))).toHaveLength(3);
  });

  it('rejects without mail when asked not to', async () => {
    const recruiter = await member('admin');
    const id = await apply({ name: 'Gil Quiet', email: 'gil.quiet@example.com' });
    const res = await office.call('POST', '/applicants/reject', { body: { ids: [id], mail: false }, jar: recruiter.jar });
    expect(await res.json()).toEqual({ rejected: [id] });
    expect(await decisionMails(id)).toEqual([]);
  });
});

describe('opening a CV', () => {
  it('serves a PDF inline, sandboxed and not kept, to the member who asked, and audits each opening', async () => {
    const recruiter = await member('recruiting');
    const colleague = await member('recruiting');
    const id = await apply({ name: 'Hana Cv', email: 'hana.cv@example.com' });
    const link = (await (await office.call('POST', `/applicants/${id}/cv-link`, { body: {}, jar: recruiter.jar })).json()) as {
      url: string;
      expiresAt: string;
    };
    expect(link.url).toMatch(/^\/rest\/office\/cv\/[\w-]+\.\d+\.[\w-]{43}$/);
    expect(Date.parse(link.expiresAt) - Date.now()).toBeLessThanOrEqual(5 * 60_000);
    const path = link.url.replace('/rest/office', '');
    const res = await office.call('GET', path, { jar: recruiter.jar });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(/^inline; filename="cv\.pdf"/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toMatch(/\bsandbox\b/);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(pdfFile());
    // Another member with the same link gets nothing.
    expect((await office.call('GET', path, { jar: colleague.jar })).status).toBe(404);
    expect(await actionsOf(recruiter.id)).toContain(`cv.open ${id}`);
    expect((await actionsOf(colleague.id)).some((a) => a.startsWith('cv.open'))).toBe(false);
  });

  it('refuses an expired link', async () => {
    const recruiter = await member('recruiting');
    const id = await apply({ name: 'Ivo Late', email: 'ivo.late@example.com' });
    const expired = cvToken(id, recruiter.id, Date.now() - 1000);
    expect((await office.call('GET', `/cv/${expired}`, { jar: recruiter.jar })).status).toBe(404);
    const valid = cvToken(id, recruiter.id, Date.now() + 60_000);
    expect((await office.call('GET', `/cv/${valid}`, { jar: recruiter.jar })).status).toBe(200);
    // A forged expiry breaks the signature.
    const [lead, , sig] = expired.split('.');
    expect((await office.call('GET', `/cv/${lead}.${Date.now() + 60_000}.${sig}`, { jar: recruiter.jar })).status).toBe(404);
  });

  it('serves a Word file as a download', async () => {
    const recruiter = await member('admin');
    const id = await apply({ name: '', email: 'jo.docx@example.com', onSpec: true, file: docxFile(), type: CV_TYPES[2] });
    const { url } = (await (await office.call('POST', `/applicants/${id}/cv-link`, { body: {}, jar: recruiter.jar })).json()) as {
      url: string;
    };
    const res = await office.call('GET', url.replace('/rest/office', ''), { jar: recruiter.jar });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(CV_TYPES[2]);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; /);
    expect(res.headers.get('content-security-policy')).toBeNull();
  });
});

describe('who may see applicants', () => {
  it('closes them and their CVs to sales and training', async () => {
    const recruiter = await member('recruiting');
    const sales = await member('sales');
    const training = await member('training');
    const id = await apply({ name: 'Kim Closed', email: 'kim.closed@example.com' });
    const token = cvToken(id, sales.id, Date.now() + 60_000);
    for (const other of [sales, training]) {
      expect((await office.call('GET', '/applicants', { jar: other.jar })).status).toBe(403);
      expect((await office.call('GET', `/applicants/${id}`, { jar: other.jar })).status).toBe(403);
      expect((await office.call('POST', `/applicants/${id}/cv-link`, { body: {}, jar: other.jar })).status).toBe(403);
      expect((await office.call('POST', '/applicants/reject', { body: { ids: [id], mail: false }, jar: other.jar })).status).toBe(403);
    }
    expect((await office.call('GET', `/cv/${token}`, { jar: sales.jar })).status).toBe(403);
    // And an applicant is not a sales lead.
    expect((await office.call('GET', `/leads/${id}`, { jar: recruiter.jar })).status).toBe(403);
    expect((await office.call('GET', `/applicants/${id}`, { jar: recruiter.jar })).status).toBe(200);
  });
});

describe('withdrawing from the acknowledgement mail', () => {
  it('is a page with a button: the button marks the application withdrawn and deletes the CV, once', async () => {
    const recruiter = await member('recruiting');
    const id = await apply({ name: 'Lia Withdraw', email: 'lia.withdraw@example.com', locale: 'it' });
    const [ack] = (
      await ctx.database.query(`select data from pgboss.job where name = 'mail-send' and data->>'key' = $1`, [
        `application-acknowledgement:${id}`,
      ])
    ).rows.map((r) => r.data as MailJob);
    const { text } = await renderMail(ack!);
    expect(text).toContain('Ritira la mia candidatura');
    // It invites a reply to have the data deleted sooner: the reply reaches the privacy desk.
    expect(ack!.replyTo).toBe('privacy@acme-digital.example');
    const url = new URL(/https?:\/\/\S+\/careers\/withdraw\/[\w.-]+/.exec(text)![0]);
    expect(url.pathname).toMatch(/^\/it\/careers\/withdraw\//);
    const token = url.pathname.split('/').at(-1)!;
    expect(await withdrawalOf(ctx.database.db, token)).toEqual({ target: 'Nimbus - Data Engineer', withdrawn: false });

    const { POST } = await import('@/app/[locale]/careers/withdraw/[token]/confirm/route');
    const press = (t: string) =>
      POST(new Request(`${url.origin}${url.pathname}/confirm`, { method: 'POST', headers: { 'x-site-socket-ip': '198.18.9.9' } }), {
        params: Promise.resolve({ locale: 'it', token: t }),
      });
    // A forged link withdraws nothing.
    await press(`${id}.${'A'.repeat(43)}`);
    expect((await withdrawalOf(ctx.database.db, token))!.withdrawn).toBe(false);

    const res = await press(token);
    expect([res.status, res.headers.get('location')]).toEqual([303, url.pathname]);
    expect(await withdrawalOf(ctx.database.db, token)).toEqual({ target: 'Nimbus - Data Engineer', withdrawn: true });
    expect(await readLeadCv(ctx.database.db, id)).toBeNull();
    expect((await press(token)).status).toBe(303);
    const detail = (await (await office.call('GET', `/applicants/${id}`, { jar: recruiter.jar })).json()) as {
      lead: { status: string };
      cv: unknown;
    };
    expect(detail).toMatchObject({ lead: { status: 'withdrawn' }, cv: null });
    const rows = await ctx.database.db.select().from(auditLog).where(eq(auditLog.record, id));
    expect(rows.filter((r) => r.action === 'applicant.withdraw')).toHaveLength(1);
  });
});

describe('keeping a hired applicant’s record', () => {
  const keep = (id: string, jar: CookieJar, method: 'POST' | 'DELETE' = 'POST') => office.call(method, `/applicants/${id}/keep`, { jar });
  const hire = (id: string, jar: CookieJar) => office.call('PATCH', `/applicants/${id}`, { body: { status: 'hired' }, jar });
  const keptOf = async (id: string) =>
    (await ctx.database.db.select({ keptAt: leads.keptAt, keptBy: leads.keptBy }).from(leads).where(eq(leads.id, id)))[0];
  // In the order they were written: PostgreSQL returns rows in no set order without one.
  const actionsOn = async (id: string) =>
    (await ctx.database.db.select().from(auditLog).where(eq(auditLog.record, id)).orderBy(auditLog.at))
      .map((r) => r.action)
      .filter((a) => a.includes('keep'));
  /** Sent two years ago: past any retention period. */
  const age = (id: string) =>
    ctx.database.db
      .update(leads)
      .set({ createdAt: new Date(Date.now() - 730 * 86_400_000) })
      .where(eq(leads.id, id));
  const exists = async (id: string) => (await ctx.database.db.select({ id: leads.id }).from(leads).where(eq(leads.id, id))).length === 1;

  it('keeps only a hired applicant, once, in the audit log; not sales or training', async () => {
    const recruiter = await member('recruiting');
    const id = await apply({ name: 'Mia Keep', email: 'mia.keep@example.com' });
    const refused = await keep(id, recruiter.jar);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { detail: string }).detail).toMatch(/Only a hired applicant/);
    expect((await keep('no-such-applicant', recruiter.jar)).status).toBe(404);
    expect(await keptOf(id)).toEqual({ keptAt: null, keptBy: null });

    expect((await hire(id, recruiter.jar)).status).toBe(200);
    for (const other of [await member('sales'), await member('training')]) {
      expect((await keep(id, other.jar)).status).toBe(403);
      expect((await keep(id, other.jar, 'DELETE')).status).toBe(403);
    }
    const kept = await keep(id, recruiter.jar);
    expect(kept.status).toBe(200);
    expect(await kept.json()).toEqual({ keptAt: expect.any(String), keptBy: recruiter.id });
    // Asked again: nothing more changes or is recorded.
    expect((await keep(id, recruiter.jar)).status).toBe(200);
    expect(await actionsOn(id)).toEqual(['applicant.keep']);
    expect(await actionsOf(recruiter.id)).toContain(`applicant.keep ${id}`);
    const detail = (await (await office.call('GET', `/applicants/${id}`, { jar: recruiter.jar })).json()) as { lead: { keptBy: string } };
    expect(detail.lead.keptBy).toBe(recruiter.id);
  });

  it('is skipped by retention until undone; moving the applicant off hired ends the keep', async () => {
    const recruiter = await member('admin');
    const kept = await apply({ name: 'Noa Kept', email: 'noa.kept@example.com' });
    const notKept = await apply({ name: 'Oli Hired', email: 'oli.hired@example.com' });
    const movedOn = await apply({ name: 'Pau Moved', email: 'pau.moved@example.com' });
    for (const id of [kept, notKept, movedOn]) {
      await hire(id, recruiter.jar);
      await age(id);
    }
    await keep(kept, recruiter.jar);
    await keep(movedOn, recruiter.jar);
    expect(await (await office.call('PATCH', `/applicants/${movedOn}`, { body: { status: 'offer' }, jar: recruiter.jar })).json()).toEqual({
      changed: true,
    });
    expect(await keptOf(movedOn)).toEqual({ keptAt: null, keptBy: null });
    expect(await actionsOn(movedOn)).toEqual(['applicant.keep', 'applicant.unkeep']);

    await applyRetention(ctx.database.db);
    expect(await exists(kept)).toBe(true);
    expect(await readLeadCv(ctx.database.db, kept)).not.toBeNull();
    expect(await exists(notKept)).toBe(false);
    expect(await exists(movedOn)).toBe(false);

    // Undone: the next run deletes it and its CV.
    const undone = await keep(kept, recruiter.jar, 'DELETE');
    expect(await undone.json()).toEqual({ keptAt: null, keptBy: null });
    expect(await actionsOn(kept)).toEqual(['applicant.keep', 'applicant.unkeep']);
    await applyRetention(ctx.database.db);
    expect(await exists(kept)).toBe(false);
    expect(await readLeadCv(ctx.database.db, kept)).toBeNull();
    // The audit rows outlive the record (they hold no personal data).
    expect(await actionsOn(kept)).toEqual(['applicant.keep', 'applicant.unkeep']);
  });

  it('does not stop an erasure request', async () => {
    const recruiter = await member('recruiting');
    const id = await apply({ name: 'Quim Erased', email: 'quim.erased@example.com' });
    await hire(id, recruiter.jar);
    await keep(id, recruiter.jar);
    const queue = new Queue(ctx.database, { work: false });
    expect(await eraseLead(ctx.database.db, queue, id)).toBe(true);
    expect(await exists(id)).toBe(false);
    expect(await readLeadCv(ctx.database.db, id)).toBeNull();
  });

  it('ends when a kept applicant is rejected in bulk or withdraws', async () => {
    const recruiter = await member('recruiting');
    const rejected = await apply({ name: 'Rui Bulk', email: 'rui.bulk@example.com' });
    await hire(rejected, recruiter.jar);
    await keep(rejected, recruiter.jar);
    await office.call('POST', '/applicants/reject', { body: { ids: [rejected], mail: false }, jar: recruiter.jar });
    expect(await keptOf(rejected)).toEqual({ keptAt: null, keptBy: null });
    expect(await actionsOn(rejected)).toEqual(['applicant.keep', 'applicant.unkeep']);

    const withdrawn = await apply({ name: 'Sol Leaves', email: 'sol.leaves@example.com' });
    await hire(withdrawn, recruiter.jar);
    await keep(withdrawn, recruiter.jar);
    const token = withdrawUrl(withdrawn, 'en').split('/').at(-1)!;
    expect(await withdrawApplication(ctx.database.db, token, { ip: '198.18.9.10' })).toBe('withdrawn');
    expect(await keptOf(withdrawn)).toEqual({ keptAt: null, keptBy: null });
    expect(await actionsOn(withdrawn)).toEqual(['applicant.keep', 'applicant.unkeep']);
  });
});
