import 'server-only';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { existsSync, linkSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { openPgliteProcess, type PgliteClient } from './pglite-process';

// No relational queries: tables are imported where they are used, so the client needs no schema.
export type Db = PgDatabase<PgQueryResultHKT>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

interface QueryResult {
  rows: Record<string, unknown>[];
}

/** A database handle: Drizzle for the application, raw SQL for the queue and health checks. */
export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** One parameterised statement. */
  query(text: string, values?: unknown[]): Promise<QueryResult>;
  /** Several statements without parameters; answers the last result. */
  exec(text: string): Promise<QueryResult>;
  close(): Promise<void>;
}

const MIGRATIONS = path.join(process.cwd(), 'drizzle');
// Any constant works; it keeps two nodes starting at once from migrating at once.
const MIGRATION_LOCK = 7_263_041;

export interface OpenOptions {
  /** postgres:// URL; without it the embedded PGlite database is used. */
  url?: string;
  /** Folder for PGlite's files, or 'memory://' for a throwaway database. */
  pgliteDir: string;
}

/** Closing twice (a test's clean-up after a shutdown, say) is harmless. */
function once(fn: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => (closing ??= fn());
}

export async function openDatabase({ url, pgliteDir }: OpenOptions): Promise<Database> {
  if (url) {
    const pool = new pg.Pool({
      connectionString: url,
      max: 10,
      // A request must learn quickly that the database is down (503 within 2 s).
      connectionTimeoutMillis: 2000,
      idleTimeoutMillis: 30_000,
      statement_timeout: 10_000,
    });
    // An idle client that loses its server emits 'error'; without a listener the process dies.
    pool.on('error', () => {});
    return {
      kind: 'postgres',
      db: drizzlePg(pool) as unknown as Db,
      query: (text, values) => pool.query(text, values),
      exec: async (text) => {
        const res = (await pool.query(text)) as unknown as pg.QueryResult | pg.QueryResult[];
        return Array.isArray(res) ? (res.at(-1) ?? { rows: [] }) : res;
      },
      close: once(() => pool.end()),
    };
  }
  const inMemory = pgliteDir.startsWith('memory://');
  const { unlock, heldWith } = inMemory ? { unlock: () => {}, heldWith: () => {} } : lockPglite(pgliteDir);
  let lite: PgliteClient;
  try {
    if (!inMemory) await createPglite(pgliteDir);
    lite = await openPgliteProcess(pgliteDir, PGLITE_PARAMS, heldWith);
  } catch (err) {
    unlock();
    throw err;
  }
  return {
    kind: 'pglite',
    db: drizzlePglite({ client: lite as never }) as unknown as Db,
    query: (text, values) => lite.query(text, values),
    exec: async (text) => (await lite.exec(text)).at(-1) ?? { rows: [] },
    close: once(async () => {
      await lite.close();
      unlock();
    }),
  };
}

// PostgreSQL's default buffer pool (128 MB) is all written when the embedded database starts,
// and the memory of its WebAssembly instance is never given back: 32 MB holds a job board of
// this size and keeps the process about 100 MB smaller (decision 040).
const PGLITE_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];

/**
 * A new embedded database is made by a process of its own, which then ends: PostgreSQL's initdb
 * touches some 120 MB of WebAssembly memory more than running the database does, which the
 * process that ran it would keep while quiet; under steady traffic the database uses as much
 * again (decision 040).
 */
async function createPglite(dir: string): Promise<void> {
  if (existsSync(path.join(dir, 'PG_VERSION'))) return;
  const script = `import { PGlite } from '@electric-sql/pglite';
const db = await PGlite.create(process.argv[1], { startParams: JSON.parse(process.argv[2]) });
await db.close();`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script, dir, JSON.stringify(PGLITE_PARAMS)], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (d: Buffer) => (errors += d));
  const code = await new Promise<number | null>((resolve, reject) => child.on('error', reject).on('exit', resolve));
  if (code !== 0) throw new Error(`Could not create the embedded database in ${dir}: ${errors.trim().split('\n').at(-1)}`);
}

/**
 * PGlite's files may be opened by one process only; a second opener would corrupt them. A lock
 * file made exclusively, holding the owner's pid and its database process's, turns that into a
 * clear error. The lock of processes that are gone is taken over; a database process that outlives
 * its owner for the moment it takes to close still holds it.
 */
function lockPglite(dir: string): { unlock: () => void; heldWith: (pid: number) => void } {
  mkdirSync(dir, { recursive: true });
  const file = `${dir}.lock`;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      // Written whole beside it, then linked as the lock: the link fails if a lock exists, and
      // another opener never reads a lock before its pid is in it.
      const own = `${file}.${process.pid}`;
      writeFileSync(own, String(process.pid));
      try {
        linkSync(own, file);
      } catch (err) {
        // A file system without hard links: created exclusively, then written.
        if (!['EPERM', 'ENOTSUP', 'ENOSYS'].includes((err as NodeJS.ErrnoException).code ?? '')) throw err;
        writeFileSync(file, String(process.pid), { flag: 'wx' });
      } finally {
        rmSync(own, { force: true });
      }
      return {
        unlock: () => rmSync(file, { force: true }),
        // Written whole, then renamed over the lock: another opener never reads it half written.
        heldWith: (pid) => {
          writeFileSync(`${file}.${process.pid}`, `${process.pid} ${pid}`);
          renameSync(`${file}.${process.pid}`, file);
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const owner = readFileSync(file, 'utf8')
      .trim()
      .split(' ')
      .map(Number)
      .find((pid) => pid > 0 && isAlive(pid));
    if (owner) {
      throw new Error(
        `The embedded database in ${dir} is in use by process ${owner}. Stop it first, or set DATABASE_URL to share a PostgreSQL database between processes.`,
      );
    }
    rmSync(file, { force: true }); // stale: its process is gone
  }
  throw new Error(`Could not lock the embedded database in ${dir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as never, { migrationsFolder: MIGRATIONS });
    return;
  }
  // A dedicated client holds the advisory lock for the whole migration.
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzlePg(client), { migrationsFolder: MIGRATIONS });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    client.release();
  }
}

export function pgliteDirFor(dataDir: string): string {
  return path.join(dataDir, 'db');
}
