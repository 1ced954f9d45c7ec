import 'server-only';
import { env } from '../env';
import { processSingleton } from '../singleton';
import { migrateDatabase, openDatabase, pgliteDirFor, type Database } from './client';

export type { Database, Db, DbOrTx, Tx } from './client';

const instance = processSingleton<Database>('database');

async function open(): Promise<Database> {
  const e = env();
  const db = await openDatabase({ url: e.DATABASE_URL, pgliteDir: pgliteDirFor(e.DATA_DIR) });
  try {
    await migrateDatabase(db);
  } catch (err) {
    // Release the connection (and PGlite's lock) so the next attempt starts clean.
    await db.close().catch(() => {});
    throw err;
  }
  return db;
}

/** The process's database, opened and migrated on first use. */
export function database(): Promise<Database> {
  return instance.get(open);
}

export function closeDatabase(): Promise<void> {
  return instance.clear((db) => db.close());
}
