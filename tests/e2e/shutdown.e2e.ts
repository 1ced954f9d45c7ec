import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '../support/test';
import { freePort } from '../support/smtp-sink';

// A second production server on its own port and data folder (the build is the suite's).
const bankAccount = { BANK_ACCOUNT_HOLDER: 'Example Training Ltd', BANK_IBAN: 'DE89 3704 0044 0532 0130 00', BANK_BIC: 'COBADEFFXXX' };

let server: ChildProcess | undefined;
// A failed or timed-out run must not leave its server behind.
test.afterEach(() => {
  if (server && server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
});

test('SIGTERM lets a request in flight finish, then stops within 10 s', async () => {
  // Its first start loads the demo data and the seeds: slow on a busy machine.
  test.setTimeout(150_000);
  // A free port: a fixed one may be taken by another checkout's tests.
  const port = await freePort();
  const child = spawn(process.execPath, ['src/server/http/start.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'site-stop-')),
      DATABASE_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'info',
      ...bankAccount,
    },
  });
  server = child;
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  await expect.poll(() => output, { timeout: 120_000 }).toContain('runtime started');

  // A request whose body is still arriving when the signal comes.
  const socket = net.connect(port, '127.0.0.1');
  await new Promise((r) => socket.once('connect', r));
  let response = '';
  socket.on('data', (d) => (response += d));
  const body = JSON.stringify({ hello: 'world' });
  socket.write(
    `POST /rest/health HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`,
  );
  await new Promise((r) => setTimeout(r, 300));

  const stoppedAt = Date.now();
  child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 300));
  socket.write(body.slice(5));

  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  expect(response).toMatch(/^HTTP\/1\.1 404/); // answered (POST /rest/health is not a route), not cut off
  expect(code).toBe(0);
  expect(Date.now() - stoppedAt).toBeLessThan(10_000);
  expect(output).toContain('runtime stopped');
  socket.destroy();
});
