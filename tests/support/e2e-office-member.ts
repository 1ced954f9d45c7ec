import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, type Browser } from '@playwright/test';
import { hydratingNavigations } from './test';
import { totp } from './office';

const run = promisify(execFile);
const PASSWORD = 'correct horse battery staple';
let n = 0;

/**
 * A signed-in office member of `role` in a browser context of their own: invited with
 * `npm run staff` beside the running server, then enrolled in the browser (the test computes the
 * authenticator's codes). `call` uses the office API as its pages do.
 */
export async function officeMember(
  browser: Browser,
  role: string,
  site: { dataDir?: string; origin?: string; env?: Record<string, string>; addressHeader?: string } = {},
) {
  const email = `${role}-${Date.now()}-${++n}@staff.example`;
  const { stdout } = await run('npx', ['tsx', '--tsconfig', 'tsconfig.scripts.json', 'scripts/staff.ts', 'invite', email, '--role', role], {
    env: { ...process.env, DATA_DIR: site.dataDir ?? process.env.E2E_DATA_DIR!, DATABASE_URL: '', LOG_LEVEL: 'silent', ...site.env },
  });
  const link = stdout.match(/https?:\/\/\S+\/office\/accept#[\w-]+/)?.[0];
  if (!link) throw new Error(`no invitation link in: ${stdout}`);
  // An address of its own: the office limits sign-in attempts per address.
  const context = await browser.newContext({ extraHTTPHeaders: { [site.addressHeader ?? 'x-real-ip']: `198.51.100.${200 + (++n % 50)}` } });
  context.on('page', hydratingNavigations);
  const page = await context.newPage();
  // The suite's server by default; another one (a server of its own in a test) by its origin.
  await page.goto(link.replace(/^https?:\/\/[^/]+/, site.origin ?? ''));
  await page.getByLabel('Your name').fill(`Member ${n}`);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('The same password again').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create my account' }).click();
  const secret = (await page.getByTestId('totp-secret').textContent())!.replace(/\s/g, '');
  await page.getByLabel('6-digit code').fill(totp(secret));
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  const origin = new URL(page.url()).origin;
  const call = (method: 'GET' | 'POST', path: string, data?: unknown) =>
    page.request.fetch(`/rest/office${path}`, { method, data: method === 'POST' ? (data ?? {}) : undefined, headers: { origin } });
  return { page, context, call };
}
