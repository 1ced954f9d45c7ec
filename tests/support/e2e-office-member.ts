import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, type Browser, type Page } from '@playwright/test';
import { hydratingNavigations } from './test';
import { totp } from './office';

const run = promisify(execFile);
export const STAFF_PASSWORD = 'correct horse battery staple';
let n = 0;

interface Site {
  dataDir?: string;
  origin?: string;
  env?: Record<string, string>;
  addressHeader?: string;
}

/** `npm run staff -- invite …` beside the running server (it takes the command over its socket); the invitation link. */
export async function inviteStaff(email: string, role: string, site: Site = {}): Promise<string> {
  const { stdout } = await run('npx', ['tsx', '--tsconfig', 'tsconfig.scripts.json', 'scripts/staff.ts', 'invite', email, '--role', role], {
    env: { ...process.env, DATA_DIR: site.dataDir ?? process.env.E2E_DATA_DIR!, DATABASE_URL: '', LOG_LEVEL: 'silent', ...site.env },
  });
  const link = stdout.match(/https?:\/\/\S+\/office\/accept#[\w-]+/)?.[0];
  if (!link) throw new Error(`no invitation link in: ${stdout}`);
  return link;
}

/**
 * Accepts an invitation in the browser: password, then the authenticator (the test computes its
 * codes); the authenticator's secret. Hashing the password, setting up the second factor and the
 * first dashboard can each take over 5 s when several members enrol at once on the embedded
 * database beside the other worker's tests, so each step waits longer; an error the page shows
 * instead fails at once, with its text.
 */
export async function acceptInvitation(page: Page, link: string, name: string, origin = ''): Promise<string> {
  const step = async (done: ReturnType<Page['getByRole']>, what: string) => {
    const alert = page.getByRole('alert').filter({ hasText: /\S/ });
    await expect(done.or(alert).first()).toBeVisible({ timeout: 20_000 });
    if (await alert.count()) throw new Error(`${what} failed: ${await alert.first().textContent()}`);
  };
  await page.goto(link.replace(/^https?:\/\/[^/]+/, origin));
  await page.getByLabel('Your name').fill(name);
  await page.getByLabel('Password', { exact: true }).fill(STAFF_PASSWORD);
  await page.getByLabel('The same password again').fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Create my account' }).click();
  await step(page.getByRole('img', { name: 'QR code for your authenticator app' }), 'accepting the invitation');
  await expect(page.getByTestId('backup-codes').getByRole('listitem')).toHaveCount(10);
  const secret = (await page.getByTestId('totp-secret').textContent())!.replace(/\s/g, '');
  await page.getByLabel('6-digit code').fill(totp(secret));
  await page.getByRole('button', { name: 'Finish' }).click();
  await step(page.getByRole('heading', { level: 1, name: 'Dashboard' }), 'the first code');
  return secret;
}

/**
 * A signed-in office member of `role` in a browser context of their own: invited with
 * `npm run staff` beside the running server, then enrolled in the browser. `call` uses the office
 * API as its pages do.
 */
export async function officeMember(browser: Browser, role: string, site: Site & { name?: string } = {}) {
  const i = ++n;
  const email = `${role}-${Date.now()}-${i}@staff.example`;
  const link = await inviteStaff(email, role, site);
  // An address of its own, apart from the other worker's and from the fixed ones tests use: the
  // office limits sign-in attempts per address.
  const address = `100.64.${Number(process.env.TEST_WORKER_INDEX ?? 0) % 256}.${(i % 250) + 1}`;
  const context = await browser.newContext({ extraHTTPHeaders: { [site.addressHeader ?? 'x-real-ip']: address } });
  context.on('page', hydratingNavigations);
  const page = await context.newPage();
  // The suite's server by default; another one (a server of its own in a test) by its origin.
  const secret = await acceptInvitation(page, link, site.name ?? `Member ${i}`, site.origin);
  const origin = new URL(page.url()).origin;
  const call = (method: 'GET' | 'POST', path: string, data?: unknown) =>
    page.request.fetch(`/rest/office${path}`, { method, data: method === 'POST' ? (data ?? {}) : undefined, headers: { origin } });
  return { email, secret, page, context, call };
}
