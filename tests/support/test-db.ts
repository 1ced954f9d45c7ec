import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { migrateDatabase, openDatabase, type Database } from '@/server/db/client';

export interface TestDatabase {
  database: Database;
  /** The connection URL on PostgreSQL; undefined on PGlite. */
  url?: string;
  drop(): Promise<void>;
}

function assertLocal(url: URL) {
  // Tests create and drop databases: never let them near a server that is not this machine's.
  if (!['localhost', '127.0.0.1', '::1', '[::1]', ''].includes(url.hostname)) {
    throw new Error(`Refusing to run database tests against ${url.hostname}: use a local PostgreSQL`);
  }
}

/** Copies the project's migrated PGlite folder (tests/support/db-template.ts) to `dir`. */
export function copyPgliteTemplate(dir: string): void {
  cpSync(inject('pgliteTemplate'), dir, { recursive: true });
}

/**
 * A fresh database of this file's own: a copy of the migrated template (PGlite in a folder of its
 * own, or a PostgreSQL database created from the template), or, with `migrate: false`, an empty one.
 */
export async function createTestDatabase({ migrate = true }: { migrate?: boolean } = {}): Promise<TestDatabase> {
  if (process.env.TEST_DB !== 'postgres') {
    if (!migrate) {
      const database = await openDatabase({ pgliteDir: 'memory://' });
      return { database, drop: () => database.close() };
    }
    const home = mkdtempSync(path.join(tmpdir(), 'site-test-db-'));
    copyPgliteTemplate(path.join(home, 'db'));
    const database = await openDatabase({ pgliteDir: path.join(home, 'db') });
    return {
      database,
      async drop() {
        await database.close();
        rmSync(home, { recursive: true, force: true });
      },
    };
  }
  const admin = new URL(process.env.TEST_PG_URL!);
  assertLocal(admin);
  const name = `site_test_${randomBytes(6).toString('hex')}`;
  await createDatabase(admin, name, migrate ? inject('pgTemplate') : undefined);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), pgliteDir: '' });
  if (migrate) await migrateDatabase(database); // finds every migration applied
  return {
    database,
    url: url.toString(),
    async drop() {
      await database.close();
      const c = new pg.Client({ connectionString: admin.toString() });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

async function createDatabase(admin: URL, name: string, template?: string) {
  const c = new pg.Client({ connectionString: admin.toString() });
  await c.connect();
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        await c.query(`create database ${name}${template ? ` template ${template}` : ''}`);
        return;
      } catch (err) {
        // Two files created from the template in the same instant: PostgreSQL refuses the second
        // while the first reads the template ("being accessed by other users", 55006).
        if ((err as { code?: string }).code !== '55006' || attempt === 20) throw err;
        await new Promise((r) => setTimeout(r, 100 * attempt));
      }
    }
  } finally {
    await c.end();
  }
}
