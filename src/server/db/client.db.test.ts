import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-db';
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

  it('run once when several nodes start together', async () => {
    t = await createTestDatabase();
    if (t.database.kind !== 'postgres') return; // PGlite has a single opener by design.
    const others = await Promise.all([1, 2, 3].map(() => openDatabase({ url: t.url, pgliteDir: '' })));
    await Promise.all(others.map((d) => migrateDatabase(d)));
    await Promise.all(others.map((d) => d.close()));
    const applied = await t.database.query(`select count(*)::int as n from drizzle.__drizzle_migrations`);
    const files = await import('node:fs').then((fs) => fs.readdirSync('drizzle').filter((f) => f.endsWith('.sql')));
    expect(applied.rows[0]!.n).toBe(files.length);
  });
});
