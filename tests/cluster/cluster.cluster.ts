import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect, hydratingNavigations, test, type Browser, type Page } from '../support/test';
import pg from 'pg';
import { clusterUnavailable, startCluster, type Cluster } from '../../scripts/lib/cluster';
import { pdfFile } from '../support/cv-files';
import { officeMember } from '../support/e2e-office-member';
import { likeAPerson } from '../support/like-a-person';
import { sitemapText } from '../support/sitemap';

// The deployment of docs/operations.md, on this machine (scripts/lib/cluster.ts): nginx in front of
// two web nodes and two queue workers, on PostgreSQL, Redis and a local S3 server. Its own
// database; PostgreSQL itself is restarted by one test, so this file runs after every other.

const PG = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const BASE_PORT = Number(process.env.CLUSTER_TEST_PORT || 3400);
const PROXY = `http://localhost:${BASE_PORT}`;
const databaseUrl = (() => {
  const url = new URL(PG);
  url.pathname = `/site_cluster_${Date.now()}`;
  return url.toString();
})();
// nginx takes the visitor's address from this header in the tests (each test a visitor of its own).
const ADDRESS = 'x-test-client';
// What a browser sends: without Accept-Language the site sets its language cookie on every page,
// and nginx keeps no answer that sets a cookie.
const BROWSER = { 'accept-encoding': 'gzip, br', 'accept-language': 'en-US,en;q=0.9' };
const SALES = 'sales@acme-digital.example';
const RECRUITING = 'recruiting@acme-digital.example';

test.describe.configure({ mode: 'serial' });
// No address of the tests' own by default: each form sets one (contexts made in a test take these options).
test.use({ baseURL: PROXY });

let cluster: Cluster;
let db: pg.Pool;
// localhost, not 127.0.0.1: an office member's cookie is the proxy's host's (any port).
const node = (i: number) => `http://localhost:${BASE_PORT + 1 + i}`;

test.beforeAll(async () => {
  test.setTimeout(900_000);
  const missing = await clusterUnavailable(databaseUrl, REDIS);
  if (missing) console.log(`\nThe cluster tests are skipped: ${missing}.\n`);
  test.skip(!!missing, missing);
  cluster = await startCluster({
    basePort: BASE_PORT,
    databaseUrl,
    redisUrl: REDIS,
    dir: mkdtempSync(path.join(tmpdir(), 'site-cluster-test-')),
    clientAddressHeader: ADDRESS,
  });
  db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  db.on('error', () => {});
});

test.afterAll(async () => {
  await cluster?.stop();
  await db?.end();
  const admin = new pg.Client({ connectionString: PG });
  await admin.connect();
  await admin.query(`drop database if exists "${new URL(databaseUrl).pathname.slice(1)}" with (force)`).catch(() => {});
  await admin.end();
});

const mailsTo = (address: string) => cluster.smtp.messages.filter((m) => (m.to as { text?: string } | undefined)?.text === address);
const mailsAbout = (address: string, to: string) => mailsTo(to).filter((m) => JSON.stringify([m.replyTo, m.text]).includes(address));
const count = async (sql: string, ...values: unknown[]) => Number((await db.query(sql, values)).rows[0].n);
/** nginx's own account of the requests it could not pass on, for a failure's message. */
const nginxErrors = () => readFileSync(path.join(cluster.dir, 'nginx-error.log'), 'utf8').split('\n').slice(-30).join('\n');

/**
 * Waits until no mail is waiting or being sent, then a moment more (a second copy would be on its
 * way). With `about`, only the mails whose job names it: a mail held by a worker killed in an
 * earlier test waits for pg-boss to expire it (minutes), and is that test's to check.
 */
async function mailsSettled(timeoutMs = 60_000, about?: string) {
  const sql = `select count(*) as n from pgboss.job where name = 'mail-send' and state in ('created', 'retry', 'active')`;
  await expect.poll(() => (about ? count(`${sql} and data::text like $1`, `%${about}%`) : count(sql)), { timeout: timeoutMs }).toBe(0);
  await sleep(3000);
}

/** Every member still running: none exited on its own. */
function allRunning() {
  for (const m of [...cluster.web, ...cluster.workers, cluster.proxy]) expect(m.running, `${m.name} is running`).toBe(true);
}

let forms = 0;
/** A message to sales as the contact form sends it, from a visitor address of its own. */
function messageForm(email: string) {
  return {
    type: 'contact',
    form: {
      kind: 'message',
      name: 'Camille Martin',
      email,
      phone: '+33 6 12 34 56 78',
      company: 'Exemple SA',
      jobtitle: 'CTO',
      info: 'Please write back about a mobile app.',
    },
    context: { locale: 'en', page: '/contact', referrer: '', utm: {} },
    traps: { website: '', elapsedMs: 10_000 },
  };
}
// Rate limits live in Redis for ten minutes: each run's visitors are new to it.
const RUN = Math.floor(Math.random() * 250);
const visitor = () => `198.18.${RUN}.${(++forms % 250) + 1}`;

/** A page of the site in a browser context whose requests carry no visitor address of the tests' own. */
async function sitePage(browser: Browser): Promise<Page> {
  const page = hydratingNavigations(await (await browser.newContext()).newPage());
  await page.goto(`${PROXY}/`);
  return page;
}

/** Sends forms from the page's own script (a browser on the site), each from a visitor address of its own, one after the other. */
async function sendFromBrowser(page: Page, bodies: unknown[], during?: (i: number) => Promise<void>) {
  const statuses: number[] = [];
  for (const [i, body] of bodies.entries()) {
    await during?.(i);
    statuses.push(
      await page.evaluate(
        async ({ body, header, address }) => {
          try {
            const res = await fetch('/rest/form', {
              method: 'POST',
              headers: { 'content-type': 'application/json', [header]: address },
              body: JSON.stringify(body),
            });
            return res.status;
          } catch {
            return 0;
          }
        },
        { body, header: ADDRESS, address: visitor() },
      ),
    );
  }
  return statuses;
}

test('a lead, a CV application, a trial sign-up and a course order: each stored once, each mail once, with two workers', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const stamp = Date.now();
  // A message to sales.
  await page.setExtraHTTPHeaders({ [ADDRESS]: visitor() });
  const lead = `lead-${stamp}@example.com`;
  await page.goto('/contact');
  await page.getByRole('button', { name: 'Contact us' }).click();
  const dialog = page.getByRole('dialog', { name: 'Write to our sales team' });
  const field = (name: string) => dialog.getByRole('textbox', { name, exact: true });
  await field('Name').fill('Alice Martin');
  await field('Email').fill(lead);
  await field('Phone number').fill('+34 600 123 456');
  await field('Company name').fill('Ejemplo SL');
  await field('Job title').fill('CTO');
  await field('Additional info').fill('We need a partner for our mobile app.');
  await likeAPerson(page);
  await dialog.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Form submitted' })).toBeVisible();

  // A CV for a job: the file goes to the bucket, the form through the proxy.
  await page.setExtraHTTPHeaders({ [ADDRESS]: visitor() });
  const candidate = `candidate-${stamp}@example.com`;
  const search = await page.request.post('/rest/jobs/search?pageSize=50', {
    data: { search: { dashboard: 'all', queryText: '', filters: {} }, lastEvaluatedKey: null },
  });
  const { items } = (await search.json()) as { items: { id: string; apply_url: string | null }[] };
  const job = items.find((j) => !j.apply_url)!;
  await page.goto(`/jobs/all/apply/${job.id}`);
  const cv = pdfFile('Lucia Fernandez - CV');
  const file = page.getByLabel(/^CV\b/);
  await page.getByLabel('Name').fill('Lucía Fernández');
  await page.getByLabel('Email').fill(candidate);
  await page.getByLabel('Phone number').fill('+34 600 111 222');
  await page.getByLabel('Current location').fill('Sevilla');
  await page.getByLabel('Availability in weeks').fill('2');
  await expect(async () => {
    await file.setInputFiles({ name: 'Lucía Fernández CV.pdf', mimeType: 'application/pdf', buffer: cv });
    await expect(page.getByText('Lucía Fernández CV.pdf')).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await likeAPerson(page);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Application sent' }).first()).toBeVisible();

  // A trial account, confirmed with the mailed code.
  await page.setExtraHTTPHeaders({ [ADDRESS]: visitor() });
  const trial = `trial-${stamp}@example.com`;
  await page.goto('/add');
  const signUp = (label: string) => page.getByLabel(new RegExp(`^${label}( \\*)?$`));
  await expect(async () => {
    await signUp('Email').fill('not-an-address');
    await signUp('Email').blur();
    await expect(page.getByText('Incorrect email format')).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await signUp('Email').fill(trial);
  await signUp('Confirm email').fill(trial);
  await signUp('Password').fill('cobol-1959');
  await signUp('Confirm password').fill('cobol-1959');
  await likeAPerson(page);
  await page.getByRole('button', { name: 'Create account' }).click();
  const codeDialog = page.getByRole('dialog', { name: 'Confirm your email' });
  await expect(codeDialog).toContainText(trial);
  await expect.poll(() => mailsTo(trial).length, { timeout: 20_000 }).toBe(1);
  const code = /\b(\d{6})\b/.exec(mailsTo(trial)[0]!.subject ?? '')![1]!;
  await codeDialog.getByLabel('Confirmation code').fill(code);
  await codeDialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('dialog', { name: 'Account created successfully' })).toBeVisible();

  // A course seat, paid by transfer.
  await page.setExtraHTTPHeaders({ [ADDRESS]: visitor() });
  const student = `student-${stamp}@example.com`;
  await page.goto('/sp/education/online-01-fs/register');
  const es = (name: string) => page.getByRole('textbox', { name, exact: true });
  await es('Nombre').fill('Lucía Gómez');
  await es('Correo electrónico').fill(student);
  await es('Teléfono').fill('+34 600 123 456');
  await page.getByLabel('Algo: cursos o proyectos personales').check();
  await likeAPerson(page);
  await page.getByRole('button', { name: 'Inscribirme' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Tu plaza está reservada' })).toBeVisible();
  await page.getByRole('link', { name: 'Pagar ahora' }).click();
  await likeAPerson(page);
  await page.getByRole('button', { name: 'Reservar y pagar por transferencia' }).click();
  await expect(page).toHaveURL(/\/sp\/checkout\/success\?order=/);

  await mailsSettled();
  expect(await count('select count(*) as n from leads where email = $1', lead)).toBe(1);
  expect(await count('select count(*) as n from leads where email = $1', candidate)).toBe(1);
  expect(await count('select count(*) as n from auth_user where email = $1 and email_verified', trial)).toBe(1);
  expect(await count('select count(*) as n from course_registrations where email = $1', student)).toBe(1);
  expect(await count('select count(*) as n from course_orders where email = $1', student)).toBe(1);
  // The CV is in the bucket, and reached the recruiters intact.
  const objects = readdirSync(path.join(cluster.dir, 's3', 'cvs'), { recursive: true }).filter((f) =>
    String(f).endsWith('._S3rver_object'),
  );
  expect(objects.length).toBeGreaterThanOrEqual(1);
  expect(mailsTo(lead).map((m) => m.subject)).toEqual(['We have received your request']);
  expect(mailsAbout(lead, SALES)).toHaveLength(1);
  expect(mailsTo(candidate)).toHaveLength(1);
  const recruiterMails = mailsAbout(candidate, RECRUITING);
  expect(recruiterMails).toHaveLength(1);
  expect(Buffer.compare(recruiterMails[0]!.attachments[0]!.content, cv)).toBe(0);
  expect(mailsTo(trial)).toHaveLength(1);
  // Two workers send the registration and the transfer details side by side: either may arrive first.
  expect(
    mailsTo(student)
      .map((m) => m.subject?.split(' ')[0])
      .sort(),
  ).toEqual(['Datos', 'Tu']);
});

test('a CV whose file is sent through one node and whose form through the other', async ({ request }) => {
  const email = `cross-${Date.now()}@example.com`;
  const search = await request.post(`${node(0)}/rest/jobs/search?pageSize=5`, {
    data: { search: { dashboard: 'all', queryText: '', filters: {} }, lastEvaluatedKey: null },
  });
  const job = ((await search.json()) as { items: { id: string; position: string }[] }).items[0]!;
  const cv = pdfFile('Cross Node - CV');
  const asked = await request.post(`${node(0)}/rest/file/cv/uploadurl`, {
    headers: { 'x-real-ip': `198.19.${RUN}.1` },
    data: { file: { filename: 'cv.pdf', mimetype: 'application/pdf', size: cv.length }, email, info: '', locale: 'en' },
  });
  expect(asked.status()).toBe(200);
  const target = (await asked.json()) as { uploadUrl: string; fileId: string; headers: Record<string, string> };
  expect(target.uploadUrl.startsWith(cluster.env.S3_ENDPOINT!)).toBe(true);
  const put = await fetch(target.uploadUrl, { method: 'PUT', headers: target.headers, body: new Uint8Array(cv) });
  expect(put.status).toBe(200);
  const sent = await request.post(`${node(1)}/rest/form`, {
    headers: { 'x-real-ip': `198.19.${RUN}.1` },
    data: {
      type: 'job_application',
      form: {
        target: { kind: 'job', id: job.id },
        name: 'Nadia Cross',
        email,
        position: job.position,
        phone: '+34 600 123 456',
        currentLocation: 'Valencia',
        residence: 'Spain',
        availabilityWeeks: 4,
        noticePeriod: 'One month',
        fileId: target.fileId,
      },
      context: { locale: 'en', page: `/jobs/all/apply/${job.id}`, referrer: '', utm: {} },
      traps: { website: '', elapsedMs: 8000 },
    },
  });
  expect(sent.status()).toBe(200);
  await mailsSettled();
  expect(await count('select count(*) as n from leads where email = $1', email)).toBe(1);
  const mail = mailsAbout(email, RECRUITING);
  expect(mail).toHaveLength(1);
  expect(Buffer.compare(mail[0]!.attachments[0]!.content, cv)).toBe(0);
});

test('the form limit of an address is reached across both nodes (counted in Redis)', async ({ request }) => {
  const address = `198.19.${RUN}.2`;
  const statuses: number[] = [];
  for (let i = 0; i < 6; i++) {
    const res = await request.post(`${node(i % 2)}/rest/form`, {
      headers: { 'x-real-ip': address },
      data: messageForm(`limit-${Date.now()}-${i}@example.com`),
    });
    statuses.push(res.status());
    if (res.status() === 429) expect(Number(res.headers()['retry-after'])).toBeGreaterThan(0);
  }
  // Five forms in ten minutes per address: three went to one node and two to the other.
  expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
});

test('a job changed through one node is on the board, its page, the sitemap and the feed of the other at the next request', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const recruiter = await officeMember(browser, 'recruiting', {
    origin: PROXY,
    env: { ...cluster.env, DATA_DIR: path.join(cluster.dir, 'web-1') },
    addressHeader: ADDRESS,
  });
  const [first, second] = [node(0), node(1)];
  const office = (method: 'GET' | 'POST', url: string, data?: unknown) =>
    recruiter.page.request.fetch(`${first}/rest/office${url}`, {
      method,
      data: method === 'POST' ? (data ?? {}) : undefined,
      headers: { origin: PROXY },
    });
  const html = async (url: string) => (await fetch(url)).text();
  /** A page through nginx, as a browser asks for it, and whether nginx answered it from its cache. */
  const proxied = async (path: string) => {
    const res = await fetch(`${PROXY}${path}`, { headers: BROWSER });
    return { text: await res.text(), cache: res.headers.get('x-cache-status') };
  };

  // nginx has the board and the feed in its cache.
  for (const path of ['/jobs/frontendjobs', '/jobs/frontendjobs/feed.xml']) {
    await proxied(path);
    expect((await proxied(path)).cache, path).toBe('HIT');
  }

  // The other node has the board and a job page in its cache.
  const search = await fetch(`${second}/rest/jobs/search?pageSize=5`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ search: { dashboard: 'frontendjobs', queryText: '', filters: {} }, lastEvaluatedKey: null }),
  });
  const listed = ((await search.json()) as { items: { id: string; position: string }[] }).items[0]!;
  for (let i = 0; i < 2; i++) {
    await html(`${second}/jobs/frontendjobs`);
    await html(`${second}/jobs/frontendjobs/specs/${listed.id}`);
  }
  expect(await html(`${second}/jobs/frontendjobs/specs/${listed.id}`)).toContain(listed.position);

  // Through the first node: a new job, and the listed one closed.
  const position = `Cluster Engineer ${Date.now()}`;
  const created = await office('POST', '/jobs', {
    external_id: `cluster-${Date.now()}`,
    position,
    company: 'Nodecorp',
    dashboards: ['frontendjobs'],
    industry: 'media',
    remote_allowance: 'fullremote',
    contract_type: 'permanent',
    work_schedule: 'fulltime',
    short_description: 'Keep two web nodes in step.',
  });
  expect(created.status()).toBe(200);
  const { id } = (await created.json()) as { id: string };
  expect((await office('POST', `/jobs/${listed.id}/close`)).status()).toBe(200);
  const changed = Date.now();

  // The other node, at once.
  expect(await html(`${second}/jobs/frontendjobs`)).toContain(`/specs/${id}"`);
  expect(await html(`${second}/jobs/frontendjobs/specs/${id}`)).toContain(position);
  expect(await sitemapText((path) => html(`${second}${path}`))).toContain(`/jobs/all/specs/${id}`);
  expect(await html(`${second}/jobs/frontendjobs/feed.xml`)).toContain(position);
  expect(await html(`${second}/jobs/frontendjobs/specs/${listed.id}`)).toContain('This job is closed');
  expect(await html(`${second}/jobs/frontendjobs`)).not.toContain(`/specs/${listed.id}"`);

  // Through nginx, within 5 s of the change: it keeps a page 2 s, then asks a node again.
  await expect
    .poll(
      async () => {
        const [board, feed] = [await proxied('/jobs/frontendjobs'), await proxied('/jobs/frontendjobs/feed.xml')];
        return [board.text.includes(`/specs/${id}"`), board.text.includes(`/specs/${listed.id}"`), feed.text.includes(position)];
      },
      { timeout: Math.max(500, 5000 - (Date.now() - changed)), intervals: [100] },
    )
    .toEqual([true, false, true]);
  expect(Date.now() - changed).toBeLessThan(5000);
  // A job page is never kept by nginx (its visits are counted): right at the next request.
  const closed = await proxied(`/jobs/frontendjobs/specs/${listed.id}`);
  expect([closed.cache, closed.text.includes('This job is closed')]).toEqual([null, true]);
  await recruiter.context.close();
});

test('page copy published through one node is on the other at once, and through nginx within 5 s', async ({ browser }) => {
  test.setTimeout(120_000);
  const marketing = await officeMember(browser, 'marketing', {
    origin: PROXY,
    env: { ...cluster.env, DATA_DIR: path.join(cluster.dir, 'web-1') },
    addressHeader: ADDRESS,
  });
  const [first, second] = [node(0), node(1)];
  const html = async (url: string) => (await fetch(url)).text();
  const heading = (text: string) => /<h1[^>]*>([^<]*)<\/h1>/.exec(text)?.[1];
  // The other node and nginx have the German about page and a case study in their caches.
  for (let i = 0; i < 2; i++) {
    for (const path of ['/de/about', '/de/case-studies/retail-checkout']) {
      await html(`${second}${path}`);
      await fetch(`${PROXY}${path}`, { headers: BROWSER });
    }
  }
  const publish = async (key: string, change: (copy: Record<string, unknown>) => Record<string, unknown>) => {
    const copy = (await (await marketing.page.request.get(`${first}/rest/office/content/${key}/de`)).json()) as {
      published: Record<string, unknown>;
    };
    const res = await marketing.page.request.post(`${first}/rest/office/content/${key}/de/publish`, {
      data: { content: change(copy.published) },
      headers: { origin: PROXY },
    });
    expect(res.status(), key).toBe(200);
  };
  const about = `Über uns ${Date.now().toString(36)}`;
  const study = `Ein Checkout ${Date.now().toString(36)}`;
  await publish('about', (c) => ({ ...c, heading: about }));
  await publish('case-study-retail-checkout', (c) => ({ ...c, title: study }));
  const changed = Date.now();

  expect(heading(await html(`${second}/de/about`))).toBe(about);
  expect(heading(await html(`${second}/de/case-studies/retail-checkout`))).toBe(study);
  await expect
    .poll(
      async () => [
        heading(await (await fetch(`${PROXY}/de/about`, { headers: BROWSER })).text()),
        heading(await (await fetch(`${PROXY}/de/case-studies/retail-checkout`, { headers: BROWSER })).text()),
      ],
      { timeout: Math.max(500, 5000 - (Date.now() - changed)), intervals: [100] },
    )
    .toEqual([about, study]);
  expect(Date.now() - changed).toBeLessThan(5000);
  await marketing.context.close();
});

test("nginx answers pages from its cache, gzip-compressed, and Next's build files with their security headers", async () => {
  const page = async (path: string, headers: Record<string, string> = BROWSER) => {
    const res = await fetch(`${PROXY}${path}`, { headers });
    return { res, text: await res.text() };
  };
  await page('/about');
  const about = await page('/about');
  expect(about.res.headers.get('x-cache-status')).toBe('HIT');
  expect(about.text).toContain('<html');

  // gzip for a client that takes nothing else (fetch decodes it; the header says how it came).
  const gzipped = await page('/about', { ...BROWSER, 'accept-encoding': 'gzip' });
  expect(gzipped.res.headers.get('content-encoding')).toBe('gzip');
  expect(gzipped.res.headers.get('vary')).toMatch(/accept-encoding/i);
  expect(gzipped.text).toBe(about.text);

  // A script of the build, kept by nginx with the node's headers.
  const script = /\/_next\/static\/[\w/.-]+\.js/.exec(about.text)![0];
  const fromNode = await fetch(`${node(0)}${script}`, { headers: BROWSER });
  await fromNode.arrayBuffer();
  await page(script);
  const kept = await page(script);
  expect(kept.res.headers.get('x-cache-status')).toBe('HIT');
  for (const name of [
    'strict-transport-security',
    'x-content-type-options',
    'x-frame-options',
    'content-security-policy',
    'referrer-policy',
    'cache-control',
  ])
    expect(kept.res.headers.get(name), name).toBe(fromNode.headers.get(name));
  expect(kept.res.headers.get('cache-control')).toContain('immutable');
});

test("an employer's job views and apply click are counted for each visit through nginx", async ({ browser }) => {
  test.setTimeout(180_000);
  const recruiter = await officeMember(browser, 'recruiting', {
    origin: PROXY,
    env: { ...cluster.env, DATA_DIR: path.join(cluster.dir, 'web-1') },
    addressHeader: ADDRESS,
  });
  const created = await recruiter.call('POST', '/jobs', {
    external_id: `cluster-stats-${Date.now()}`,
    position: `Counted Engineer ${Date.now()}`,
    company: 'Countercorp',
    dashboards: ['frontendjobs'],
    industry: 'media',
    remote_allowance: 'fullremote',
    contract_type: 'permanent',
    work_schedule: 'fulltime',
    short_description: 'Count what nginx passes on.',
  });
  expect(created.status()).toBe(200);
  const { id } = (await created.json()) as { id: string };
  const today = new Date().toISOString().slice(0, 10);
  const stats = async () => {
    const { rows } = await db.query('select views, apply_clicks from job_daily_stats where job_id = $1 and day = $2', [id, today]);
    return rows[0] ? [Number(rows[0].views), Number(rows[0].apply_clicks)] : [0, 0];
  };

  // Each visit in a browser, through nginx (round robin: both nodes count), in two languages; the
  // counts are written every 5 s.
  const visitor = await browser.newContext();
  const page = await visitor.newPage();
  const visits = [
    `/jobs/frontendjobs/specs/${id}`,
    `/jobs/frontendjobs/specs/${id}`,
    `/jobs/all/specs/${id}`,
    `/sp/jobs/frontendjobs/specs/${id}`,
  ];
  for (const [i, visit] of visits.entries()) {
    const res = await page.goto(`${PROXY}${visit}`);
    expect(res!.status()).toBe(200);
    expect(res!.headers()['x-cache-status']).toBeUndefined();
    await expect.poll(stats, { timeout: 15_000 }).toEqual([i + 1, 0]);
  }
  // In English again (the Spanish page set the language cookie).
  await visitor.clearCookies();
  await page.goto(`${PROXY}/jobs/frontendjobs/specs/${id}`);
  await page.getByRole('link', { name: 'Apply', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/jobs/frontendjobs/apply/${id}$`));
  // A prefetch and a crawler are not visitors.
  await page.request.get(`${PROXY}/jobs/frontendjobs/specs/${id}`, { headers: { 'next-router-prefetch': '1' } });
  await page.request.get(`${PROXY}/jobs/frontendjobs/specs/${id}`, {
    headers: { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' },
  });
  await expect.poll(stats, { timeout: 15_000 }).toEqual([visits.length + 1, 1]);
  await sleep(6000);
  expect(await stats()).toEqual([visits.length + 1, 1]);

  // The office shows them, through nginx too.
  const row = recruiter.page.locator(`[data-testid="job-stats"] tr[data-day="${today}"]`);
  await recruiter.page.goto(`${PROXY}/office/jobs/${id}`);
  await expect(row.locator('td')).toHaveText([/.+/, String(visits.length + 1), '1']);
  expect((await recruiter.call('POST', `/jobs/${id}/close`)).status()).toBe(200);
  await visitor.close();
  await recruiter.context.close();
});

// The worker test's mails are checked at the end of the file: a mail held by the killed worker is
// sent by the other once its job expires (about three minutes).
const workerKillEmails: string[] = [];

test('a worker killed while sending: the other goes on (its held mails are checked at the end)', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await sitePage(browser);
  const emails = Array.from({ length: 16 }, (_, i) => `worker-kill-${Date.now()}-${i}@example.com`);
  workerKillEmails.push(...emails);
  // A slow relay (half a second a mail): the workers are still sending when one of them dies.
  cluster.smtp.delayMs = 500;
  const statuses = await sendFromBrowser(
    page,
    emails.map((e) => messageForm(e)),
  );
  expect(statuses).toEqual(emails.map(() => 200));
  // As soon as the first mails arrive, one worker dies mid-stream.
  await expect.poll(() => cluster.smtp.messages.length, { timeout: 30_000 }).toBeGreaterThan(0);
  await cluster.workers[0]!.stop('SIGKILL');
  cluster.smtp.delayMs = 0;
  // The other worker sends the rest (all those not held by the dead one) without waiting.
  await expect.poll(() => emails.filter((e) => mailsTo(e).length > 0).length, { timeout: 60_000 }).toBeGreaterThanOrEqual(6);
  await cluster.workers[0]!.start();
});

test('a web node killed while a browser sends forms: nginx routes around it; each form answered 200 is stored and mailed once', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const page = await sitePage(browser);
  const stamp = `web-kill-${Date.now()}`;
  const emails = Array.from({ length: 24 }, (_, i) => `${stamp}-${i}@example.com`);
  const statuses = await sendFromBrowser(
    page,
    emails.map((e) => messageForm(e)),
    async (i) => {
      if (i === 8) {
        // Without waiting for it to exit: the forms go on meanwhile.
        void cluster.web[1]!.stop('SIGKILL');
      }
    },
  );
  // Only a form in flight on the killed node may fail; after it, every one is answered.
  expect(statuses.filter((s) => s !== 200).length).toBeLessThanOrEqual(1);
  expect(statuses.slice(10).every((s) => s === 200)).toBe(true);
  await mailsSettled(120_000, stamp);
  for (const [i, email] of emails.entries()) {
    const stored = await count('select count(*) as n from leads where email = $1', email);
    if (statuses[i] === 200) {
      expect(stored, email).toBe(1);
      expect(mailsTo(email), email).toHaveLength(1);
      expect(mailsAbout(email, SALES), email).toHaveLength(1);
    } else expect(stored).toBeLessThanOrEqual(1);
  }
  await cluster.web[1]!.start();
  allRunning();
});

test('a rolling restart (each web node stopped with SIGTERM and started again) under steady load: no request fails', async () => {
  test.setTimeout(240_000);
  const failures: string[] = [];
  let sent = 0;
  let running = true;
  const load = async (worker: number) => {
    for (let i = 0; running; i++) {
      const kind = (worker + i) % 3;
      try {
        const res =
          kind === 0
            ? await fetch(`${PROXY}/about`)
            : kind === 1
              ? await fetch(`${PROXY}/jobs/all`)
              : await fetch(`${PROXY}/rest/jobs/search`, {
                  method: 'POST',
                  headers: { 'content-type': 'application/json' },
                  body: JSON.stringify({ search: { dashboard: 'all', queryText: 'react', filters: {} }, lastEvaluatedKey: null }),
                });
        await res.arrayBuffer();
        if (res.status !== 200) failures.push(`${res.status} ${kind}`);
      } catch (err) {
        failures.push(String(err));
      }
      sent++;
      await sleep(20);
    }
  };
  const loads = [0, 1, 2, 3].map(load);
  for (const member of cluster.web) {
    // As deploy/README.md says: a node that was refusing connections while it restarted is sent
    // requests again once nginx's fail_timeout (2 s, counted in whole seconds: up to 3 s) has
    // passed since its last refusal; the next node stops only then, or nginx would have no node.
    await sleep(4000);
    expect(await member.stop('SIGTERM')).toBe(0);
    await sleep(1000);
    await member.start();
  }
  await sleep(4000);
  running = false;
  await Promise.all(loads);
  expect(sent).toBeGreaterThan(200);
  expect(failures, nginxErrors()).toEqual([]);
});

test('PostgreSQL restarted under load: 503 with Retry-After while it is down, no process exits, all recovers by itself', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const pgHost = new URL(databaseUrl).hostname;
  const version = existsSync('/etc/postgresql') ? readdirSync('/etc/postgresql')[0] : undefined;
  test.skip(
    !['127.0.0.1', 'localhost'].includes(pgHost) || !version,
    'PostgreSQL is not a cluster of this machine that pg_ctlcluster runs',
  );
  const answers: { status: number; retryAfter: string | null; what: string; at: number }[] = [];
  let running = true;
  const load = async () => {
    for (let i = 0; running; i++) {
      const what = ['search', 'job', 'form'][i % 3]!;
      const at = Date.now();
      try {
        const res =
          what === 'search'
            ? await fetch(`${PROXY}/rest/jobs/search`, {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify({ search: { dashboard: 'all', queryText: `q${i}`, filters: {} }, lastEvaluatedKey: null }),
              })
            : what === 'job'
              ? await fetch(`${PROXY}/jobs/all/specs/no-such-job-${i}`)
              : await fetch(`${PROXY}/rest/form`, {
                  method: 'POST',
                  headers: { 'content-type': 'application/json', [ADDRESS]: visitor() },
                  body: JSON.stringify(messageForm(`outage-${Date.now()}-${i}@example.com`)),
                });
        await res.arrayBuffer();
        answers.push({ status: res.status, retryAfter: res.headers.get('retry-after'), what, at });
      } catch {
        answers.push({ status: 0, retryAfter: null, what, at });
      }
      await sleep(50);
    }
  };
  const loads = [load(), load()];
  await sleep(1000);
  execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', version!, 'main', 'stop', '-m', 'fast']);
  // Requests sent once the connections the nodes held are gone (a second after the stop).
  const outageFrom = Date.now() + 1000;
  await sleep(6000);
  const outageTo = Date.now();
  const duringOutage = answers.filter((a) => a.at >= outageFrom && a.at < outageTo);
  execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', version!, 'main', 'start']);
  // Recovery: every node ready again, without being restarted.
  await expect
    .poll(async () => (await Promise.all([0, 1].map((i) => fetch(`${node(i)}/rest/ready`).then((r) => r.status)))).join(), {
      timeout: 60_000,
    })
    .toBe('200,200');
  await sleep(3000);
  running = false;
  await Promise.all(loads);

  expect(duringOutage.length).toBeGreaterThan(10);
  for (const a of duringOutage) {
    expect([503], `${a.what} during the outage`).toContain(a.status);
    expect(Number(a.retryAfter), `${a.what}: Retry-After`).toBeGreaterThan(0);
  }
  expect(answers.slice(-6).map((a) => a.status)).toEqual(expect.arrayContaining([200]));
  expect(answers.filter((a) => a.status === 500 || a.status === 502 || a.status === 0)).toEqual([]);
  allRunning();
  // A form after the restart is stored and mailed, by workers that were not restarted either.
  const page = await sitePage(browser);
  const email = `after-outage-${Date.now()}@example.com`;
  expect(await sendFromBrowser(page, [messageForm(email)])).toEqual([200]);
  await expect.poll(() => mailsTo(email).length, { timeout: 60_000 }).toBe(1);
});

test('the mails held by the killed worker were sent by the other; a copy only of one it was sending, with its Message-ID', async () => {
  test.setTimeout(300_000);
  await mailsSettled(280_000);
  // Decision 025: a mail the relay took just before the kill, not yet recorded as sent, is sent
  // again with the same Message-ID (a receiver drops the copy). Every mail arrives; none other twice.
  const held = workerKillEmails.map((email) => [mailsTo(email), mailsAbout(email, SALES)] as const);
  for (const [i, [acknowledgements, notifications]] of held.entries()) {
    for (const copies of [acknowledgements, notifications]) {
      expect(copies.length, workerKillEmails[i]).toBeGreaterThanOrEqual(1);
      expect(new Set(copies.map((m) => m.messageId)).size, workerKillEmails[i]).toBe(1);
    }
  }
  // At most the dead worker's batch in its hands (10 at once) went twice.
  expect(held.flat().filter((copies) => copies.length > 1).length).toBeLessThanOrEqual(10);
  const ofHeld = new Set(held.flat(2).map((m) => m.messageId));
  const ids = cluster.smtp.messages.map((m) => m.messageId).filter((id) => !ofHeld.has(id));
  expect(ids.length - new Set(ids).size).toBe(0);
});
