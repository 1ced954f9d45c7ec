import 'server-only';
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

interface Results {
  rows: Record<string, unknown>[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}

interface QueryOptions {
  rowMode?: 'array' | 'object';
  parsers?: Record<number, unknown>;
}

/** What Drizzle's PGlite driver and the queue use of PGlite, answered by the database's process. */
export interface PgliteClient {
  query(text: string, params?: unknown[], options?: QueryOptions): Promise<Results>;
  exec(text: string): Promise<Results[]>;
  transaction<T>(fn: (tx: Omit<PgliteClient, 'transaction' | 'close'> & { rollback(): Promise<void> }) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

type Reply = { id: number; result?: unknown; error?: Record<string, unknown> } & { ready?: true; fatal?: Record<string, unknown> };

const SCRIPT = path.join(process.cwd(), 'scripts', 'lib', 'pglite-process.mjs');

/** An error as the database's process described it, with its SQLSTATE and constraint. */
function errorOf(fields: Record<string, unknown>): Error {
  return Object.assign(new Error(String(fields.message)), fields);
}

/** A call that found the database's process gone: answered 503 (isUnavailable), never a crash. */
const gone = () => Object.assign(new Error('The embedded database stopped.'), { code: 'ECONNRESET' });

/**
 * The embedded database in a process of its own (scripts/lib/pglite-process.mjs): started now,
 * started again on the next call if it ends unexpectedly; `started` is told each one's pid (the
 * lock names it). `--liftoff-only` keeps its compiled code small (decision 040).
 */
export async function openPgliteProcess(
  dir: string,
  startParams: readonly string[],
  started: (pid: number) => void,
): Promise<PgliteClient> {
  let child: ChildProcess | undefined;
  let starting: Promise<ChildProcess> | undefined;
  let closed = false;
  let next = 1;
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();

  const start = () =>
    (starting ??= new Promise<ChildProcess>((resolve, reject) => {
      // spawn, not fork: the bundler would take fork's script for a module of the bundle.
      const proc = spawn(process.execPath, ['--liftoff-only', SCRIPT, dir, JSON.stringify(startParams)], {
        serialization: 'advanced',
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      if (proc.pid) started(proc.pid);
      proc.on('message', (reply: Reply) => {
        if (reply.ready) {
          child = proc;
          resolve(proc);
        } else if (reply.fatal) reject(errorOf(reply.fatal));
        else {
          const call = pending.get(reply.id);
          pending.delete(reply.id);
          if (reply.error) call?.reject(errorOf(reply.error));
          else call?.resolve(reply.result);
        }
      });
      proc.on('error', reject);
      proc.on('exit', () => {
        if (child === proc) child = undefined;
        starting = undefined;
        reject(gone());
        for (const call of pending.values()) call.reject(gone());
        pending.clear();
      });
    }));

  const call = async (message: Record<string, unknown>): Promise<unknown> => {
    if (closed) throw gone();
    const proc = child ?? (await start());
    const id = next++;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      proc.send({ ...message, id });
    });
  };

  /** Drizzle asks for some types as text through identity parsers: their type ids cross, not the functions. */
  const query =
    (tx: number | undefined) =>
    (text: string, params: unknown[] = [], options: QueryOptions = {}) =>
      call({
        op: 'query',
        text,
        params,
        rowMode: options.rowMode,
        rawTypes: Object.keys(options.parsers ?? {}).map(Number),
        tx,
      }) as Promise<Results>;
  const exec = (tx: number | undefined) => (text: string) => call({ op: 'exec', text, tx }) as Promise<Results[]>;

  await start();
  return {
    query: query(undefined),
    exec: exec(undefined),
    async transaction(fn) {
      const tx = (await call({ op: 'begin' })) as number;
      let ended = false;
      const rollback = async () => {
        ended = true;
        await call({ op: 'rollback', tx });
      };
      try {
        const result = await fn({ query: query(tx), exec: exec(tx), rollback });
        if (!ended) await call({ op: 'commit', tx });
        return result;
      } catch (err) {
        if (!ended) await call({ op: 'rollback', tx }).catch(() => {});
        throw err;
      }
    },
    async close() {
      closed = true;
      const proc = child ?? (await starting?.catch(() => undefined));
      if (!proc || proc.exitCode !== null) return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => proc.kill('SIGKILL'), 10_000);
        proc.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        proc.send({ op: 'close' });
      });
    },
  };
}
