import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page, hydratingNavigations } from '../support/test';
import { pdfFile } from '../support/cv-files';
import { mailsTo } from '../support/e2e-mail';
import { eventually } from '../support/eventually';
import { likeAPerson } from '../support/like-a-person';
import { STAFF_PASSWORD as PASSWORD, officeMember } from '../support/e2e-office-member';
import { totp } from '../support/office';

// The recruiters' work in the browser: candidates apply on the public site, a recruiter signs in
// with both factors, reads the application and its CV, moves candidates on (the rejection mailed
// in the candidate's language), sees the job's board, keeps a hire's record; a candidate
// withdraws from the link in their mail; sales reach none of it. Each step that must leave a trace
// is read back from the audit log by an admin.

test.describe.configure({ mode: 'serial' });

type Member = Awaited<ReturnType<typeof officeMember>>;
const member = (browser: Browser, role: string, name: string) => officeMember(browser, role, { name });

/** A job of the demo board that takes applications on the site. */
async function jobToApplyFor(page: Page): Promise<{ id: string; position: string; company: string | null }> {
  const res = await page.request.post('/rest/jobs/search?pageSize=50', {
    data: { search: { dashboard: 'all', queryText: '', filters: {} }, lastEvaluatedKey: null },
  });
  const { items } = (await res.json()) as { items: { id: string; position: string; company: string | null; apply_url: string | null }[] };
  // Not the first: the applications' own browser tests apply for that one.
  return items.filter((j) => !j.apply_url)[3]!;
}

/** Applies through the site's API as the form does (upload, then the form); for the tests that are not about the form. */
async function applyByRequest(page: Page, jobId: string, name: string, email: string, ip: string) {
  const headers = { 'x-real-ip': ip };
  const cv = pdfFile(name);
  const asked = await page.request.post('/rest/file/cv/uploadurl', {
    headers,
    data: { file: { filename: 'cv.pdf', mimetype: 'application/pdf', size: cv.length }, email, info: '', locale: 'en' },
  });
  expect(asked.status()).toBe(200);
  const { uploadUrl, fileId } = (await asked.json()) as { uploadUrl: string; fileId: string };
  expect((await page.request.put(uploadUrl, { headers: { ...headers, 'content-type': 'application/pdf' }, data: cv })).status()).toBe(204);
  const sent = await page.request.post('/rest/form', {
    headers,
    data: {
      type: 'job_application',
      form: {
        target: { kind: 'job', id: jobId },
        name,
        email,
        position: 'x',
        phone: '+34 600 555 666',
        currentLocation: 'Bilbao',
        availabilityWeeks: 2,
        fileId,
      },
      context: { locale: 'en', page: `/jobs/all/apply/${jobId}`, referrer: '', utm: {} },
      traps: { website: '', elapsedMs: 8000 },
    },
  });
  expect(sent.status()).toBe(200);
}

/** An office API call from a member's browser (its cookies, the site's Origin). */
const officeCall = (m: Member, method: 'GET' | 'POST', path: string) =>
  m.page.request.fetch(`/rest/office${path}`, {
    method,
    headers: { origin: new URL(m.page.url()).origin },
    data: method === 'POST' ? {} : undefined,
  });

async function applicantId(recruiter: Member, email: string): Promise<string> {
  const res = await officeCall(recruiter, 'GET', `/applicants?q=${encodeURIComponent(email)}`);
  const { rows } = (await res.json()) as { rows: { id: string }[] };
  expect(rows).toHaveLength(1);
  return rows[0]!.id;
}

/** The admin's audit log, filtered by an action (or a family of them). */
async function auditRows(admin: Member, action: string) {
  await admin.page.goto(`/office/audit?action=${encodeURIComponent(action)}`);
  return admin.page.getByRole('row');
}

let recruiter: Member;
let admin: Member;
let sales: Member;
let job: { id: string; position: string; company: string | null };

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  recruiter = await member(browser, 'recruiting', 'Rita Recruiter');
  admin = await member(browser, 'admin', 'Andrés Admin');
  sales = await member(browser, 'sales', 'Sergio Sales');
  job = await jobToApplyFor(recruiter.page);
});

test.afterAll(async () => {
  await Promise.all([recruiter, admin, sales].map((m) => m?.context.close()));
});

/** A candidate fills the job's public form in their language and sends it with a PDF CV. */
async function applyInBrowser(browser: Browser, locale: 'en' | 'es', name: string, email: string, ip: string) {
  const context = await browser.newContext({ extraHTTPHeaders: { 'x-real-ip': ip } });
  context.on('page', hydratingNavigations);
  const page = await context.newPage();
  const es = locale === 'es';
  await page.goto(`${es ? '/sp' : ''}/jobs/all/apply/${job.id}`);
  const file = page.getByLabel(es ? /^Currículum\b/ : /^CV\b/);
  const filename = `${name} CV.pdf`;
  // Chosen again until the page's script runs (a file chosen before that is not seen by the form).
  await expect(async () => {
    await file.setInputFiles({ name: filename, mimeType: 'application/pdf', buffer: pdfFile(name) });
    await expect(page.getByText(filename)).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await page.getByLabel(es ? 'Nombre' : 'Name').fill(name);
  await page.getByLabel(es ? 'Correo electrónico' : 'Email').fill(email);
  await page.getByLabel(es ? 'Teléfono' : 'Phone number').fill('+34 600 111 222');
  await page.getByLabel(es ? 'Ubicación actual' : 'Current location').fill('Sevilla');
  await page.getByLabel(es ? 'Disponibilidad en semanas' : 'Availability in weeks').fill('2');
  await likeAPerson(page);
  await page.getByRole('button', { name: es ? 'Inscribirme' : 'Apply', exact: true }).click();
  await expect(page.getByText(es ? 'Candidatura enviada' : 'Application sent').first()).toBeVisible();
  await context.close();
}

test('a recruiter signs in with both factors, reads an application and its CV, shortlists one, rejects another with a note, and sees the board', async ({
  browser,
  page,
}) => {
  test.setTimeout(150_000);
  const stamp = Date.now();
  const spanish = { name: `Lucía Tablero ${stamp}`, email: `lucia-${stamp}@example.com` };
  const english = { name: `Edward Board ${stamp}`, email: `edward-${stamp}@example.com` };
  await applyInBrowser(browser, 'es', spanish.name, spanish.email, '192.0.2.61');
  await applyInBrowser(browser, 'en', english.name, english.email, '192.0.2.62');

  // Signing in: the password, then the authenticator's code (a later one than the enrolment's).
  await page.setExtraHTTPHeaders({ 'x-real-ip': '198.51.100.240' });
  await page.goto('/office/sign-in');
  await page.getByLabel('Email').fill(recruiter.email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('6-digit code').fill(totp(recruiter.secret, Date.now() + 30_000));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  // The Spanish application, found in the list; its CV opened (the PDF, through a link for this member).
  await page.getByRole('navigation', { name: 'Office' }).getByRole('link', { name: 'Applicants' }).click();
  await page.getByLabel('Name or email').fill(spanish.email);
  await page.getByRole('button', { name: 'Show' }).click();
  await page.getByRole('link', { name: spanish.name }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(spanish.name);
  const spanishId = page.url().split('/').at(-1)!;
  await expect(page.getByText(`${spanish.name} CV.pdf, application/pdf`)).toBeVisible();
  const cv = page.context().waitForEvent('response', (r) => r.url().includes('/rest/office/cv/'));
  await page.getByRole('button', { name: 'Open the CV' }).click();
  const opened = await cv;
  expect(opened.status()).toBe(200);
  expect(opened.headers()['content-type']).toBe('application/pdf');
  expect(opened.headers()['content-disposition']).toMatch(/^inline; /);
  for (const tab of page.context().pages()) if (tab !== page) await tab.close();

  // Shortlisted: no mail, so no confirmation.
  await page.getByLabel('Status').selectOption('shortlisted');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved.')).toBeVisible();

  // The English one rejected with a personal line: the office asks first, then mails it in English.
  await page.goto(`/office/applicants?q=${encodeURIComponent(english.email)}`);
  await page.getByRole('link', { name: english.name }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(english.name);
  const englishId = page.url().split('/').at(-1)!;
  const note = `Thank you for your time, ${english.name.split(' ')[0]}; we would like to hear from you again next year.`;
  await page.getByLabel('Status').selectOption('rejected');
  await page.getByLabel('Mail the candidate (in their language)').check();
  await page.getByLabel('A personal line in the mail (optional)').fill(note);
  await page.getByRole('button', { name: 'Save' }).click();
  const confirm = page.getByRole('group', { name: 'Move to Rejected and mail the candidate?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved.')).toBeVisible();

  const target = job.company ? `${job.company} - ${job.position}` : job.position;
  const rejection = await eventually(async () => {
    const mail = (await mailsTo(english.email)).find((m) => m.subject === `Your application for ${target}`);
    expect(mail).toBeTruthy();
    return mail!;
  }, 30_000);
  expect(rejection.text).toContain('we have decided not to go ahead with your application');
  expect(rejection.text).toContain(note);
  // The Spanish candidate has only the acknowledgement, in Spanish.
  await eventually(async () => {
    expect((await mailsTo(spanish.email)).map((m) => m.subject)).toEqual([`Hemos recibido tu candidatura para ${target}`]);
  }, 30_000);

  // The job's office page links to its board; each candidate in their column, and the columns reached by keyboard.
  await page.goto(`/office/jobs/${job.id}`);
  await page.getByRole('link', { name: /^Applicants \(\d+\)$/ }).click();
  await expect(page).toHaveURL(new RegExp(`view=board`));
  const views = page.getByRole('navigation', { name: 'Show as' });
  await expect(views.getByRole('link', { name: 'Board' })).toHaveAttribute('aria-current', 'page');
  const column = (status: string) => page.getByRole('region', { name: new RegExp(`^${status} \\(\\d+\\)$`) });
  await expect(column('Shortlisted').getByRole('link', { name: spanish.name })).toBeVisible();
  await expect(column('Rejected').getByRole('link', { name: english.name })).toBeVisible();
  await expect(column('Shortlisted').getByText(/· es$/i)).toBeVisible();
  await expect(column('Hired').getByText('Nobody at this step.')).toBeVisible();
  await expect(column('New').getByRole('link', { name: spanish.name })).toHaveCount(0);
  const axe = async () =>
    (
      await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).analyze()
    ).violations.map((v) => `${v.id} (${v.nodes.map((node) => node.target.join(' ')).join(', ')})`);
  expect(await axe()).toEqual([]);
  // At phone width the columns scroll sideways, within their own region.
  await page.setViewportSize({ width: 390, height: 800 });
  expect(await axe()).toEqual([]);
  const board = page.getByRole('region', { name: /^Applicants by status/ });
  expect(await board.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await column('Rejected').getByRole('link', { name: english.name }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/office/applicants/${englishId}$`));
  // The list shows the same job's applicants.
  await page.goto(`/office/applicants?target=job:${job.id}&view=board`);
  await views.getByRole('link', { name: 'List' }).click();
  await expect(page.getByRole('row').filter({ hasText: spanish.name })).toContainText('Shortlisted');

  // The admin reads the CV's opening and the moves in the audit log, by the recruiter.
  const opens = await auditRows(admin, 'cv.open');
  await expect(opens.filter({ hasText: spanishId }).filter({ hasText: 'Rita Recruiter' })).toHaveCount(1);
  const moves = await auditRows(admin, 'applicant.status');
  await expect(moves.filter({ hasText: englishId })).toHaveCount(1);
  await expect(moves.filter({ hasText: spanishId })).toHaveCount(1);
});

test('a candidate withdraws with one press from the link in their mail: withdrawn in the office, the CV gone', async ({ page }) => {
  test.setTimeout(60_000);
  const stamp = Date.now();
  const email = `withdraw-${stamp}@example.com`;
  await applyByRequest(page, job.id, `Wanda Withdraw ${stamp}`, email, '192.0.2.63');
  const id = await applicantId(recruiter, email);
  // A link to the CV taken while it was there.
  const link = (await (await officeCall(recruiter, 'POST', `/applicants/${id}/cv-link`)).json()) as { url: string };
  expect((await recruiter.page.request.get(link.url)).status()).toBe(200);

  const ack = await eventually(async () => {
    const [mail] = await mailsTo(email);
    expect(mail).toBeTruthy();
    return mail!;
  }, 30_000);
  const withdraw = /https?:\/\/\S+\/careers\/withdraw\/[\w.-]+/.exec(ack.text!)![0];
  await page.goto(new URL(withdraw).pathname);
  await expect(page.getByRole('heading', { level: 1, name: 'Withdraw your application' })).toBeVisible();
  await page.getByRole('button', { name: 'Withdraw my application' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your application is withdrawn' })).toBeVisible();

  await recruiter.page.goto(`/office/applicants/${id}`);
  await expect(recruiter.page.getByLabel('Status')).toHaveValue('withdrawn');
  await expect(recruiter.page.getByText('No CV kept (deleted or withdrawn).')).toBeVisible();
  expect([404, 410]).toContain((await recruiter.page.request.get(link.url)).status());
  expect((await officeCall(recruiter, 'POST', `/applicants/${id}/cv-link`)).status()).toBe(404);
  const rows = await auditRows(admin, 'applicant.withdraw');
  await expect(rows.filter({ hasText: id })).toHaveCount(1);
});

test('sales open neither an applicant nor a CV, by browser or request', async ({ page }) => {
  const stamp = Date.now();
  const email = `closed-${stamp}@example.com`;
  await applyByRequest(page, job.id, `Carla Closed ${stamp}`, email, '192.0.2.64');
  const id = await applicantId(recruiter, email);
  const link = (await (await officeCall(recruiter, 'POST', `/applicants/${id}/cv-link`)).json()) as { url: string };

  const opened = await sales.page.goto(`/office/applicants/${id}`);
  expect(opened!.status()).toBe(403);
  expect((await sales.page.goto('/office/applicants'))!.status()).toBe(403);
  expect((await officeCall(sales, 'GET', `/applicants/${id}`)).status()).toBe(403);
  expect((await officeCall(sales, 'POST', `/applicants/${id}/cv-link`)).status()).toBe(403);
  expect((await sales.page.request.get(link.url)).status()).toBe(403);
  expect((await officeCall(sales, 'POST', `/applicants/${id}/keep`)).status()).toBe(403);
  // Nor through the sales inbox, by naming an application's or a CV's kind.
  for (const kind of ['job_application', 'cv']) {
    await sales.page.goto(`/office/leads?kind=${kind}&q=${encodeURIComponent(email)}`);
    await expect(sales.page.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible();
    await expect(sales.page.getByText(email)).toHaveCount(0);
    expect((await officeCall(sales, 'GET', `/leads?kind=${kind}`)).status()).toBe(422);
    expect((await officeCall(sales, 'GET', `/leads/export?kind=${kind}`)).status()).toBe(422);
  }
  // Nothing of it was recorded as seen by them.
  const views = await auditRows(admin, 'applicant.view');
  await expect(views.filter({ hasText: id }).filter({ hasText: 'Sergio Sales' })).toHaveCount(0);
});

test('a hired applicant’s record is kept past retention after a confirmation, and undone the same way; both audited', async ({ page }) => {
  test.setTimeout(60_000);
  const stamp = Date.now();
  const email = `hired-${stamp}@example.com`;
  await applyByRequest(page, job.id, `Hugo Hired ${stamp}`, email, '192.0.2.65');
  const id = await applicantId(recruiter, email);
  const p = recruiter.page;
  await p.goto(`/office/applicants/${id}`);
  // Not hired yet: nothing to keep, and the API refuses it.
  await expect(p.getByRole('button', { name: 'Keep this record' })).toHaveCount(0);
  expect((await officeCall(recruiter, 'POST', `/applicants/${id}/keep`)).status()).toBe(409);

  await p.getByLabel('Status').selectOption('hired');
  await p.getByRole('button', { name: 'Save' }).click();
  await expect(p.getByText('Saved.')).toBeVisible();
  const section = p.getByRole('region', { name: 'Keeping the record' });
  await expect(section).toContainText('Retention deletes applications and their CVs 365 days after they were sent');
  await section.getByRole('button', { name: 'Keep this record' }).click();
  const ask = section.getByRole('group');
  await expect(ask).toContainText('Retention will not delete it or its CV until you undo this');
  // Cancel changes nothing.
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(section).toContainText('Retention deletes applications');
  await section.getByRole('button', { name: 'Keep this record' }).click();
  await section.getByRole('group').getByRole('button', { name: 'Keep this record' }).click();
  await expect(section).toContainText('by Rita Recruiter: retention does not delete it or its CV.');
  // Moving a kept hire on would end the keep: the page asks first.
  await p.getByLabel('Status').selectOption('offer');
  await p.getByRole('button', { name: 'Save' }).click();
  const moveOn = p.getByRole('group').filter({ hasText: 'This record is kept' });
  await expect(moveOn).toBeVisible();
  await moveOn.getByRole('button', { name: 'Cancel' }).click();
  await p.getByLabel('Status').selectOption('hired');

  // On the board, the card says so.
  await p.goto(`/office/applicants?target=job:${job.id}&view=board`);
  await expect(
    p
      .getByRole('region', { name: /^Hired/ })
      .getByRole('listitem')
      .filter({ hasText: `Hugo Hired ${stamp}` }),
  ).toContainText('Kept');

  await p.goto(`/office/applicants/${id}`);
  await section.getByRole('button', { name: 'Stop keeping' }).click();
  await expect(section.getByRole('group')).toContainText('the next hourly retention run deletes it and its CV');
  await section.getByRole('group').getByRole('button', { name: 'Stop keeping' }).click();
  await expect(section).toContainText('Retention deletes applications');

  const kept = await auditRows(admin, 'applicant.keep');
  await expect(kept.filter({ hasText: id }).filter({ hasText: 'Rita Recruiter' })).toHaveCount(1);
  const unkept = await auditRows(admin, 'applicant.unkeep');
  await expect(unkept.filter({ hasText: id }).filter({ hasText: 'Rita Recruiter' })).toHaveCount(1);
});
