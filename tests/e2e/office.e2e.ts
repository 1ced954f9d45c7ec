import { readFileSync } from 'node:fs';
import { expect, test, type Browser, type Page, hydratingNavigations } from '../support/test';
import { mailsTo } from '../support/e2e-mail';
import { likeAPerson } from '../support/like-a-person';
import { STAFF_PASSWORD as PASSWORD, acceptInvitation, inviteStaff, officeMember } from '../support/e2e-office-member';
import { totp } from '../support/office';

// The staff office: invitations by the operator's command line, the two factors, roles on every
// page, the sales inbox worked end to end, and the audit log of it.

let n = 0;

// Each test signs in from an address of its own: the office limits sign-in attempts per address.
test.beforeEach(async ({ context }, info) => {
  await context.setExtraHTTPHeaders({ 'x-real-ip': `203.0.113.${100 + info.workerIndex * 20 + (++n % 20)}` });
});

const member = (browser: Browser, role: string, name: string) => officeMember(browser, role, { name });

/** A message to sales, as the contact form sends it, from an address of its own (forms are limited per address). */
const aMessageToSales = (page: Page, name: string, company: string) =>
  page.request.post('/rest/form', {
    headers: { 'x-real-ip': `192.0.2.${210 + (n % 40)}` },
    data: {
      type: 'contact',
      form: {
        kind: 'message',
        name,
        email: `sales-${Date.now()}@example.com`,
        phone: '+34 600 000 000',
        company,
        jobtitle: 'CTO',
        info: 'Hello',
      },
      context: { locale: 'es', page: '/contact', referrer: '', utm: {} },
      traps: { website: '', elapsedMs: 9000 },
    },
  });

test('an invited member enrols, then works a lead from the contact form; the audit log shows each step', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const email = `admin-${Date.now()}@staff.example`;
  const link = await inviteStaff(email, 'admin');
  // The invitation is mailed too, with the same one-use link.
  await expect.poll(async () => (await mailsTo(email)).length, { timeout: 15_000 }).toBe(1);
  expect((await mailsTo(email))[0]!.text).toContain(link);
  await acceptInvitation(page, link, 'Ada Admin');
  // The link worked once.
  const again = hydratingNavigations(await browser.newPage());
  await again.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await expect(again.getByRole('alert').filter({ hasText: 'expired or was already used' })).toBeVisible();
  await again.close();

  // A visitor asks for a call back on the public site.
  const company = `Inbox Test ${Date.now()}`;
  const visitor = hydratingNavigations(await browser.newPage({ extraHTTPHeaders: { 'x-real-ip': '192.0.2.201' } }));
  await visitor.goto('/contact');
  await visitor.getByRole('button', { name: 'Schedule a call' }).click();
  const dialog = visitor.getByRole('dialog', { name: 'Schedule a call' });
  const field = (name: string) => visitor.getByRole('textbox', { name, exact: true });
  await field('Name').fill('Olivia Office');
  await field('Email').fill(`olivia-${Date.now()}@example.com`);
  await field('Phone number').fill('+34 600 123 456');
  await field('Company name').fill(company);
  await field('Job title').fill('CTO');
  await field('Additional info').fill('A mobile app for our field teams.');
  await dialog.getByLabel('Preferred time for the call').selectOption({ index: 1 });
  await likeAPerson(visitor);
  await dialog.getByRole('button', { name: 'Call me back' }).click();
  await expect(visitor.getByRole('status').filter({ hasText: 'Form submitted' })).toBeVisible();
  await visitor.close();

  // It is in the inbox; assigned, moved to contacted, noted.
  await page.getByRole('navigation', { name: 'Office' }).getByRole('link', { name: 'Leads' }).click();
  await page.getByLabel('Name, email or company').fill(company);
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page.getByRole('row')).toHaveCount(2);
  await page.getByRole('link', { name: 'Olivia Office' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Olivia Office');
  await expect(page.getByText(company)).toBeVisible();
  await page.getByLabel('Status').selectOption('contacted');
  await page.getByLabel('Assignee').selectOption({ label: 'Ada Admin' });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Note' }).fill('Called back; a quote follows on Monday.');
  await page.getByRole('button', { name: 'Add a note' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'Called back; a quote follows on Monday.' })).toContainText('Ada Admin');
  const leadId = page.url().split('/').at(-1)!;

  // The lost status needs its reason.
  await page.getByLabel('Status').selectOption('lost');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Fill this in.')).toBeVisible();

  // Exported: the current view, as CSV.
  await page.getByRole('link', { name: 'Back to the leads' }).click();
  await page.getByLabel('Name, email or company').fill(company);
  await page.getByText('More filters (0 set)').click();
  await page.getByLabel('Status').selectOption('contacted');
  await page.getByRole('button', { name: 'Show' }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export this view as CSV' }).click(),
  ]);
  const csv = readFileSync((await download.path())!, 'utf8');
  expect(csv.trim().split('\r\n')).toHaveLength(2);
  expect(csv).toContain(company);

  // The audit log has each step, by the admin, naming the lead by its id.
  await page.getByRole('navigation', { name: 'Office' }).getByRole('link', { name: 'Audit log' }).click();
  await page.getByLabel('Action').fill('lead');
  await page.getByRole('button', { name: 'Show' }).click();
  const rows = page.getByRole('row');
  for (const action of ['lead.view', 'lead.assign', 'lead.status', 'lead.note', 'lead.export']) {
    await expect(rows.filter({ hasText: action }).filter({ hasText: 'Ada Admin' }).first()).toBeVisible();
  }
  await expect(rows.filter({ hasText: 'lead.note' }).filter({ hasText: leadId })).toHaveCount(1);
  await expect(page.locator('body')).not.toContainText('Olivia');
});

test('the password alone reaches nothing, and a disabled member is signed out at the next request', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const admin = await member(browser, 'admin', `Admin ${n}`);
  const sales = await member(browser, 'sales', `Sam Sales ${n}`);

  // Password only: the code step, and no office page.
  await page.goto('/office/sign-in');
  await page.getByLabel('Email').fill(sales.email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Enter the code from your authenticator app' })).toBeVisible();
  await page.goto('/office/leads');
  await expect(page).toHaveURL(/\/office\/sign-in\?next=%2Foffice%2Fleads$/);

  // The sales member's own session works; the admin disables them (after confirming).
  await sales.page.goto('/office/leads');
  await expect(sales.page.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible();
  await admin.page.goto('/office/staff');
  const row = admin.page.getByRole('row').filter({ hasText: sales.email });
  await row.getByRole('button', { name: 'Disable' }).click();
  await expect(row.getByRole('group')).toContainText('Their sessions end at once');
  await row.getByRole('group').getByRole('button', { name: 'Disable' }).click();
  await expect(row).toContainText('Disabled');
  await sales.page.reload();
  await expect(sales.page).toHaveURL(/\/office\/sign-in\?next=%2Foffice%2Fleads$/);

  // Wrong code, then the right one signs the admin in a second browser, back to the page they opened.
  const second = hydratingNavigations(await browser.newPage({ extraHTTPHeaders: { 'x-real-ip': '198.51.100.251' } }));
  await second.goto('/office/audit?action=sign_in');
  await expect(second).toHaveURL(/\/office\/sign-in\?next=/);
  await second.getByLabel('Email').fill(admin.email);
  await second.getByLabel('Password').fill(PASSWORD);
  await second.getByRole('button', { name: 'Continue' }).click();
  await second.getByLabel('6-digit code').fill(totp(admin.secret) === '000000' ? '111111' : '000000');
  await second.getByRole('button', { name: 'Sign in' }).click();
  await expect(second.getByRole('alert').filter({ hasText: 'This code is not valid' })).toBeVisible();
  await second.getByLabel('6-digit code').fill(totp(admin.secret, Date.now() + 30_000));
  await second.getByRole('button', { name: 'Sign in' }).click();
  await expect(second.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  await expect(second).toHaveURL(/\/office\/audit\?action=sign_in$/);
  await Promise.all([admin.context.close(), sales.context.close(), second.close()]);
});

test('a member who forgot their password sets a new one from the mailed link, and signing in still asks for the code', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const m = await member(browser, 'sales', `Forgetful Sales ${n}`);
  const newPassword = 'a new password for a forgetful member';

  await page.goto('/office/sign-in');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password' })).toBeVisible();
  await page.getByLabel('Email').fill(m.email);
  await page.getByRole('button', { name: 'Mail me a link' }).click();
  // The answer any address gets, member or not.
  await expect(page.getByRole('status')).toContainText(`If ${m.email} belongs to an office account, a link`);
  const resetMails = async () => (await mailsTo(m.email)).filter((mail) => mail.subject?.startsWith('Choose a new password'));
  await expect.poll(async () => (await resetMails()).length, { timeout: 15_000 }).toBe(1);
  const link = (await resetMails())[0]!.text?.match(/https?:\/\/\S+\/office\/reset-password#[\w-]+/)?.[0];
  expect(link).toBeDefined();

  await page.goto(link!.replace(/^https?:\/\/[^/]+/, ''));
  await page.getByLabel('New password').fill(newPassword);
  await page.getByLabel('The same password again').fill(`${newPassword}!`);
  await page.getByRole('button', { name: 'Set the new password' }).click();
  await expect(page.getByText('The two passwords differ.')).toBeVisible();
  await page.getByLabel('The same password again').fill(newPassword);
  await page.getByRole('button', { name: 'Set the new password' }).click();
  await expect(page.getByRole('status')).toContainText('Your new password is set, and every session of your account has ended.');

  // The member's open session has ended; the link does not sign anybody in.
  await m.page.goto('/office/account');
  await expect(m.page).toHaveURL(/\/office\/sign-in\?next=%2Foffice%2Faccount$/);
  await page.goto('/office');
  await expect(page).toHaveURL(/\/office\/sign-in$/);
  // The link worked once.
  await page.goto(link!.replace(/^https?:\/\/[^/]+/, ''));
  await page.getByLabel('New password').fill(`${newPassword} again`);
  await page.getByLabel('The same password again').fill(`${newPassword} again`);
  await page.getByRole('button', { name: 'Set the new password' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'This link has expired or was already used' })).toBeVisible();

  // The new password, then the authenticator's code, as ever.
  await page.getByRole('link', { name: 'Ask for a new link' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to the sign-in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to the office' })).toBeVisible();
  await page.getByLabel('Email').fill(m.email);
  await page.getByLabel('Password').fill(newPassword);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Enter the code from your authenticator app' })).toBeVisible();
  await page.getByLabel('6-digit code').fill(totp(m.secret, Date.now() + 30_000));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await m.context.close();
});

test('on My account a member changes the password and makes new backup codes, each checked before anything changes', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const m = await member(browser, 'recruiting', `Careful Recruiter ${n}`);
  const newPassword = 'a changed password for a careful member';
  const account = m.page;
  await account.goto('/office/account');

  // The form's own checks, then the server's, each by its field; nothing changes.
  await account.getByLabel('Current password').fill('not the password at all');
  await account.getByLabel('New password', { exact: true }).fill(newPassword);
  await account.getByLabel('The same new password again').fill(`${newPassword}!`);
  await account.getByRole('button', { name: 'Change the password' }).click();
  await expect(account.getByText('The two passwords differ.')).toBeVisible();
  await account.getByLabel('The same new password again').fill(newPassword);
  await account.getByRole('button', { name: 'Change the password' }).click();
  await expect(account.getByText('This is not your current password.')).toBeVisible();
  await account.getByLabel('Current password').fill(PASSWORD);
  await account.getByRole('button', { name: 'Change the password' }).click();
  await expect(account.getByText('Your password is changed. Your other sessions have ended.')).toBeVisible();
  await expect(account.getByLabel('Current password')).toHaveValue('');

  // New backup codes: the password, a confirmation, then ten codes shown once.
  await account.getByLabel('Your password').fill(PASSWORD);
  await account.getByRole('button', { name: 'Make new backup codes' }).click();
  await account
    .getByRole('group', { name: 'Your current backup codes stop working at once. Make new ones?' })
    .getByRole('button', { name: 'Make new backup codes' })
    .click();
  await expect(account.getByText('This is not your current password.')).toBeVisible();
  await account.getByLabel('Your password').fill(newPassword);
  await account.getByRole('button', { name: 'Make new backup codes' }).click();
  await account
    .getByRole('group', { name: 'Your current backup codes stop working at once. Make new ones?' })
    .getByRole('button', { name: 'Make new backup codes' })
    .click();
  await expect(account.getByTestId('new-backup-codes').getByRole('listitem')).toHaveCount(10);

  // The new password signs in (and the code is still asked).
  await page.goto('/office/sign-in');
  await page.getByLabel('Email').fill(m.email);
  await page.getByLabel('Password').fill(newPassword);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Enter the code from your authenticator app' })).toBeVisible();
  await m.context.close();
});

test('an admin revokes an open invitation on the Staff page, and sees there and in the audit log who was locked out', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const admin = await member(browser, 'admin', `Revoking Admin ${n}`);
  const sales = await member(browser, 'sales', `Locked Sales ${n}`);
  const origin = new URL(admin.page.url()).origin;
  const invited = `revoked-${Date.now()}@staff.example`;
  const made = await admin.call('POST', '/staff/invitations', { email: invited, role: 'training', locale: 'en' });
  const { link } = (await made.json()) as { link: string };
  // A stranger locks their own address out of the sales member's account with five wrong passwords.
  for (let i = 0; i < 5; i++) {
    const wrong = await request.post('/rest/office/auth/sign-in', {
      data: { email: sales.email, password: `not the password ${i}` },
      headers: { origin, 'x-real-ip': '198.51.100.240' },
    });
    expect(wrong.status()).toBe(401);
  }

  const page = admin.page;
  await page.goto('/office/staff');
  await expect(page.getByRole('row').filter({ hasText: sales.email })).toContainText('Sign-in locked once in 24 hours');
  await expect(page.getByRole('row').filter({ hasText: admin.email })).not.toContainText('Sign-in locked');
  const invitation = page.getByRole('listitem').filter({ hasText: invited });
  await invitation.getByRole('button', { name: 'Revoke' }).click();
  const question = invitation.getByRole('group', { name: `Revoke the invitation of ${invited}? Its link stops working at once.` });
  await question.getByRole('button', { name: 'Revoke' }).click();
  await expect(invitation).toHaveCount(0);

  // The revoked link opens nothing.
  const stranger = hydratingNavigations(await browser.newPage({ extraHTTPHeaders: { 'x-real-ip': '198.51.100.241' } }));
  await stranger.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await expect(stranger.getByRole('alert').filter({ hasText: 'expired or was already used' })).toBeVisible();
  await stranger.close();

  // The audit log has the revocation by the admin, and the lock-out naming the account.
  await page.goto('/office/audit?action=staff.revoke');
  await expect(page.getByRole('row').filter({ hasText: 'Revoking Admin' })).toHaveCount(1);
  await page.goto('/office/audit?action=sign_in.lock');
  await expect(page.getByRole('row').filter({ hasText: 'Locked Sales' }).filter({ hasText: '198.51.100.240' })).toHaveCount(1);
  await Promise.all([admin.context.close(), sales.context.close()]);
});

test('each office page opens for its roles only', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const pages: Record<string, string[]> = {
    '/office': ['admin', 'sales', 'recruiting', 'training', 'marketing'],
    '/office/account': ['admin', 'sales', 'recruiting', 'training', 'marketing'],
    '/office/leads': ['sales', 'admin'],
    '/office/leads/no-such-lead': ['sales', 'admin'],
    '/office/applicants': ['recruiting', 'admin'],
    '/office/applicants/no-such-lead': ['recruiting', 'admin'],
    '/office/spam': ['sales', 'admin'],
    '/office/jobs': ['recruiting', 'admin'],
    '/office/jobs/no-such-job': ['recruiting', 'admin'],
    '/office/positions': ['recruiting', 'admin'],
    '/office/postings': ['recruiting', 'admin'],
    '/office/postings/no-such-posting': ['recruiting', 'admin'],
    '/office/courses': ['training', 'sales', 'admin'],
    '/office/courses/no-such-course': ['training', 'sales', 'admin'],
    '/office/registrations': ['training', 'sales', 'admin'],
    '/office/registrations/no-such-registration': ['training', 'sales', 'admin'],
    '/office/orders': ['training', 'sales', 'admin'],
    '/office/orders/no-such-order': ['training', 'sales', 'admin'],
    '/office/staff': ['admin'],
    '/office/audit': ['admin'],
    '/office/privacy': ['admin'],
    '/office/privacy/no-such-request': ['admin'],
    '/office/content': ['marketing', 'admin'],
    '/office/content/about?locale=de': ['marketing', 'admin'],
    '/office/content/no-such-page': ['marketing', 'admin'],
  };
  const roles = ['admin', 'sales', 'recruiting', 'training', 'marketing'];
  const members = await Promise.all(roles.map((role, i) => member(browser, role, `Role ${role} ${i}`)));
  const failures: string[] = [];
  for (const [path, allowed] of Object.entries(pages)) {
    const nobody = await request.get(path, { maxRedirects: 0 });
    // To the sign-in, which returns to the page asked for.
    const signIn = path === '/office' ? '/office/sign-in' : `/office/sign-in?${new URLSearchParams({ next: path })}`;
    if (nobody.status() !== 307 || !nobody.headers().location?.endsWith(signIn))
      failures.push(`${path} as nobody: ${nobody.status()} to ${nobody.headers().location}`);
    for (const [i, role] of roles.entries()) {
      const res = await members[i]!.page.request.get(path, { maxRedirects: 0 });
      const expected = allowed.includes(role) ? (path.includes('/no-such-') ? 404 : 200) : 403;
      if (res.status() !== expected) failures.push(`${path} as ${role}: ${res.status()}, not ${expected}`);
    }
  }
  // A page's preview with its draft is at the site's address: the site's 404 for all but its roles.
  const preview = '/de/copy-preview/about';
  if ((await request.get(preview)).status() !== 404) failures.push(`${preview} as nobody: not 404`);
  for (const [i, role] of roles.entries()) {
    const res = await members[i]!.page.request.get(preview, { maxRedirects: 0 });
    const expected = ['marketing', 'admin'].includes(role) ? 200 : 404;
    if (res.status() !== expected) failures.push(`${preview} as ${role}: ${res.status()}, not ${expected}`);
  }
  expect(failures).toEqual([]);
  await Promise.all(members.map((m) => m.context.close()));
});

test('without a session cookie an office page sends to the sign-in before it renders; a forged cookie is checked by the page and refused', async ({
  request,
}) => {
  for (const [path, signIn] of [
    ['/office', '/office/sign-in'],
    ['/office/leads?status=new', `/office/sign-in?${new URLSearchParams({ next: '/office/leads?status=new' })}`],
    ['/office/staff', `/office/sign-in?${new URLSearchParams({ next: '/office/staff' })}`],
  ] as const) {
    // Answered by the proxy: no page was rendered (no HTML, no nonce of a page's policy).
    const nobody = await request.get(path, { maxRedirects: 0 });
    expect(nobody.status(), path).toBe(307);
    expect(nobody.headers().location, path).toBe(signIn);
    expect(nobody.headers()['cache-control'], path).toContain('no-store');
    expect(nobody.headers()['x-robots-tag'], path).toBe('noindex, nofollow');
    expect(nobody.headers()['content-type'], path).toBeUndefined();
    // A cookie by the session's name goes to the page, whose check in the database refuses it.
    for (const cookie of ['office.session_token=forged', '__Secure-office.session_token=forged.c2lnbmF0dXJl']) {
      const forged = await request.get(path, { maxRedirects: 0, headers: { cookie } });
      expect(forged.status(), `${path} with ${cookie}`).toBe(307);
      expect(forged.headers().location, `${path} with ${cookie}`).toBe(signIn);
      expect(forged.headers()['content-type'], `${path} with ${cookie}`).toContain('text/html');
      expect(forged.headers()['content-security-policy'], `${path} with ${cookie}`).toMatch(/'nonce-[\w+/=]+'/);
    }
  }
  // The pages before a session are the pages' to answer (the enrolment sends nobody to the sign-in itself).
  for (const path of ['/office/sign-in', '/office/forgot-password', '/office/reset-password', '/office/accept', '/office/enrol'])
    expect((await request.get(path, { maxRedirects: 0 })).headers()['content-type'], path).toContain('text/html');
});

test('office pages are never indexed and carry their own policy; no public page loads office code', async ({ request }) => {
  const res = await request.get('/office/sign-in');
  expect(res.headers()['x-robots-tag']).toBe('noindex, nofollow');
  expect(res.headers()['cache-control']).toContain('no-store');
  const csp = res.headers()['content-security-policy']!;
  expect(csp).toMatch(/script-src 'self' 'nonce-[\w+/=]+' 'strict-dynamic'/);
  expect(csp).toContain("frame-ancestors 'none'");
  const html = await res.text();
  expect(html).toMatch(/<meta name="robots" content="noindex, nofollow/);
  const nonce = csp.match(/'nonce-([\w+/=]+)'/)![1]!;
  // Every script Next wrote carries this response's nonce.
  for (const tag of html.match(/<script\b[^>]*>/g) ?? []) expect(tag).toContain(`nonce="${nonce}"`);
  expect((await request.get('/office/sign-in')).headers()['content-security-policy']).not.toBe(csp);

  // The public pages' scripts: none holds the office's API or its pages.
  const chunks = new Set<string>();
  for (const path of ['/', '/jobs/all', '/contact', '/about', '/sp/training', '/careers']) {
    const page = await (await request.get(path)).text();
    for (const [, src] of page.matchAll(/<script[^>]+src="([^"]+)"/g)) chunks.add(src!);
  }
  expect(chunks.size).toBeGreaterThan(3);
  for (const src of chunks) {
    const code = await (await request.get(src)).text();
    expect(code, src).not.toMatch(/\/rest\/office|office\/sign-in|authenticator app/);
  }
});

test("on a phone the admin's every office link is in view, wrapped onto lines, and the page does not scroll sideways", async ({
  browser,
}) => {
  const admin = await member(browser, 'admin', `Phone Admin ${n}`);
  await admin.page.setViewportSize({ width: 360, height: 780 });
  await admin.page.goto('/office/leads');
  const links = admin.page.getByRole('navigation', { name: 'Office' }).getByRole('link');
  expect(await links.count()).toBeGreaterThan(10);
  for (const link of await links.all()) {
    const box = (await link.boundingBox())!;
    const name = (await link.textContent()) ?? '';
    expect(box.x, name).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, name).toBeLessThanOrEqual(360);
  }
  // Nor the lists with wide tables: those scroll inside their own box. (The page is as wide as the
  // body: the window's width less its scroll bar.)
  for (const path of ['/office/leads', '/office/jobs', '/office/staff', '/office/audit', '/office/courses']) {
    await admin.page.goto(path);
    const widths = await admin.page.evaluate(() => [document.documentElement.scrollWidth, document.body.getBoundingClientRect().width]);
    expect(widths[0], path).toBeLessThanOrEqual(widths[1]!);
  }
  await admin.context.close();
});

test('the audit log goes by pages with its filters: "Pages" leads on and back to the first', async ({ browser }) => {
  test.setTimeout(90_000);
  const name = `Pager Admin ${Date.now()}`;
  const admin = await member(browser, 'admin', name);
  const company = `Audit Pages ${Date.now()}`;
  expect((await aMessageToSales(admin.page, 'Paula Pager', company)).status()).toBe(200);
  const { rows: leads } = await (await admin.call('GET', `/leads?q=${encodeURIComponent(company)}`)).json();
  // 51 looks at the lead: a page of 50 and a page of one, for this member and this action.
  // More calls than the sign-in limit allows an address: a member at work never meets it.
  for (let i = 0; i < 51; i++) expect((await admin.call('GET', `/leads/${leads[0].id}`)).status(), `look ${i + 1}`).toBe(200);

  const page = admin.page;
  await page.goto('/office/audit');
  await page.getByLabel('Who').selectOption({ label: name });
  await page.getByLabel('Action').fill('lead.view');
  await page.getByRole('button', { name: 'Show' }).click();
  const rows = page.locator('tbody tr');
  const pages = page.getByRole('navigation', { name: 'Pages' });
  await expect(rows).toHaveCount(50);
  await expect(pages.getByRole('link')).toHaveText(['Next page']);
  await pages.getByRole('link', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/after=/);
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText('lead.view');
  await expect(pages.getByRole('link')).toHaveText(['First page']);
  await pages.getByRole('link', { name: 'First page' }).click();
  await expect(page).not.toHaveURL(/after=/);
  await expect(page).toHaveURL(/action=lead.view/);
  await expect(rows).toHaveCount(50);

  // A filter that fits on one page has no such navigation.
  await page.getByLabel('Action').fill('staff');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(rows.first()).toContainText('staff.');
  await expect(pages).toHaveCount(0);
  await admin.context.close();
});

test('a refusal reaches the member in their language: in Spanish, an invitation to an address that has an account', async ({ browser }) => {
  const admin = await member(browser, 'admin', `Idioma Admin ${Date.now()}`);
  const page = admin.page;
  expect(
    (await page.request.patch('/rest/office/me', { data: { locale: 'es' }, headers: { origin: new URL(page.url()).origin } })).ok(),
  ).toBe(true);
  await page.goto('/office/staff');
  await page.getByLabel('Correo electrónico').fill(admin.email);
  const question = page.getByRole('group', { name: `¿Enviar una invitación a ${admin.email} con el rol Ventas?` });
  // The form's button asks at once, before anything is mailed; Cancel leaves the form alone.
  await page.getByRole('button', { name: 'Enviar la invitación' }).click();
  await question.getByRole('button', { name: 'Cancelar' }).click();
  await expect(question).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Enviar la invitación' })).toHaveCount(1);
  await page.getByRole('button', { name: 'Enviar la invitación' }).click();
  await question.getByRole('button', { name: 'Enviar la invitación' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Esta dirección ya tiene una cuenta en la oficina.' })).toBeVisible();
  await expect(page.getByText('This address already has an office account.')).toHaveCount(0);
  // The refused invitation is dropped: the form's own button sends a corrected one.
  await expect(page.getByRole('button', { name: 'Enviar la invitación' })).toHaveCount(1);
  // Other clients of the API read its own words, and the key of the text the office shows.
  const refused = await admin.call('POST', '/staff/invitations', { email: admin.email, role: 'sales', locale: 'en' });
  expect(refused.status()).toBe(409);
  expect(await refused.json()).toMatchObject({
    detail: 'This address already has an office account.',
    errors: [{ path: '', message: 'emailTaken' }],
  });
  await admin.context.close();
});
