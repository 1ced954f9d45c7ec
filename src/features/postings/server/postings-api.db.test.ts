import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, useApiDatabase } from '#tests/api-db';
import { officeClient } from '#tests/office';
import { queue } from '@/server/queue';
import { auditLog } from '@/server/office/audit-table';
import { inviteStaff } from '@/server/office/staff-service';
import { findAnyJob, listLiveJobs } from '@/features/jobs/server/jobs-repository';
import { searchJobs } from '@/features/jobs/server/jobs-service';
import { jobPostings } from './postings-table';
import { sendExpiryNotices } from './postings-notices';
import { deleteStalePostings } from './postings-repository';
import { subscriptionToken } from '@/features/alerts/server/tokens';

let ctx: Awaited<ReturnType<typeof useApiDatabase>>;
let office: ReturnType<typeof officeClient>;
beforeAll(async () => {
  ctx = await useApiDatabase();
  office = officeClient(ctx.api);
});
afterAll(() => ctx?.cleanup());

const DAY = 24 * 3600 * 1000;
let n = 0;

const listing = (overrides: Record<string, unknown> = {}) => ({
  company: 'Numbat Labs',
  position: 'Senior Rust engineer',
  dashboard: 'frontendjobs',
  industry: 'information_technology',
  remote_allowance: 'fullremote',
  candidate_location: 'europe',
  contract_type: 'permanent',
  work_schedule: 'fulltime',
  salary_min: '80 000',
  salary_max: '95000',
  salary_currency: 'EUR',
  salary_period: 'year',
  location: 'Berlin',
  tags: 'Rust, Tokio, Rust',
  description:
    'We build compilers for small devices.\n\n- Rust every day\n- A team of six\n\nRemote across Europe, with two meetups a year.',
  apply: 'site',
  apply_url: '',
  ...overrides,
});

async function post(email: string, overrides: Record<string, unknown> = {}, elapsedMs = 9000) {
  return ctx.api.request('/rest/form', {
    ...postJson({
      type: 'job_post',
      form: { contact_name: 'Nora Numbat', contact_email: email, ...listing(overrides) },
      context: { locale: 'de' },
      traps: { website: '', elapsedMs },
    }),
    headers: { 'content-type': 'application/json', 'x-site-socket-ip': `192.0.2.${++n}` },
  });
}

/** The mails queued to an address, oldest first. */
async function mailsTo(email: string): Promise<{ template: string; locale: string; props: Record<string, string> }[]> {
  const { rows } = await ctx.database.query(
    `select data from pgboss.job where name = 'mail-send' and data->>'to' = $1 order by created_on, id`,
    [email],
  );
  return rows.map((r) => (r as { data: { template: string; locale: string; props: Record<string, string> } }).data);
}

const tokenOf = (pageUrl: string) => decodeURIComponent(pageUrl.split('/jobs/post/')[1]!.split('?')[0]!);
const posting = async (email: string) => (await ctx.database.db.select().from(jobPostings).where(eq(jobPostings.email, email)))[0]!;
const onBoard = async (text: string) =>
  (await searchJobs(ctx.database.db, { dashboard: 'all', queryText: text, filters: {} }, { pageSize: 20, locale: 'en' })).items;

/** Approves or rejects the version the office shows now (as the page does). */
async function answer(jar: unknown, id: string, action: 'approve' | 'reject', body: Record<string, unknown> = {}) {
  const shown = (await (await office.call('GET', `/postings/${id}`, { jar: jar as never })).json()) as { version: string };
  return office.call('POST', `/postings/${id}/${action}`, { body: { version: shown.version, ...body }, jar: jar as never });
}

async function recruiter() {
  const { link } = await inviteStaff(
    ctx.database.db,
    undefined,
    { email: `rec-post-${++n}@staff.example`, role: 'recruiting' },
    { actor: null },
  );
  return office.enrol(link);
}

describe('jobs posted by employers', () => {
  it('goes from the form to the board: confirmed by mail, approved in the office, edited, rejected, approved again', async () => {
    const email = 'nora@numbat.example';
    expect((await post(email)).status).toBe(200);
    const [confirm] = await mailsTo(email);
    expect(confirm).toMatchObject({ template: 'job-post-confirm', locale: 'de' });
    const token = tokenOf(confirm!.props.pageUrl!);

    // Nothing is on the board, or in the review queue, before the address is confirmed.
    const member = await recruiter();
    const queueBefore = (await (await office.call('GET', '/postings', { jar: member.jar })).json()) as { rows: unknown[] };
    expect(queueBefore.rows).toHaveLength(0);

    const opened = await ctx.api.request(`/rest/job-posts/${encodeURIComponent(token)}`);
    expect(await opened.json()).toMatchObject({ state: 'pending', justConfirmed: true, changesPending: false });
    const again = (await (await ctx.api.request(`/rest/job-posts/${encodeURIComponent(token)}`)).json()) as { justConfirmed: boolean };
    expect(again.justConfirmed).toBe(false);

    const { id } = await posting(email);
    const queued = (await (await office.call('GET', '/postings', { jar: member.jar })).json()) as { rows: { id: string }[] };
    expect(queued.rows.map((r) => r.id)).toEqual([id]);
    expect((await answer(member.jar, id, 'approve')).status).toBe(200);
    const [job] = await onBoard('numbat');
    expect(job).toMatchObject({ position: 'Senior Rust engineer', company: 'Numbat Labs' });
    const stored = (await findAnyJob(ctx.database.db, job!.id))!;
    expect(stored.tags).toEqual(['Rust', 'Tokio']);
    expect(stored.salaryMin).toBe(80000);
    expect(stored.descriptionHtml).toContain('<ul><li>Rust every day</li><li>A team of six</li></ul>');
    expect(stored.validThrough!.getTime() - Date.now()).toBeGreaterThan(29 * DAY);
    expect((await listLiveJobs(ctx.database.db, 100)).map((j) => j.id)).toContain(job!.id);
    expect((await mailsTo(email)).map((m) => m.template)).toEqual(['job-post-confirm', 'job-post-approved']);

    // An edit goes back to review; the board keeps the approved version meanwhile.
    const edited = await ctx.api.request(`/rest/job-posts/${encodeURIComponent(token)}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(listing({ position: 'Staff Rust engineer' })),
    });
    expect(await edited.json()).toMatchObject({ state: 'live', changesPending: true });
    expect((await onBoard('numbat')).map((j) => j.position)).toEqual(['Senior Rust engineer']);

    // A version the recruiter did not read is not answered: the employer edited after the page was opened.
    const stale = (await (await office.call('GET', `/postings/${id}`, { jar: member.jar })).json()) as { version: string };
    await ctx.api.request(`/rest/job-posts/${encodeURIComponent(token)}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(listing({ position: 'Staff Rust engineer' })),
    });
    const unread = await office.call('POST', `/postings/${id}/approve`, { body: { version: stale.version }, jar: member.jar });
    expect(unread.status).toBe(409);
    const rejected = await answer(member.jar, id, 'reject', { reason: 'Say which country the contract is in.' });
    expect(rejected.status).toBe(200);
    expect((await onBoard('numbat')).map((j) => j.position)).toEqual(['Senior Rust engineer']);
    const view = (await (await ctx.api.request(`/rest/job-posts/${encodeURIComponent(token)}`)).json()) as Record<string, unknown>;
    expect(view).toMatchObject({ state: 'live', changesPending: false, rejectionReason: 'Say which country the contract is in.' });
    // The employer sees the job's figures per day, as recruiters do.
    const today = new Date().toISOString().slice(0, 10);
    await ctx.database.db.execute(`insert into job_daily_stats (job_id, day, views, apply_clicks) values ('${job!.id}', '${today}', 7, 2)`);
    const withStats = (await (await ctx.api.request(`/rest/job-posts/${encodeURIComponent(token)}`)).json()) as { stats: unknown[] };
    expect(withStats.stats).toEqual([{ day: today, views: 7, applyClicks: 2 }]);
    expect((await mailsTo(email)).at(-1)).toMatchObject({
      template: 'job-post-rejected',
      props: { reason: 'Say which country the contract is in.' },
    });

    await ctx.api.request(`/rest/job-posts/${encodeURIComponent(token)}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(listing({ position: 'Staff Rust engineer', location: 'Berlin, Germany' })),
    });
    expect((await answer(member.jar, id, 'approve')).status).toBe(200);
    const after = (await findAnyJob(ctx.database.db, job!.id))!;
    expect(after).toMatchObject({ position: 'Staff Rust engineer', clientLocation: 'Berlin, Germany', createdAt: stored.createdAt });
    expect(after.validThrough).toEqual(stored.validThrough);

    // A second answer to the same version is refused: nothing is waiting.
    expect((await answer(member.jar, id, 'approve')).status).toBe(409);
    const actions = (await ctx.database.db.select().from(auditLog).where(eq(auditLog.record, id))).map((a) => a.action).sort();
    expect(actions.filter((a) => a !== 'posting.view')).toEqual(['posting.approve', 'posting.approve', 'posting.reject']);
    // Each look at the posting (its contact) is there too.
    expect(actions.filter((a) => a === 'posting.view').length).toBeGreaterThanOrEqual(4);
  });

  it('mails the employer once before the listing ends, renews it from its end date, and closes it', async () => {
    const email = 'renew@numbat.example';
    // No salary given: the fields may be left empty (or out, as the page sends them).
    expect((await post(email, { position: 'Platypus platform engineer', salary_min: '', salary_max: undefined })).status).toBe(200);
    const token = tokenOf((await mailsTo(email))[0]!.props.pageUrl!);
    await ctx.api.request(`/rest/job-posts/${encodeURIComponent(token)}`);
    const member = await recruiter();
    const { id } = await posting(email);
    await answer(member.jar, id, 'approve');
    const jobId = (await posting(email)).jobId!;
    const end = (await findAnyJob(ctx.database.db, jobId))!.validThrough!;

    // Not yet renewable: the listing has weeks to go.
    const early = await ctx.api.request(`/rest/job-posts/${encodeURIComponent(token)}/renew`, postJson({}));
    expect(early.status).toBe(409);

    const q = await queue();
    const notices = async () => (await mailsTo(email)).filter((m) => m.template === 'job-post-expiring').length;
    await sendExpiryNotices(ctx.database.db, q, new Date(end.getTime() - 5 * DAY));
    expect(await notices()).toBe(0);
    await sendExpiryNotices(ctx.database.db, q, new Date(end.getTime() - 2 * DAY));
    expect(await notices()).toBe(1);
    await sendExpiryNotices(ctx.database.db, q, new Date(end.getTime() - 1 * DAY));
    expect(await notices()).toBe(1);
    const notice = (await mailsTo(email)).at(-1)!;
    expect(notice).toMatchObject({ template: 'job-post-expiring', locale: 'de' });
    expect(notice.props.renewUrl).toContain('?renew=1');

    // Two days before the end, as the mail arrives: one press renews from the end date.
    await ctx.database.db.execute(`update jobs set valid_through = now() + interval '2 days' where id = '${jobId}'`);
    const shortEnd = (await findAnyJob(ctx.database.db, jobId))!.validThrough!;
    const renewed = await ctx.api.request(`/rest/job-posts/${encodeURIComponent(token)}/renew`, postJson({}));
    expect(renewed.status).toBe(200);
    const newEnd = (await findAnyJob(ctx.database.db, jobId))!.validThrough!;
    expect(newEnd.getTime() - shortEnd.getTime()).toBe(30 * DAY);
    expect(await renewed.json()).toMatchObject({ state: 'live', canRenew: false });

    // Expired: off the board, renewable from now.
    await ctx.database.db.execute(`update jobs set valid_through = now() - interval '1 day' where id = '${jobId}'`);
    expect(await onBoard('platypus')).toHaveLength(0);
    const expired = (await (await ctx.api.request(`/rest/job-posts/${encodeURIComponent(token)}`)).json()) as Record<string, unknown>;
    expect(expired).toMatchObject({ state: 'expired', canRenew: true, jobPath: null });
    await ctx.api.request(`/rest/job-posts/${encodeURIComponent(token)}/renew`, postJson({}));
    expect((await onBoard('platypus')).map((j) => j.id)).toEqual([jobId]);

    const closed = await ctx.api.request(`/rest/job-posts/${encodeURIComponent(token)}/close`, postJson({}));
    expect(await closed.json()).toMatchObject({ state: 'closed', canRenew: false });
    expect(await onBoard('platypus')).toHaveLength(0);
    const edit = await ctx.api.request(`/rest/job-posts/${encodeURIComponent(token)}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(listing()),
    });
    expect(edit.status).toBe(409);
  });

  it('refuses a bad form with the field named, and keeps a form sent too fast without mailing anyone', async () => {
    const bad = await post('bad@numbat.example', { salary_min: '90000', salary_max: '60000', apply: 'link', apply_url: 'ftp://x' });
    expect(bad.status).toBe(422);
    const problem = (await bad.json()) as { errors: { path: string; message: string }[] };
    expect(problem.errors).toEqual(
      expect.arrayContaining([
        { path: 'form.salary_max', message: 'salaryOrder' },
        { path: 'form.apply_url', message: 'urlFormat' },
      ]),
    );
    expect(await ctx.database.db.select().from(jobPostings).where(eq(jobPostings.email, 'bad@numbat.example'))).toHaveLength(0);

    expect((await post('fast@numbat.example', {}, 500)).status).toBe(200);
    expect(await posting('fast@numbat.example')).toMatchObject({ spam: 'too_fast', state: 'unconfirmed' });
    expect(await mailsTo('fast@numbat.example')).toHaveLength(0);
  });

  it('keeps a rejected first version for the employer to correct and send again', async () => {
    const email = 'first@numbat.example';
    await post(email, { position: 'Echidna firmware engineer' });
    const token = tokenOf((await mailsTo(email))[0]!.props.pageUrl!);
    await ctx.api.request(`/rest/job-posts/${encodeURIComponent(token)}`);
    const member = await recruiter();
    const { id } = await posting(email);
    expect((await answer(member.jar, id, 'reject', { reason: 'Name the salary, please.' })).status).toBe(200);
    const view = (await (await ctx.api.request(`/rest/job-posts/${encodeURIComponent(token)}`)).json()) as {
      state: string;
      listing: { position?: string };
      rejectionReason: string;
    };
    expect(view).toMatchObject({ state: 'rejected', rejectionReason: 'Name the salary, please.' });
    expect(view.listing.position).toBe('Echidna firmware engineer');
    expect(await onBoard('echidna')).toHaveLength(0);
    const resent = await ctx.api.request(`/rest/job-posts/${encodeURIComponent(token)}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(listing({ position: 'Echidna firmware engineer', salary_min: '70000' })),
    });
    expect(await resent.json()).toMatchObject({ state: 'pending', rejectionReason: null });
    expect((await answer(member.jar, id, 'approve')).status).toBe(200);
    expect((await onBoard('echidna')).map((j) => j.position)).toEqual(['Echidna firmware engineer']);
  });

  it('forgets the contact a week after an unconfirmed posting, a year after the job ended', async () => {
    const db = ctx.database.db;
    await post('stale@numbat.example', { position: 'Quoll engineer' });
    const unconfirmed = await posting('stale@numbat.example');
    await post('ended@numbat.example', { position: 'Bilby engineer' });
    const token = tokenOf((await mailsTo('ended@numbat.example'))[0]!.props.pageUrl!);
    await ctx.api.request(`/rest/job-posts/${encodeURIComponent(token)}`);
    await answer((await recruiter()).jar, (await posting('ended@numbat.example')).id, 'approve');
    const ended = await posting('ended@numbat.example');
    const gone = async (id: string) => (await db.select().from(jobPostings).where(eq(jobPostings.id, id))).length === 0;

    await deleteStalePostings(db, new Date(Date.now() + 6 * DAY));
    expect(await gone(unconfirmed.id)).toBe(false);
    await deleteStalePostings(db, new Date(Date.now() + 8 * DAY));
    expect(await gone(unconfirmed.id)).toBe(true);
    // The job runs 30 days: its posting stays until a year after that, then only the job stays.
    await deleteStalePostings(db, new Date(Date.now() + 300 * DAY));
    expect(await gone(ended.id)).toBe(false);
    await deleteStalePostings(db, new Date(Date.now() + 400 * DAY));
    expect(await gone(ended.id)).toBe(true);
    expect(await findAnyJob(db, ended.jobId!)).toBeDefined();
  });

  it.each([
    ['a token of another kind (a job alert’s)', () => subscriptionToken('abcdefghijkl')],
    ['a made-up signature', () => 'abcdefghijkl.not-a-signature-of-ours-000000'],
    ['a signature that is not ASCII', () => `abcdefghijkl.${'é'.repeat(32)}`],
  ])('answers 404 for %s', async (_, token) => {
    const res = await ctx.api.request(`/rest/job-posts/${encodeURIComponent(token())}`);
    expect(res.status).toBe(404);
  });
});
