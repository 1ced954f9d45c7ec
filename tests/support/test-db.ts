import { randomBytes } from 'node:crypto';
import pg from 'pg';
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

/** A fresh, migrated database: in-memory PGlite, or a new database on the local PostgreSQL. */
export async function createTestDatabase({ migrate = true }: { migrate?: boolean } = {}): Promise<TestDatabase> {
  if (process.env.TEST_DB !== 'postgres') {
    const database = await openDatabase({ pgliteDir: 'memory://' });
    if (migrate) await migrateDatabase(database);
    return { database, drop: () => database.close() };
  }
  const admin = new URL(process.env.TEST_PG_URL!);
  assertLocal(admin);
  const name = `site_test_${randomBytes(6).toString('hex')}`;
  const adminClient = new pg.Client({ connectionString: admin.toString() });
  await adminClient.connect();
  await adminClient.query(`create database ${name}`);
  await adminClient.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), pgliteDir: '' });
  if (migrate) await migrateDatabase(database);
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
