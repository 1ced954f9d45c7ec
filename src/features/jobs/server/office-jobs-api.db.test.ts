import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useApiDatabase } from '#tests/api-db';
import { jobInput } from '#tests/job-factory';
import { officeClient } from '#tests/office';
import { auditLog } from '@/server/office/audit-table';
import { inviteStaff } from '@/server/office/staff-service';
import { routesMarkedAt } from '@/server/page-cache';
import type { OfficeRole } from '@/server/office/staff-tables';
import { jobsChanged } from './jobs-changed';
import { countAllJobs } from './jobs-repository';
import { JOB_PAGES, searchJobs } from './jobs-service';

let ctx: Awaited<ReturnType<typeof useApiDatabase>>;
let office: ReturnType<typeof officeClient>;
beforeAll(async () => {
  ctx = await useApiDatabase();
  office = officeClient(ctx.api);
});
afterAll(() => ctx?.cleanup());

let n = 0;
async function member(role: OfficeRole) {
  const { link } = await inviteStaff(ctx.database.db, undefined, { email: `${role}-jobs-${++n}@staff.example`, role }, { actor: null });
  return office.enrol(link);
}

/** The job as the office form sends it: every field as text. */
const formOf = (overrides: Record<string, unknown> = {}) => {
  const j = jobInput();
  return {
    ...j,
    salary_min: String(j.salary_min),
    salary_max: String(j.salary_max),
    tags: 'TypeScript|React',
    posted_at: '',
    valid_through: '',
    description_html: '<p>Hello</p><script>alert(1)</script>',
    ...overrides,
  };
};

const onBoard = async (text: string) =>
  (await searchJobs(ctx.database.db, { dashboard: 'all', queryText: text, filters: {} }, { pageSize: 20, locale: 'en' })).items;

describe('jobs in the office', () => {
  it('creates, edits, closes and reopens a job, the board following at once, each step audited', async () => {
    const recruiter = await member('recruiting');
    const created = await office.call('POST', '/jobs', { body: formOf({ position: 'Quokka wrangler' }), jar: recruiter.jar });
    expect(created.status).toBe(200);
    const { id } = (await created.json()) as { id: string };
    expect((await onBoard('quokka')).map((j) => j.id)).toEqual([id]);

    const detail = (await (await office.call('GET', `/jobs/${id}`, { jar: recruiter.jar })).json()) as {
      status: string;
      values: Record<string, unknown>;
    };
    expect(detail.status).toBe('live');
    expect(detail.values.description_html).toBe('<p>Hello</p>');

    const edit = { ...detail.values, position: 'Wombat wrangler' };
    expect((await office.call('PUT', `/jobs/${id}`, { body: edit, jar: recruiter.jar })).status).toBe(200);
    expect(await onBoard('quokka')).toEqual([]);
    expect((await onBoard('wombat')).map((j) => j.id)).toEqual([id]);
    expect((await office.call('PUT', `/jobs/${id}`, { body: { ...edit, salary_min: 'lots' }, jar: recruiter.jar })).status).toBe(422);

    expect((await office.call('POST', `/jobs/${id}/close`, { body: {}, jar: recruiter.jar })).status).toBe(200);
    expect(await onBoard('wombat')).toEqual([]);
    // Editing a closed job keeps it closed.
    expect((await office.call('PUT', `/jobs/${id}`, { body: edit, jar: recruiter.jar })).status).toBe(200);
    expect(await onBoard('wombat')).toEqual([]);
    const closed = (await (await office.call('GET', '/jobs?status=closed&q=wombat', { jar: recruiter.jar })).json()) as {
      rows: { id: string; status: string }[];
    };
    expect(closed.rows).toEqual([expect.objectContaining({ id, status: 'closed' })]);

    expect((await office.call('POST', `/jobs/${id}/reopen`, { body: {}, jar: recruiter.jar })).status).toBe(200);
    expect((await onBoard('wombat')).map((j) => j.id)).toEqual([id]);

    const copy = (await (await office.call('POST', `/jobs/${id}/duplicate`, { body: {}, jar: recruiter.jar })).json()) as { id: string };
    const copied = (await (await office.call('GET', `/jobs/${copy.id}`, { jar: recruiter.jar })).json()) as {
      status: string;
      values: { position: string; external_id: string };
    };
    expect(copied).toMatchObject({ status: 'closed', values: { position: 'Wombat wrangler' } });
    expect(copied.values.external_id).toMatch(/-copy$/);

    const actions = (await ctx.database.db.select().from(auditLog).where(eq(auditLog.actor, recruiter.id))).map(
      (r) => `${r.action} ${r.record}`,
    );
    expect(actions).toEqual(
      expect.arrayContaining([`job.create ${id}`, `job.edit ${id}`, `job.close ${id}`, `job.reopen ${id}`, `job.duplicate ${copy.id}`]),
    );
  });

  it('refuses an external id another job has', async () => {
    const admin = await member('admin');
    const first = formOf();
    expect((await office.call('POST', '/jobs', { body: first, jar: admin.jar })).status).toBe(200);
    expect((await office.call('POST', '/jobs', { body: formOf({ external_id: first.external_id }), jar: admin.jar })).status).toBe(409);
  });

  it('previews an upload writing nothing, then imports it in one transaction', async () => {
    const recruiter = await member('recruiting');
    const header = 'external_id,position,dashboards,industry,remote_allowance,contract_type,work_schedule,short_description';
    const csv = [
      header,
      'up-1,Upload one,frontendjobs,media,fullremote,permanent,fulltime,A first job sent as a file.',
      'up-2,Upload two,moon,media,fullremote,permanent,fulltime,A second job on no board at all.',
      'up-3,Upload three,frontendjobs|spaintechjobs,media,oneday,freelance,parttime,A third job sent as a file.',
    ].join('\n');
    const before = await countAllJobs(ctx.database.db);
    const preview = await office.call('POST', '/jobs/import/preview', { body: { format: 'csv', text: csv }, jar: recruiter.jar });
    expect(preview.status).toBe(200);
    const planned = (await preview.json()) as {
      added: number;
      rows: { row: number; outcome: string; errors?: { path: string }[] }[];
    };
    expect(planned.added).toBe(2);
    expect(planned.rows.map((r) => r.outcome)).toEqual(['add', 'reject', 'add']);
    expect(planned.rows[1]!.errors![0]!.path).toBe('dashboards.0');
    expect(await countAllJobs(ctx.database.db)).toBe(before);

    const applied = await office.call('POST', '/jobs/import', { body: { format: 'csv', text: csv }, jar: recruiter.jar });
    expect(await applied.json()).toMatchObject({ added: 2, updated: 0 });
    expect(await countAllJobs(ctx.database.db)).toBe(before + 2);
    expect((await onBoard('upload')).map((j) => j.position).toSorted()).toEqual(['Upload one', 'Upload three']);

    const again = (await (
      await office.call('POST', '/jobs/import/preview', {
        body: { format: 'json', text: JSON.stringify([jobInput({ external_id: 'up-1' })]) },
        jar: recruiter.jar,
      })
    ).json()) as { rows: { outcome: string }[] };
    expect(again.rows.map((r) => r.outcome)).toEqual(['update']);

    // A failure half-way writes none of the rows.
    await ctx.database.query(`alter table jobs add constraint no_zz check (external_id not like 'zz%')`);
    try {
      const rows = JSON.stringify([jobInput({ external_id: 'fine-1' }), jobInput({ external_id: 'zz-2' })]);
      expect((await office.call('POST', '/jobs/import', { body: { format: 'json', text: rows }, jar: recruiter.jar })).status).toBe(500);
      expect(await countAllJobs(ctx.database.db)).toBe(before + 2);
    } finally {
      await ctx.database.query(`alter table jobs drop constraint no_zz`);
    }
    const bad = await office.call('POST', '/jobs/import/preview', {
      body: { format: 'json', text: '{"not":"a list"}' },
      jar: recruiter.jar,
    });
    expect(bad.status).toBe(422);

    const actions = (await ctx.database.db.select().from(auditLog).where(eq(auditLog.actor, recruiter.id))).map((r) => r.action);
    expect(actions.filter((a) => a === 'job.import')).toHaveLength(1);
  });

  it('is closed to sales and training', async () => {
    const sales = await member('sales');
    const training = await member('training');
    expect((await office.call('GET', '/jobs', { jar: sales.jar })).status).toBe(403);
    expect((await office.call('POST', '/jobs', { body: formOf(), jar: training.jar })).status).toBe(403);
    expect((await office.call('POST', '/jobs/import/preview', { body: { format: 'csv', text: 'a' }, jar: sales.jar })).status).toBe(403);
  });

  it('pages the list newest first without repeating', async () => {
    const admin = await member('admin');
    const made = Array.from({ length: 60 }, (_, i) => jobInput({ external_id: `page-${i}`, position: `Pelican keeper ${i}` }));
    await office.call('POST', '/jobs/import', { body: { format: 'json', text: JSON.stringify(made) }, jar: admin.jar });
    const seen: string[] = [];
    let after: string | null = '';
    while (after !== null) {
      const page = (await (
        await office.call('GET', `/jobs?q=pelican${after ? `&after=${encodeURIComponent(after)}` : ''}`, { jar: admin.jar })
      ).json()) as { rows: { id: string }[]; next: string | null };
      seen.push(...page.rows.map((r) => r.id));
      after = page.next;
    }
    expect(seen).toHaveLength(60);
    expect(new Set(seen).size).toBe(60);

    // An edited or old address starts again from the first page.
    const first = (await (await office.call('GET', '/jobs?q=pelican', { jar: admin.jar })).json()) as { rows: { id: string }[] };
    const edited = await office.call('GET', `/jobs?q=pelican&after=${encodeURIComponent(`${first.rows[0]!.id}.forged`)}`, {
      jar: admin.jar,
    });
    expect(edited.status).toBe(200);
    expect(((await edited.json()) as { rows: { id: string }[] }).rows.map((r) => r.id)).toEqual(first.rows.map((r) => r.id));
  });

  it("marks the job pages outside a Next request in Next's tag manifest, as before the server's first page", async () => {
    const before = Date.now();
    await expect(jobsChanged()).resolves.toEqual({ shared: true });
    expect(routesMarkedAt(JOB_PAGES)).toBeGreaterThanOrEqual(before);
  });
});

describe('open positions in the office', () => {
  it('opens, edits, closes and reopens a role, audited; sales get 403', async () => {
    const recruiter = await member('recruiting');
    const role = {
      id: 'office-role',
      role: 'Staff engineer',
      locale: 'en',
      location: 'Remote',
      description: '<p>Join us</p><script>x</script>',
    };
    expect((await office.call('POST', '/positions', { body: role, jar: recruiter.jar })).status).toBe(200);
    expect((await office.call('POST', '/positions', { body: role, jar: recruiter.jar })).status).toBe(409);
    const edit = { role: role.role, locale: role.locale, location: role.location, description: role.description };
    expect(
      (await office.call('PUT', '/positions/office-role', { body: { ...edit, role: 'Lead engineer' }, jar: recruiter.jar })).status,
    ).toBe(200);
    expect((await office.call('POST', '/positions/office-role/close', { body: {}, jar: recruiter.jar })).status).toBe(200);
    const list = (await (await office.call('GET', '/positions', { jar: recruiter.jar })).json()) as {
      rows: { id: string; role: string; published: boolean; description: string }[];
    };
    expect(list.rows.find((p) => p.id === 'office-role')).toMatchObject({
      role: 'Lead engineer',
      published: false,
      description: '<p>Join us</p>',
    });
    expect((await office.call('POST', '/positions/office-role/reopen', { body: {}, jar: recruiter.jar })).status).toBe(200);
    const actions = (await ctx.database.db.select().from(auditLog).where(eq(auditLog.actor, recruiter.id))).map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['position.create', 'position.edit', 'position.close', 'position.reopen']));
    const sales = await member('sales');
    expect((await office.call('GET', '/positions', { jar: sales.jar })).status).toBe(403);
  });
});
