import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { isUnavailable } from '@/server/errors';
import { copyPgliteTemplate, createTestDatabase, type TestDatabase } from '#tests/test-db';
import { migrateDatabase, openDatabase, type Database } from './client';
import { isUniqueViolation } from './unique-violation';

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
/** The pids the embedded database's lock names: this process, then its database's. */
const lockOf = (dir: string) => readFileSync(`${dir}.lock`, 'utf8').split(' ').map(Number);

/** Kills the database's process the lock names; its pid, once it is gone. */
async function killDatabaseProcess(dir: string): Promise<number> {
  const [, child] = lockOf(dir);
  process.kill(child!, 'SIGKILL');
  for (let i = 0; i < 250 && alive(child!); i++) await new Promise((r) => setTimeout(r, 20));
  return child!;
}

/** A new folder holding a copy of the migrated template database (no initdb to wait for). */
function copiedDatabaseDir(name: string): string {
  const dir = path.join(mkdtempSync(path.join(tmpdir(), `site-${name}-`)), 'db');
  copyPgliteTemplate(dir);
  return dir;
}

/** Opens the embedded database in a new folder for `run`, then closes it. */
async function withEmbeddedDatabase(name: string, run: (database: Database, dir: string) => Promise<void>) {
  const dir = copiedDatabaseDir(name);
  const database = await openDatabase({ pgliteDir: dir });
  try {
    await run(database, dir);
  } finally {
    await database.close();
  }
}

describe('migrations', () => {
  let t: TestDatabase;
  afterEach(() => t?.drop());

  it('create every table and can run again without harm', async () => {
    t = await createTestDatabase({ migrate: false });
    await migrateDatabase(t.database);
    await migrateDatabase(t.database);
    const tables = await t.database.query(
      `select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    expect(tables.rows.map((r) => r.table_name)).toContain('mail_deliveries');
    const applied = await t.database.query(`select count(*)::int as n from drizzle.__drizzle_migrations`);
    expect(applied.rows[0]!.n).toBeGreaterThan(0);
  });

  // PGlite has a single opener (the lock test below); several nodes means PostgreSQL.
  it.runIf(process.env.TEST_DB === 'postgres')('run once when several nodes start together', async () => {
    t = await createTestDatabase({ migrate: false });
    const others = await Promise.all([1, 2, 3].map(() => openDatabase({ url: t.url, pgliteDir: '' })));
    await Promise.all([t.database, ...others].map((d) => migrateDatabase(d)));
    await Promise.all(others.map((d) => d.close()));
    const applied = await t.database.query(`select count(*)::int as n from drizzle.__drizzle_migrations`);
    const files = await import('node:fs').then((fs) => fs.readdirSync('drizzle').filter((f) => f.endsWith('.sql')));
    expect(applied.rows[0]!.n).toBe(files.length);
  });
});

// PGlite's own behaviour: tested once, in the PGlite project.
describe.skipIf(process.env.TEST_DB === 'postgres')('the embedded database', () => {
  it('starts with a buffer pool of 32 MB, not PostgreSQL default 128 MB, all of which it would write', async () => {
    const database = await openDatabase({ pgliteDir: copiedDatabaseDir('buffers') });
    try {
      expect((await database.query('show shared_buffers')).rows[0]).toEqual({ shared_buffers: '32MB' });
    } finally {
      await database.close();
    }
  });

  it('is made by a process of its own when new, then opened, and opened as it is after that', async () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'site-new-')), 'db');
    for (const round of [1, 2]) {
      const database = await openDatabase({ pgliteDir: dir });
      try {
        expect(existsSync(path.join(dir, 'PG_VERSION'))).toBe(true);
        if (round === 1) await database.exec('create table kept (n int); insert into kept values (7)');
        expect((await database.query('select n from kept')).rows).toEqual([{ n: 7 }]);
      } finally {
        await database.close();
      }
    }
  });

  it('refuses a second process, and takes over the lock of a process that is gone', async () => {
    const dir = copiedDatabaseDir('lock');
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      writeFileSync(`${dir}.lock`, String(other.pid));
      await expect(openDatabase({ pgliteDir: dir })).rejects.toThrow(`is in use by process ${other.pid}`);
      // An owner that is gone, whose database process is still closing the files.
      const gone = spawn(process.execPath, ['-e', '']);
      await new Promise((r) => gone.on('exit', r));
      writeFileSync(`${dir}.lock`, `${gone.pid} ${other.pid}`);
      await expect(openDatabase({ pgliteDir: dir })).rejects.toThrow(`is in use by process ${other.pid}`);
    } finally {
      other.kill();
      await new Promise((r) => other.on('exit', r));
    }
    const db = await openDatabase({ pgliteDir: dir });
    expect(existsSync(`${dir}.lock`)).toBe(true);
    await db.close();
    expect(existsSync(`${dir}.lock`)).toBe(false);
  });

  it('runs in a process of its own, which the lock names and which ends with it', async () => {
    const dir = copiedDatabaseDir('process');
    const database = await openDatabase({ pgliteDir: dir });
    const [owner, child] = lockOf(dir);
    expect(owner).toBe(process.pid);
    expect(readFileSync(`/proc/${child}/cmdline`, 'utf8')).toContain('pglite-process.mjs');
    await database.close();
    expect(alive(child!)).toBe(false);
    expect(existsSync(`${dir}.lock`)).toBe(false);
  });

  it('answers a query in flight when its process ends as unavailable, and the next one from a new process', async () => {
    await withEmbeddedDatabase('restart', async (database, dir) => {
      await database.exec('create table kept (n int); insert into kept values (7)');
      const [, child] = lockOf(dir);
      const long = database.query('select count(*) from generate_series(1, 200000000)');
      await new Promise((r) => setTimeout(r, 300));
      process.kill(child!, 'SIGKILL');
      const err = await long.then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(isUnavailable(err)).toBe(true);
      expect((await database.query('select n from kept')).rows).toEqual([{ n: 7 }]);
      const [, restarted] = lockOf(dir);
      expect(restarted).not.toBe(child);
      expect(alive(restarted!)).toBe(true);
    });
  });

  it('answers as unavailable while its process cannot start, tries again only after a pause, and is back once it can', async () => {
    await withEmbeddedDatabase('nostart', async (database, dir) => {
      await database.exec('create table kept (n int); insert into kept values (7)');
      const child = await killDatabaseProcess(dir);
      // Its files are out of reach: a file where its folder was.
      renameSync(dir, `${dir}.away`);
      writeFileSync(dir, '');
      const failure = (e: unknown) => e;
      expect(isUnavailable(await database.query('select 1').catch(failure))).toBe(true);
      const [, failed] = lockOf(dir);
      expect(failed).not.toBe(child);
      const again = await database.query('select 1').catch(failure);
      expect(isUnavailable(again)).toBe(true);
      expect((again as Error).message).toMatch(/first call after 1 s starts it again/);
      expect(lockOf(dir)[1]).toBe(failed);
      rmSync(dir);
      renameSync(`${dir}.away`, dir);
      await new Promise((r) => setTimeout(r, 1100));
      expect((await database.query('select n from kept')).rows).toEqual([{ n: 7 }]);
      expect(lockOf(dir)[1]).not.toBe(failed);
    });
  });

  it('starts a process that ended soon after it started again at once, and after a pause when it does so twice in a row', async () => {
    await withEmbeddedDatabase('crashes', async (database, dir) => {
      const first = await killDatabaseProcess(dir);
      expect((await database.query('select 1 as n')).rows).toEqual([{ n: 1 }]);
      const second = lockOf(dir)[1];
      expect(second).not.toBe(first);
      await killDatabaseProcess(dir);
      const answer = () =>
        database.query('select 1 as n').then(
          (r) => r.rows,
          (e: Error) => (isUnavailable(e) ? e.message : e),
        );
      await expect.poll(answer, { interval: 20 }).toMatch(/ended soon after it started; the first call after 1 s starts it again/);
      expect(lockOf(dir)[1]).toBe(second);
      await new Promise((r) => setTimeout(r, 1100));
      expect(await answer()).toEqual([{ n: 1 }]);
      expect(lockOf(dir)[1]).not.toBe(second);
    });
  });

  it('does not use a process the lock cannot name: unavailable, and the process ended', async () => {
    await withEmbeddedDatabase('unnamed', async (database, dir) => {
      await killDatabaseProcess(dir);
      // The lock is rewritten through a file beside it: a folder in its place makes that fail.
      mkdirSync(`${dir}.lock.${process.pid}`);
      const err = await database.query('select 1').catch((e: unknown) => e);
      expect(isUnavailable(err)).toBe(true);
      await new Promise((r) => setTimeout(r, 300));
      const running = readdirSync('/proc')
        .filter((p) => /^\d+$/.test(p))
        .filter((p) => {
          try {
            return readFileSync(`/proc/${p}/cmdline`, 'utf8').includes(dir);
          } catch {
            return false;
          }
        });
      expect(running).toEqual([]);
      rmSync(`${dir}.lock.${process.pid}`, { recursive: true });
      await new Promise((r) => setTimeout(r, 1100));
      expect((await database.query('select 1 as n')).rows).toEqual([{ n: 1 }]);
    });
  });

  it('fails a transaction whose process ended as unavailable, without starting another for it', async () => {
    await withEmbeddedDatabase('tx', async (database, dir) => {
      const [, child] = lockOf(dir);
      const err = await database.db
        .transaction(async (tx) => {
          await tx.execute(sql`select 1`);
          process.kill(child!, 'SIGKILL');
          for (let i = 0; i < 100 && alive(child!); i++) await new Promise((r) => setTimeout(r, 50));
          await tx.execute(sql`select 2`);
        })
        .then(
          () => undefined,
          (e: unknown) => e,
        );
      expect(isUnavailable(err)).toBe(true);
      expect(lockOf(dir)[1]).toBe(child);
      expect((await database.query('select 1 as n')).rows).toEqual([{ n: 1 }]);
      expect(lockOf(dir)[1]).not.toBe(child);
    });
  });

  it('commits a transaction, rolls back one that throws, and reports a unique violation by its constraint', async () => {
    const database = await openDatabase({ pgliteDir: copiedDatabaseDir('transactions') });
    try {
      await database.exec('create table t (k text constraint t_key primary key)');
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into t values ('a')`);
      });
      const thrown = database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into t values ('b')`);
        throw new Error('changed my mind');
      });
      await expect(thrown).rejects.toThrow('changed my mind');
      const err = await database.db.execute(sql`insert into t values ('a')`).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(isUniqueViolation(err, 't_key')).toBe(true);
      expect((await database.query('select k from t order by k')).rows).toEqual([{ k: 'a' }]);
    } finally {
      await database.close();
    }
  });

  it('ends, its open transaction rolled back, when the server that started it is gone', async () => {
    const dir = copiedDatabaseDir('orphan');
    const script = path.join(process.cwd(), 'scripts', 'lib', 'pglite-process.mjs');
    const child = spawn(process.execPath, [script, dir, JSON.stringify(PGlite.defaultStartParams)], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      serialization: 'advanced',
    });
    const replies: { id?: number; ready?: boolean; error?: unknown }[] = [];
    child.on('message', (m: (typeof replies)[number]) => replies.push(m));
    const reply = async (pick: (m: (typeof replies)[number]) => boolean) => {
      for (let i = 0; i < 200 && !replies.some(pick); i++) await new Promise((r) => setTimeout(r, 50));
      return replies.find(pick);
    };
    expect(await reply((m) => !!m.ready)).toBeTruthy();
    child.send({ id: 1, op: 'begin' });
    await reply((m) => m.id === 1);
    child.send({ id: 2, op: 'exec', text: 'create table orphaned (n int)', tx: 1 });
    expect(await reply((m) => m.id === 2)).not.toHaveProperty('error');
    const exited = new Promise<number | null>((r) => child.on('exit', r));
    child.disconnect();
    expect(await exited).toBe(0);
    const database = await openDatabase({ pgliteDir: dir });
    try {
      expect((await database.query(`select to_regclass('orphaned') as t`)).rows).toEqual([{ t: null }]);
    } finally {
      await database.close();
    }
  });
});
