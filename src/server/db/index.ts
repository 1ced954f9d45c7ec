import 'server-only';
import { env } from '../env';
import { migrateDatabase, openDatabase, pgliteDirFor, type Database } from './client';

export type { Database, Db, DbOrTx, Tx } from './client';

const key = Symbol.for('site.database');
type WithDb = typeof globalThis & { [key]?: Promise<Database> };

/**
 * The process's database, opened and migrated once. Kept on globalThis because Next bundles
 * route handlers, pages and instrumentation separately, and PGlite allows a single opener.
 */
export function database(): Promise<Database> {
  const g = globalThis as WithDb;
  if (g[key]) return g[key];
  const opening = (async () => {
    const e = env();
    const db = await openDatabase({ url: e.DATABASE_URL, pgliteDir: pgliteDirFor(e.DATA_DIR) });
    await migrateDatabase(db);
    return db;
  })();
  g[key] = opening;
  // A failed open (database down at start) must not stick: the next call tries again.
  opening.catch(() => {
    if (g[key] === opening) delete g[key];
  });
  return opening;
}

export async function closeDatabase(): Promise<void> {
  const g = globalThis as WithDb;
  const pending = g[key];
  delete g[key];
  if (pending) await (await pending.catch(() => undefined))?.close();
}
