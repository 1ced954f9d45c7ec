import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '../support/test';
import pg from 'pg';
import { freePort } from '../support/smtp-sink';

// A second production server on PostgreSQL, reached through a TCP relay this test can cut: the
// database going away under a running site. Runs when the suite has PostgreSQL (DATABASE_URL).
const postgresUrl = process.env.DATABASE_URL;

// What the configuration requires with PostgreSQL (it is a production setting).
const bankAccount = { BANK_ACCOUNT_HOLDER: 'Example Training Ltd', BANK_IBAN: 'DE89 3704 0044 0532 0130 00', BANK_BIC: 'COBADEFFXXX' };

let server: ChildProcess | undefined;
let relay: net.Server | undefined;
const sockets = new Set<net.Socket>();
const database = `site_outage_${Date.now().toString(36)}`;

test.afterEach(async () => {
  if (server && server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
  for (const s of sockets) s.destroy();
  relay?.close();
  if (postgresUrl) {
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.end();
  }
});

test('with the database gone, pages that need it answer 503 with Retry-After; the others are served', async ({ page, request }) => {
  test.skip(!postgresUrl, 'needs PostgreSQL (DATABASE_URL)');
  // Its first start migrates and loads the demo data: slow on a busy machine.
  test.setTimeout(180_000);
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`create database ${database}`);
  await admin.end();

  const target = new URL(postgresUrl!);
  relay = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => {});
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((r) => relay!.listen(0, '127.0.0.1', r));
  const relayPort = (relay.address() as net.AddressInfo).port;
  const url = new URL(postgresUrl!);
  url.host = `127.0.0.1:${relayPort}`;
  url.pathname = `/${database}`;

  const port = await freePort();
  const child = spawn(process.execPath, ['src/server/http/start.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'site-outage-')),
      DATABASE_URL: url.href,
      REDIS_URL: '',
      LOG_LEVEL: 'info',
      AUTH_SECRET: 'outage-test-secret-of-at-least-32-characters',
      ...bankAccount,
    },
  });
  server = child;
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  await expect.poll(() => output, { timeout: 150_000 }).toContain('runtime started');
  const base = `http://127.0.0.1:${port}`;
  // Rendered from the database once, then kept in the page cache: a position list, and copy the
  // office edits (decision 064).
  for (const page of ['/it/careers', '/about']) expect((await request.get(`${base}${page}`)).status(), page).toBe(200);

  // The database goes away: nothing new connects, and open connections are cut.
  relay.close();
  for (const s of sockets) s.destroy();

  // Pages not rendered yet need it.
  for (const page of ['/careers', '/fr/careers', '/de/about']) {
    const res = await request.get(`${base}${page}`);
    expect(res.status(), page).toBe(503);
    expect(res.headers()['retry-after'], page).toBe('30');
  }
  // The visitor is told, in their language, to try again.
  const res = await page.goto(`${base}/fr/careers`);
  expect(res?.status()).toBe(503);
  await expect(page.getByRole('button', { name: 'Réessayer' })).toBeVisible();
  // Prerendered pages do not need the database, nor a page already in the cache.
  for (const page of ['/contact', '/about', '/it/careers']) expect((await request.get(`${base}${page}`)).status(), page).toBe(200);
  // A page that fails for another reason is not turned into a 503.
  expect((await request.get(`${base}/no-such-page`)).status()).toBe(404);
});
