import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#tests/test-db';
import { migrateDatabase, openDatabase } from './client';

describe('migrations', () => {
  let t: TestDatabase;
  afterEach(() => t?.drop());

  it('create every table and can run again without harm', async () => {
    t = await createTestDatabase();
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

describe('the embedded database', () => {
  it('starts with a buffer pool of 32 MB, not PostgreSQL default 128 MB, all of which it would write', async () => {
    const database = await openDatabase({ pgliteDir: 'memory://' });
    try {
      expect((await database.query('show shared_buffers')).rows[0]).toEqual({ shared_buffers: '32MB' });
    } finally {
      await database.close();
    }
  });

  it('is made by a process of its own when new, then opened here, and opened as it is after that', async () => {
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
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'site-lock-')), 'db');
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      writeFileSync(`${dir}.lock`, String(other.pid));
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
});
