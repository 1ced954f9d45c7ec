import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { positions } from '@/features/applications/server/applications-table';
import { loadCatalogueOnce } from '@/features/courses/server/courses-service';
import { courseOrders } from '@/features/courses/server/courses-table';
import { leads } from '@/features/forms/server/leads-table';
import { auditLog } from '@/server/office/audit-table';
import { findInvitation } from '@/server/office/staff-service';
import type { CommandIo } from '@/server/commands/command';
import { handOver } from '@/server/commands/control-client';
import { controlSocketPath, publicUrlRecordPath } from '@/server/commands/control-files';
import { startControlServer, stopControlServer } from '@/server/commands/control-server';
import { database } from '@/server/db';
import { env } from '@/server/env';
import { startQueue } from '@/server/queue';
import { stopRuntime } from '@/server/runtime';
import { eventually } from '#tests/eventually';
import { createTestDatabase, type TestDatabase } from '#tests/test-db';

// The site's server, played by this test process: it holds the database (PGlite's lock, in
// DATA_DIR), runs the queue worker and takes commands on DATA_DIR/control.sock.
const dataDir = process.env.DATA_DIR!;
const SERVER_URL = 'https://site.example.test';

/** `npm run <script>` in a second process (tsx compiles it first: slow on a busy machine). */
function cli(script: string, args: string[]) {
  // The CLI's own settings point elsewhere: what it prints and mails must come from the server.
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', PUBLIC_URL: '', PORT: '4999', LOG_LEVEL: 'warn' };
  const child = spawn(
    process.execPath,
    [path.resolve('node_modules/tsx/dist/cli.mjs'), '--tsconfig', 'tsconfig.scripts.json', `scripts/${script}.ts`, ...args],
    { env },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('close', (status) => resolve({ status, stdout, stderr })),
  );
}

/** A client in this process, collecting what the server answers. */
async function ask(command: string, args: string[], cwd = process.cwd()) {
  const seen = { out: [] as string[], err: [] as string[], tables: [] as Record<string, unknown>[][], written: '' };
  const io: Omit<CommandIo, 'cwd'> = {
    out: (line) => seen.out.push(line),
    err: (line) => seen.err.push(line),
    table: (rows) => seen.tables.push(rows),
    write: (text) => (seen.written += text),
  };
  const exit = await handOver(controlSocketPath(dataDir), { command, args, cwd }, io);
  return { exit, ...seen };
}

describe('operator commands while the site runs', () => {
  let t: TestDatabase | undefined;

  beforeAll(async () => {
    process.env.PUBLIC_URL = SERVER_URL;
    if (process.env.TEST_DB === 'postgres') {
      t = await createTestDatabase();
      process.env.DATABASE_URL = t.url;
    }
    const { db } = await database();
    await db.insert(leads).values({
      id: 'lead-socket-0001',
      type: 'contact',
      locale: 'en',
      email: 'ada@example.com',
      form: { name: 'Ada Lovelace', info: 'A data platform' },
      page: '/contact',
      referrer: '',
      utm: {},
    });
    await loadCatalogueOnce(db);
    await db.insert(courseOrders).values({
      id: 'socket-order-000000000000',
      reference: 'TR-SOCK34',
      courseId: 'online-01-fs',
      locale: 'en',
      name: 'Grace Hopper',
      email: 'grace@example.com',
      quantity: 1,
      seatsTaken: 1,
      unitAmountCents: 144_000,
      amountCents: 144_000,
      currency: 'eur',
      method: 'bank_transfer',
      status: 'awaiting_transfer',
    });
    await startQueue(true);
    await startControlServer({ dataDir, publicUrl: env().PUBLIC_URL });
  });

  afterAll(async () => {
    await stopRuntime();
    await t?.drop();
  });

  it('answers `npm run leads -- list` from the server that holds the database', async () => {
    if (!t) expect(existsSync(path.join(dataDir, 'db.lock'))).toBe(true); // a second opener would be refused
    const list = await cli('leads', ['list']);
    expect(list.stderr).toBe('');
    expect(list.status).toBe(0);
    expect(list.stdout).toMatch(/lead-socket-0001.*contact.*Ada Lovelace.*ada@example\.com.*A data platform/);
    expect(list.stdout).toContain('┌'); // printed by console.table, as when run alone
  }, 60_000);

  it('listens on a socket only its owner can open, and records its public address', () => {
    const stat = statSync(controlSocketPath(dataDir));
    expect(stat.isSocket()).toBe(true);
    expect(stat.mode & 0o777).toBe(0o600);
    expect(readFileSync(publicUrlRecordPath(dataDir), 'utf8').trim()).toBe(SERVER_URL);
  });

  it('answers an unknown command and an unknown verb with 2 and the usage', async () => {
    const unknown = await ask('nope', []);
    expect(unknown.exit).toBe(2);
    expect(unknown.err[0]).toMatch(/^Unknown command "nope"\. Commands: .*leads.*courses/);
    expect(unknown.err).toContain('Usage: npm run positions -- list | add <role.json> | close <id>');
    const verb = await ask('leads', ['bogus']);
    expect(verb.exit).toBe(2);
    expect(verb.err).toEqual([expect.stringContaining('Usage: npm run leads -- list')]);
    const garbage = await new Promise<string>((resolve) => {
      const socket = net.createConnection(controlSocketPath(dataDir));
      let answer = '';
      socket.on('connect', () => socket.write('not json\n'));
      socket.on('data', (d: Buffer) => (answer += d));
      socket.on('close', () => resolve(answer));
    });
    expect(garbage).toBe('{"err":"The request is not JSON."}\n{"exit":2}\n');
  });

  it("writes the CSV export as it is and reads files relative to the operator's folder", async () => {
    const csv = await ask('leads', ['export', '--since', '2000-01-01']);
    expect(csv.exit).toBe(0);
    expect(csv.tables).toEqual([]);
    expect(csv.written.split('\r\n')[0]).toMatch(/^id,created_at,type/);
    expect(csv.written).toContain('lead-socket-0001');
    // The operator's export is in the audit log, by nobody signed in, naming no one.
    const { db: auditDb } = await database();
    expect((await auditDb.select().from(auditLog).where(eq(auditLog.action, 'lead.export'))).map((r) => [r.actor, r.record])).toEqual([
      [null, '1 leads'],
    ]);

    const folder = mkdtempSync(path.join(tmpdir(), 'site-operator-'));
    writeFileSync(
      path.join(folder, 'role.json'),
      JSON.stringify({
        id: 'socket-role',
        role: 'Site Reliability Engineer',
        locale: 'en',
        location: 'Remote',
        description: '<p>On call.</p>',
      }),
    );
    const added = await ask('positions', ['add', 'role.json'], folder);
    expect(added.err).toEqual([]);
    expect(added.out).toEqual(['Open: /careers/socket-role']);
    const { db } = await database();
    expect((await db.select().from(positions).where(eq(positions.id, 'socket-role')))[0]?.role).toBe('Site Reliability Engineer');
  });

  it("mails with the server's public address, not the command line's", async () => {
    const paid = await cli('courses', ['paid', 'tr-sock34']);
    expect(paid.stderr).toBe('');
    expect(paid.status).toBe(0);
    expect(paid.stdout).toContain('TR-SOCK34: paid, 1 seat(s), 1440.00 EUR; confirmation mail to grace@example.com.');
    // The server's worker sends it, in the server's DATA_DIR.
    const mail = await eventually(async () => {
      const files = readdirSync(path.join(dataDir, 'mail'));
      const mails = await Promise.all(files.map((f) => simpleParser(readFileSync(path.join(dataDir, 'mail', f)))));
      const found = mails.find((m) => (m.to as { text: string }).text === 'grace@example.com');
      if (!found) throw new Error('no mail yet');
      return found;
    }, 30_000);
    expect(mail.html).toContain(`href="${SERVER_URL}"`);
    expect(mail.html).not.toContain('localhost');
  }, 90_000);

  it('invites a staff member through the server: the link carries its address, the mail is queued, the audit log has it', async () => {
    const invited = await ask('staff', ['invite', 'ops@staff.example', '--role', 'marketing']);
    expect(invited.exit).toBe(0);
    expect(invited.out[1]).toMatch(new RegExp(`^  ${SERVER_URL}/office/accept#[\\w-]{40,}$`));
    const listed = await ask('staff', ['list']);
    expect(listed.tables.at(-1)).toEqual([expect.objectContaining({ invited: 'ops@staff.example', role: 'marketing' })]);
    const { db } = await database();
    expect((await db.select().from(auditLog).where(eq(auditLog.action, 'staff.invite'))).map((r) => r.actor)).toEqual([null]);
    expect((await ask('staff', ['invite', 'ops@staff.example', '--role', 'boss'])).exit).toBe(2);
    // Revoked, the link opens nothing and the list has no open invitation of the address.
    const token = invited.out[1]!.split('#')[1]!;
    expect(await findInvitation(db, token)).toBeDefined();
    const revoked = await ask('staff', ['revoke', 'ops@staff.example']);
    expect([revoked.exit, revoked.out[0]]).toEqual([0, expect.stringMatching(/ops@staff\.example is revoked/)]);
    expect(await findInvitation(db, token)).toBeUndefined();
    expect((await ask('staff', ['revoke', 'ops@staff.example'])).exit).toBe(1);
    expect((await db.select().from(auditLog).where(eq(auditLog.action, 'staff.revoke'))).map((r) => r.actor)).toEqual([null]);
  });

  it('removes its socket when it stops, and replaces a stale one when it starts', async () => {
    await stopControlServer();
    expect(existsSync(controlSocketPath(dataDir))).toBe(false);
    expect(await ask('leads', ['list'])).toMatchObject({ exit: undefined }); // nobody listening: the CLI runs alone
    writeFileSync(controlSocketPath(dataDir), ''); // what a crashed server leaves behind, as far as a client can tell
    await startControlServer({ dataDir, publicUrl: SERVER_URL });
    const list = await ask('leads', ['list']);
    expect(list.exit).toBe(0);
    expect(list.tables[0]).toEqual([expect.objectContaining({ id: 'lead-socket-0001', email: 'ada@example.com' })]);
  });
});
