import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, hydratingNavigations, test, type Page } from '../support/test';
import { mailsTo } from '../support/e2e-mail';
import { officeMember } from '../support/e2e-office-member';
import { eventually } from '../support/eventually';
import { likeAPerson } from '../support/like-a-person';
import { sitemapText } from '../support/sitemap';

// Jobs posted by employers: the form, the address confirmed by mail, a recruiter's review in the
// office, the board and the sitemap at the next request, an edit that waits for review, and the
// mail before the listing ends with its one-press renewal.

const run = promisify(execFile);
const DAY = 24 * 3600 * 1000;

/** `npm run postings -- …` beside the running server (it takes the command over its socket). */
async function postings(...args: string[]): Promise<string> {
  const { stdout } = await run('npx', ['tsx', '--tsconfig', 'tsconfig.scripts.json', 'scripts/postings.ts', ...args], {
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR!, DATABASE_URL: '', LOG_LEVEL: 'silent' },
  });
  return stdout;
}

/** The first link of the newest mail to `to` whose subject matches, as a path of this site. */
async function linkIn(to: string, subject: RegExp, pattern: RegExp): Promise<string> {
  const mail = await eventually(async () => {
    const found = (await mailsTo(to)).filter((m) => subject.test(m.subject ?? '')).at(-1);
    if (!found) throw new Error(`no mail to ${to} matching ${subject}`);
    return found;
  }, 20_000);
  const link = String(mail.html || mail.text).match(pattern)?.[0];
  if (!link) throw new Error(`no link in the mail "${mail.subject}"`);
  return link.replace(/&amp;/g, '&').replace(/^https?:\/\/[^/]+/, '');
}

async function fillPosting(page: Page, position: string, email: string) {
  await page.getByLabel('Your name').fill('Nora Numbat');
  await page.getByLabel('Your work email').fill(email);
  await page.getByLabel('Company').fill('Numbat Labs');
  await page.getByLabel('Job title').fill(position);
  await page.getByLabel('Board').selectOption('frontendjobs');
  await page.getByLabel('Location', { exact: true }).fill('Berlin');
  await page
    .getByLabel('Description')
    .fill('We build compilers for small devices.\n\n- Rust every day\n- A team of six\n\nRemote across Europe, two meetups a year.');
  await page.getByLabel('Skills and tags').fill('Rust, Embedded');
  await page.getByLabel('Industry').selectOption('information_technology');
  await page.getByLabel('Remote work').selectOption('fullremote');
  await page.getByLabel('Candidate location').selectOption('europe');
  await page.getByLabel('Contract').selectOption('permanent');
  await page.getByLabel('Schedule').selectOption('fulltime');
  await page.getByLabel('From').fill('80000');
  await page.getByLabel('To', { exact: true }).fill('95000');
}

test('an employer posts a job, confirms by mail, a recruiter approves it; an edit waits for review; the listing is renewed before it ends', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const email = `nora-${stamp}@numbat.example`;
  const position = `Numbat compiler engineer ${stamp}`;

  // The board's "Post a job" leads to the site's own form.
  await page.goto('/jobs/all');
  await page.getByRole('link', { name: 'Post a job' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Post a job' })).toBeVisible();
  await page.waitForLoadState('networkidle');

  // A press on an incomplete form names what is missing.
  await page.getByRole('button', { name: 'Send for review' }).click();
  await expect(page.getByText('Please correct the marked errors.')).toBeVisible();
  await fillPosting(page, position, email);
  await likeAPerson(page);
  await page.getByRole('button', { name: 'Send for review' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();

  const manage = await linkIn(email, /Confirm your job posting/, /https?:\/\/[^\s"<]+\/jobs\/post\/[\w.-]+/);
  await page.goto(manage);
  await page.waitForLoadState('networkidle');
  await expect(page.getByText('Thank you, your address is confirmed.')).toBeVisible();
  await expect(page.getByText('Waiting for review: a recruiter')).toBeVisible();

  // A recruiter reviews it: approve asks first, then the job is on the board and in the sitemap.
  const recruiter = await officeMember(browser, 'recruiting');
  await recruiter.page.goto('/office/postings');
  await recruiter.page.getByRole('link', { name: position }).click();
  await expect(recruiter.page.getByText('Nora Numbat <' + email + '>')).toBeVisible();
  await recruiter.page.getByRole('button', { name: 'Approve' }).click();
  await recruiter.page
    .getByRole('group', { name: /Put this job on the board/ })
    .getByRole('button', { name: 'Approve' })
    .click();
  await expect(recruiter.page.getByText('On the board', { exact: true })).toBeVisible();

  const board = await (await request.get(`/jobs/all?q=${stamp}`)).text();
  expect(board).toContain(position);
  const jobPath = (await page.reload(), await page.getByRole('link', { name: 'See the job on the board' }).getAttribute('href'))!;
  const jobId = jobPath.split('/').at(-1)!;
  expect(await sitemapText(async (path) => (await request.get(path)).text())).toContain(jobId);
  await linkIn(email, /Your job is live/, /https?:\/\/[^\s"<]+\/jobs\/[\w-]+\/specs\/[\w-]+/);

  // The employer edits it: the board keeps the approved version until the edit is approved.
  await page.getByRole('button', { name: 'Edit the job' }).click();
  await page.getByLabel('Job title').fill(`${position} (lead)`);
  await page.getByRole('button', { name: 'Save and send for review' }).click();
  await expect(page.getByText('Your latest changes are waiting for review')).toBeVisible();
  const live = await (await request.get(jobPath)).text();
  expect(live).toContain(position);
  expect(live).not.toContain(`${position} (lead)`);

  await recruiter.page.goto('/office/postings');
  await recruiter.page.getByRole('link', { name: `${position} (lead)` }).click();
  await expect(recruiter.page.getByText(/Changed: Job title/)).toBeVisible();
  await recruiter.page.getByRole('button', { name: 'Approve' }).click();
  await recruiter.page
    .getByRole('group', { name: /Replace the job on the board/ })
    .getByRole('button', { name: 'Approve' })
    .click();
  // "On the board" was already shown before this approval: the edit's note leaving says it is done.
  await expect(recruiter.page.getByText(/Changed: Job title/)).toHaveCount(0);
  await expect(recruiter.page.getByText('On the board', { exact: true })).toBeVisible();
  expect(await (await request.get(jobPath)).text()).toContain(`${position} (lead)`);

  // With the clock shifted to two days before the end, the notice goes out, once per end date.
  await page.reload();
  const untilText = (await page.getByText(/On the board until/).textContent())!;
  const end = Date.now() + 30 * DAY;
  await postings('notices', '--at', new Date(end - 2 * DAY).toISOString());
  await linkIn(email, /ends on the board soon/, /https?:\/\/[^\s"<]+\/jobs\/post\/[\w.-]+\?renew=1/);
  await postings('notices', '--at', new Date(end - 1 * DAY).toISOString());
  const notices = async () => (await mailsTo(email)).filter((m) => /ends on the board soon/.test(m.subject ?? '')).length;
  expect(await notices()).toBe(1);
  // By the real clock a month is left: nothing to renew yet.
  await page.reload();
  await expect(page.getByText(untilText)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Renew for another period' })).toHaveCount(0);

  // A recruiter brings the end to two days from now: that end date gets its notice, and one press renews.
  const origin = new URL(recruiter.page.url()).origin;
  const { values } = (await (await recruiter.call('GET', `/jobs/${jobId}`)).json()) as { values: Record<string, unknown> };
  const soon = new Date(Date.now() + 2 * DAY).toISOString().slice(0, 10);
  const moved = await recruiter.page.request.fetch(`/rest/office/jobs/${jobId}`, {
    method: 'PUT',
    data: { ...values, valid_through: soon },
    headers: { origin },
  });
  expect(moved.status()).toBe(200);
  await postings('notices');
  await eventually(async () => expect(await notices()).toBe(2), 20_000);
  const renew = await linkIn(email, /ends on the board soon/, /https?:\/\/[^\s"<]+\/jobs\/post\/[\w.-]+\?renew=1/);
  await page.goto(renew);
  await page.getByRole('button', { name: 'Renew for another period' }).first().click();
  await expect(page.getByText('The job is renewed')).toBeVisible();
  const renewedUntil = new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(Date.parse(soon) + 30 * DAY));
  await expect(page.getByText(`On the board until ${renewedUntil}.`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Renew for another period' })).toHaveCount(0);
  await recruiter.context.close();
});

test('a listing closed elsewhere refuses an edit: the page says so in its language and shows the listing as it stands', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const email = `nora-${stamp}@numbat.example`;
  // A visitor of its own (the server trusts x-real-ip here): the other test's posting does not count against its limit.
  await page.setExtraHTTPHeaders({ 'x-real-ip': '198.51.100.241' });
  await page.goto('/jobs/post');
  await page.waitForLoadState('networkidle');
  await fillPosting(page, `Numbat firmware engineer ${stamp}`, email);
  await likeAPerson(page);
  await page.getByRole('button', { name: 'Send for review' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  const manage = await linkIn(email, /Confirm your job posting/, /https?:\/\/[^\s"<]+\/jobs\/post\/[\w.-]+/);

  // The German page (another browser) is open with the edit form when the English one closes the listing.
  const other = await browser.newContext();
  other.on('page', hydratingNavigations);
  const german = await other.newPage();
  await german.goto(`/de${manage}`);
  await german.waitForLoadState('networkidle');
  await expect(german.getByText('Vielen Dank, Ihre Adresse ist bestätigt.')).toBeVisible();
  await german.getByRole('button', { name: 'Anzeige bearbeiten' }).click();
  await page.goto(manage);
  await page.getByRole('button', { name: 'Close the job' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Close the job' }).click();
  await expect(page.getByText('Closed: this job is no longer on the board.')).toBeVisible();

  await german.getByRole('button', { name: 'Speichern und zur Prüfung senden' }).click();
  // Focus lands on the listing's state, which says first why nothing was saved.
  await expect(german.getByRole('status').filter({ hasText: 'Diese Anzeige wurde zwischenzeitlich geändert' })).toBeFocused();
  await expect(german.getByText('Beendet: Diese Anzeige ist nicht mehr online.')).toBeVisible();
  await expect(german.getByRole('button', { name: 'Speichern und zur Prüfung senden' })).toHaveCount(0);
  await expect(german.getByRole('button', { name: 'Anzeige bearbeiten' })).toHaveCount(0);
  // The thanks for the confirmation went with the state it spoke of.
  await expect(german.getByText('Vielen Dank, Ihre Adresse ist bestätigt.')).toHaveCount(0);
  await other.close();

  // The audit log names who closed it: the employer on the site, not the server's command line.
  const admin = await officeMember(browser, 'admin');
  await admin.page.goto('/office/audit?action=posting.close');
  const row = admin.page.getByRole('row').filter({ hasText: 'posting.close' }).first();
  await expect(row).toContainText('The person, on the site');
  await expect(row).toContainText('198.51.100.241');
  await admin.context.close();
});
