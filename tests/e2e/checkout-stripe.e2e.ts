import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '../support/test';
import { mailsTo } from '../support/e2e-mail';
import { freePort } from '../support/smtp-sink';
import { likeAPerson } from '../support/like-a-person';
import { officeMember } from '../support/e2e-office-member';

// Card payments end to end: a second production server (the suite's build, its own data) with
// Stripe configured, and a local stand-in for Stripe: its API opens a payment page, the page's
// Pay button sends the signed webhook to the site and returns the visitor, as Stripe does.
const SECRET = 'whsec_e2e_signing_secret';
let site: ChildProcess;
let fake: Server;
let sitePort = 0;
const dataDir = mkdtempSync(path.join(tmpdir(), 'site-stripe-'));
const refunds: { intent: string; amount: number }[] = [];

test.beforeAll(async () => {
  test.setTimeout(90_000);
  sitePort = await freePort();
  const sessions = new Map<string, { success: string; order: string; amount: number; currency: string; paid?: boolean }>();
  fake = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c));
    req.on('end', async () => {
      const base = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
      const form = new URLSearchParams(body);
      if (req.method === 'POST' && req.url === '/v1/checkout/sessions') {
        const id = `cs_test_${sessions.size + 1}`;
        sessions.set(id, {
          success: form.get('success_url')!,
          order: form.get('client_reference_id')!,
          amount: Number(form.get('line_items[0][price_data][unit_amount]')) * Number(form.get('line_items[0][quantity]')),
          currency: form.get('line_items[0][price_data][currency]')!,
        });
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id, url: `${base}/pay/${id}` }));
        return;
      }
      // Reading a payment page back (the office's refund asks for its payment), and refunds.
      const read = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(req.url ?? '');
      if (req.method === 'GET' && read) {
        const found = sessions.get(decodeURIComponent(read[1]!));
        if (!found) return void res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{}}');
        res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            id: read[1],
            object: 'checkout.session',
            status: found.paid ? 'complete' : 'open',
            payment_status: found.paid ? 'paid' : 'unpaid',
            amount_total: found.amount,
            currency: found.currency,
            client_reference_id: found.order,
            payment_intent: found.paid ? `pi_${read[1]}` : null,
          }),
        );
        return;
      }
      if (req.method === 'POST' && req.url === '/v1/refunds') {
        refunds.push({ intent: form.get('payment_intent')!, amount: Number(form.get('amount')) });
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ id: `re_${refunds.length}`, object: 'refund', status: 'succeeded' }));
        return;
      }
      const session = sessions.get(req.url?.split('/pay/')[1] ?? '');
      if (!session) return void res.writeHead(404).end();
      if (req.method === 'GET') {
        res
          .writeHead(200, { 'content-type': 'text/html' })
          .end(
            `<!doctype html><title>Test payment</title><p>${session.amount / 100} ${session.currency}</p><form method="post"><button>Pay</button></form>`,
          );
        return;
      }
      session.paid = true;
      const event = JSON.stringify({
        id: 'evt_1',
        type: 'checkout.session.completed',
        data: {
          object: {
            id: 'cs',
            client_reference_id: session.order,
            payment_status: 'paid',
            amount_total: session.amount,
            currency: session.currency,
          },
        },
      });
      const t = Math.floor(Date.now() / 1000);
      const signature = `t=${t},v1=${createHmac('sha256', SECRET).update(`${t}.${event}`).digest('hex')}`;
      const delivered = await fetch(`http://127.0.0.1:${sitePort}/rest/checkout/stripe-webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body: event,
      });
      res.writeHead(delivered.ok ? 303 : 500, { location: session.success }).end();
    });
  });
  await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r));
  site = spawn(process.execPath, ['src/server/http/start.ts'], {
    env: {
      ...process.env,
      PORT: String(sitePort),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}?ignoreTLS=true`,
      STRIPE_SECRET_KEY: 'sk_test_e2e',
      STRIPE_WEBHOOK_SECRET: SECRET,
      STRIPE_API_URL: `http://127.0.0.1:${(fake.address() as AddressInfo).port}`,
      LOG_LEVEL: 'info',
    },
  });
  let output = '';
  site.stdout!.on('data', (d) => (output += d));
  site.stderr!.on('data', (d) => (output += d));
  await expect.poll(() => output, { timeout: 60_000 }).toContain('runtime started');
});

test.afterAll(async () => {
  if (site && site.exitCode === null) {
    site.kill('SIGTERM');
    await new Promise((r) => site.once('exit', r));
  }
  await new Promise((r) => fake?.close(r));
});

test('card checkout: Stripe page, signed webhook, then the congratulations and the mail', async ({ page }) => {
  const address = `card-${Date.now()}@example.com`;
  await page.goto(`http://localhost:${sitePort}/checkout?course=online-01-fs`);
  await expect(page.getByText("You will pay on Stripe's secure page and come back here.")).toBeVisible();
  await page.getByRole('spinbutton', { name: 'Seats' }).fill('2');
  await expect(page.getByTestId('checkout-total')).toHaveText('€2,880');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Card Payer');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(address);
  await page.getByRole('textbox', { name: 'Confirm email', exact: true }).fill(address);
  // People take a few seconds to fill a form; faster is treated as a bot.
  await likeAPerson(page);
  await page.getByRole('button', { name: 'Pay by card' }).click();

  await expect(page).toHaveTitle('Test payment');
  await expect(page.getByText('2880 eur')).toBeVisible();
  await page.getByRole('button', { name: 'Pay' }).click();

  await expect(page).toHaveURL(new RegExp(`^http://localhost:${sitePort}/checkout/success\\?order=`));
  // A success like the transfer's: the course, the seats (a plural, not "seat(s)") and what was paid.
  await expect(
    page.getByRole('status').filter({ hasText: 'Thank you, we have received your payment. A confirmation email is on its way.' }),
  ).toContainText('Intensive training on Fullstack developer with Amazon Web Services · 2 seats');
  await expect(page.getByRole('main')).toContainText(/Amount paid\s*€2,880/);
  await expect(page.getByRole('main')).not.toContainText('(s)');
  await expect
    .poll(async () => (await mailsTo(address)).map((m) => m.subject), { timeout: 15_000 })
    .toEqual(['Payment received: Intensive training on Fullstack developer with Amazon Web Services']);
});

test('a card payment is refunded from the office through Stripe, and its seats given back', async ({ browser, page }) => {
  test.setTimeout(120_000);
  const address = `refund-${Date.now()}@example.com`;
  await page.goto(`http://localhost:${sitePort}/checkout?course=online-01-fs`);
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Refund Payer');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(address);
  await page.getByRole('textbox', { name: 'Confirm email', exact: true }).fill(address);
  await likeAPerson(page);
  await page.getByRole('button', { name: 'Pay by card' }).click();
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(/\/checkout\/success\?order=/);
  const order = new URL(page.url()).searchParams.get('order')!;

  const sales = await officeMember(browser, 'sales', { dataDir, origin: `http://localhost:${sitePort}` });
  await sales.page.goto(`http://localhost:${sitePort}/office/courses/online-01-fs`);
  const seats = sales.page.getByRole('region', { name: 'Seats' });
  const free = async () => Number(await seats.getByText('Free', { exact: true }).locator('xpath=following-sibling::dd').textContent());
  const freeBefore = await free();
  await sales.page.goto(`http://localhost:${sitePort}/office/orders/${order}`);
  await expect(sales.page.getByRole('region', { name: 'Details' })).toContainText('Paid');
  await sales.page.getByLabel('Give the seats back (on a full refund)').check();
  await sales.page.getByRole('button', { name: 'Refund' }).click();
  await sales.page
    .getByRole('group', { name: /Refund this amount/ })
    .getByRole('button', { name: 'Refund' })
    .click();
  await expect(sales.page.getByRole('region', { name: 'Details' })).toContainText('Refunded');
  await expect(sales.page.getByRole('region', { name: 'History' })).toContainText('Seats given back');
  // The whole payment, at Stripe, once.
  expect(refunds.filter((r) => r.amount === 144_000)).toHaveLength(1);
  await sales.page.goto(`http://localhost:${sitePort}/office/courses/online-01-fs`);
  expect(await free()).toBe(freeBefore + 1);
  await sales.context.close();
});
