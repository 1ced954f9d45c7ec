import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, describe, expect, it } from 'vitest';
import { loadCatalogueOnce } from '@/features/courses/server/courses-service';
import { eq, sql } from 'drizzle-orm';
import { courseOrders, courseRegistrations, courses } from '@/features/courses/server/courses-table';
import { runCommand, type CommandIo } from '@/server/commands/command';
import { closeDatabase, database } from '@/server/db';
import { useApiDatabase } from '#tests/api-db';

/** What a command printed, as the operator's terminal shows it. */
async function inProcess(args: string[]) {
  let stdout = '';
  let stderr = '';
  const io: CommandIo = {
    out: (line) => (stdout += `${line}\n`),
    err: (line) => (stderr += `${line}\n`),
    table: (rows) => (stdout += `${rows.map((row) => Object.values(row).join(' ')).join('\n')}\n`),
    write: (text) => (stdout += text),
    cwd: process.cwd(),
  };
  const status = await runCommand('courses', args, io);
  return { status, stdout, stderr };
}

describe('npm run courses', () => {
  let cleanup: (() => Promise<void>) | undefined;
  afterAll(() => cleanup?.());

  it('confirms a bank transfer by its reference and mails the customer; lists the seats', async () => {
    // This file's database, in its own DATA_DIR (PGlite) or at DATABASE_URL, which the commands' processes open too.
    const api = await useApiDatabase();
    cleanup = api.cleanup;
    const dataDir = process.env.DATA_DIR!;
    const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'warn' };
    const { db } = api.database;
    await loadCatalogueOnce(db);
    await db.insert(courseOrders).values({
      id: 'cli-order-0000000000000000',
      reference: 'TR-ABC234',
      courseId: 'online-01-fs',
      locale: 'it',
      name: 'Giulia Bianchi',
      email: 'giulia@example.com',
      quantity: 1,
      seatsTaken: 1,
      unitAmountCents: 144_000,
      amountCents: 144_000,
      currency: 'eur',
      method: 'bank_transfer',
      status: 'awaiting_transfer',
    });
    // A registration holding its seat, as the registration form leaves it (held ten more days).
    const hold = new Date(Date.now() + 10 * 86_400_000);
    await db.insert(courseRegistrations).values({
      id: 'cli-registration-000000',
      courseId: 'online-01-fs',
      locale: 'it',
      name: 'Marco Rossi',
      email: 'marco@example.com',
      phone: '+39 333 000 0000',
      experience: 'basic',
      motivation: 'AWS',
      page: '/it/education/online-01-fs/register',
      referrer: '',
      utm: {},
      holdUntil: hold,
    });
    await db
      .update(courses)
      .set({ spotsTaken: sql`${courses.spotsTaken} + 2` })
      .where(eq(courses.id, 'online-01-fs'));
    // The embedded database takes one process at a time: the commands' own come next.
    await closeDatabase();

    // As the operator runs it while the site is stopped: a process of its own that opens the database.
    const run = (...args: string[]) =>
      spawnSync(
        process.execPath,
        [path.resolve('node_modules/tsx/dist/cli.mjs'), '--tsconfig', 'tsconfig.scripts.json', 'scripts/courses.ts', ...args],
        { env, encoding: 'utf8' },
      );
    // Run while the site is stopped, with no PUBLIC_URL: the address is unknown, nothing is mailed.
    const refused = run('paid', 'tr-abc234');
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain("The site's address is unknown, so mails would link to the wrong place: set PUBLIC_URL");
    expect(existsSync(path.join(dataDir, 'mail'))).toBe(false);
    // The address the site recorded when it last ran here (on another port than the default).
    writeFileSync(path.join(dataDir, 'public-url'), 'http://localhost:3520\n');
    const paid = run('paid', 'tr-abc234');
    expect(paid.status, paid.stderr).toBe(0);
    expect(paid.stdout).toContain('TR-ABC234: paid, 1 seat(s), 1440.00 EUR; confirmation mail to giulia@example.com.');
    const folder = path.join(dataDir, 'mail');
    expect(existsSync(folder)).toBe(true);
    const mails = await Promise.all(readdirSync(folder).map((f) => simpleParser(readFileSync(path.join(folder, f)))));
    const toCustomer = mails.filter((m) => (m.to as { text: string }).text === 'giulia@example.com');
    expect(toCustomer.map((m) => m.subject)).toEqual([
      'Pagamento ricevuto: Formazione intensiva per sviluppatore Fullstack con Amazon Web Services',
    ]);
    expect(toCustomer[0]!.html).toContain('href="http://localhost:3520"');
    expect(toCustomer[0]!.html).not.toContain('localhost:3000');

    // The other commands, as that process runs them (scripts/lib/operator-command.ts): here, on the same database.
    const again = await inProcess(['paid', 'TR-ABC234']);
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('Order TR-ABC234 is paid.');
    const list = await inProcess(['list']);
    expect(list.status, list.stderr).toBe(0);
    expect(list.stdout).toContain('online-01-fs');

    const registrations = await inProcess(['registrations', 'online-01-fs']);
    expect(registrations.status, registrations.stderr).toBe(0);
    expect(registrations.stdout).toMatch(
      new RegExp(`cli-registration-000000.*marco@example\\.com.*held until ${hold.toISOString().slice(0, 10)}`),
    );
    const released = await inProcess(['release', 'cli-registration-000000']);
    expect(released.status, released.stderr).toBe(0);
    expect(released.stdout).toContain('cli-registration-000000: seat on online-01-fs given back (Marco Rossi, marco@example.com).');
    const twice = await inProcess(['release', 'cli-registration-000000']);
    expect(twice.status).toBe(1);
    expect(twice.stderr).toContain('was released on');
    expect((await inProcess(['registrations'])).stdout).toMatch(/cli-registration-000000.*released \d{4}-\d{2}-\d{2}/);
    expect((await inProcess(['release', 'no-such-registration'])).stderr).toContain('No registration no-such-registration.');

    // The order's seat stays taken; the registration's came back.
    const { db: after } = await database();
    expect((await after.select().from(courses).where(eq(courses.id, 'online-01-fs')))[0]!.spotsTaken).toBe(1);
    // Two commands, each a process of its own that opens the embedded database (about 5 s each on
    // two busy cores): a limit for a stuck command, not a wait.
  }, 120_000);
});
