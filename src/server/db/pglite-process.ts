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
const START_RETRY_MS = 1000;
const START_RETRY_MAX_MS = 30_000;
/** A process that ends within this time of being ready ended "soon after it started". */
const QUICK_END_MS = 30_000;

/** An error as the database's process described it, with its SQLSTATE and constraint. */
function errorOf(fields: Record<string, unknown>): Error {
  return Object.assign(new Error(String(fields.message)), fields);
}

/**
 * A call that found the database's process gone, or could not start it: answered 503
 * (isUnavailable), never a crash.
 */
const gone = (message = 'The embedded database stopped.', cause?: unknown) =>
  Object.assign(new Error(message, { cause }), { code: 'ECONNRESET' });

/**
 * The embedded database in a process of its own (scripts/lib/pglite-process.mjs): started now,
 * started again on the next call if it ends unexpectedly (after a start that failed, or a second
 * end in a row within 30 s of starting, on the first call 1–30 s later); `started` is told each
 * one's pid (the lock names it).
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
  // A start that failed is not tried again at once: each request would start a process that fails
  // the same way (damaged files, a full disk). Calls are unavailable until then.
  let failures = 0;
  let retryAt = 0;
  // A process that ends soon after it started (damaged files read at the first query, memory) is
  // started again at once the first time, and after a pause from the second time in a row.
  let quickEnds = 0;
  let pausedFor = 'could not start';
  const pause = (count: number, reason: string) => {
    pausedFor = reason;
    retryAt = Date.now() + Math.min(START_RETRY_MAX_MS, START_RETRY_MS * 2 ** (count - 1));
  };

  const start = (): Promise<ChildProcess> => {
    if (starting) return starting;
    const wait = retryAt - Date.now();
    if (wait > 0) {
      return Promise.reject(gone(`The embedded database ${pausedFor}; the first call after ${Math.ceil(wait / 1000)} s starts it again.`));
    }
    const attempt = new Promise<ChildProcess>((resolve, reject) => {
      let settled = false;
      let readyAt = 0;
      /** A process that ended or failed before it was ready: the next start waits 1 s, then twice as long each time, up to 30 s. */
      const notStarted = () => {
        if (settled) return;
        settled = true;
        pause(++failures, 'could not start');
      };
      const failed = (err: Error) => {
        notStarted();
        reject(gone(`The embedded database could not start: ${err.message}`, err));
      };
      let proc: ChildProcess;
      try {
        // spawn, not fork: the bundler would take fork's script for a module of the bundle.
        proc = spawn(process.execPath, [SCRIPT, dir, JSON.stringify(startParams)], {
          serialization: 'advanced',
          stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
        });
      } catch (err) {
        return failed(err as Error); // no process (too many open files, say)
      }
      proc.on('message', (reply: Reply) => {
        if (reply.ready) {
          if (settled) return;
          settled = true;
          failures = 0;
          readyAt = Date.now();
          child = proc;
          resolve(proc);
        } else if (reply.fatal) failed(errorOf(reply.fatal));
        else {
          const call = pending.get(reply.id);
          pending.delete(reply.id);
          if (reply.error) call?.reject(errorOf(reply.error));
          else call?.resolve(reply.result);
        }
      });
      proc.on('error', (err) => child !== proc && failed(err));
      proc.on('exit', () => {
        if (child === proc) {
          child = undefined;
          if (Date.now() - readyAt >= QUICK_END_MS) quickEnds = 0;
          else if (++quickEnds >= 2 && !closed) pause(quickEnds - 1, 'ended soon after it started');
        }
        notStarted();
        if (starting === attempt) starting = undefined;
        reject(gone());
        for (const call of pending.values()) call.reject(gone());
        pending.clear();
      });
      try {
        if (proc.pid) started(proc.pid);
      } catch (err) {
        // The lock cannot name it (a full disk, say): a process the lock does not name is not used.
        proc.kill('SIGKILL');
        failed(err as Error);
      }
    });
    starting = attempt;
    // However it failed, the next call may start one again (after the pause).
    attempt.catch(() => {
      if (starting === attempt) starting = undefined;
    });
    return attempt;
  };

  /** A message to the database's process; `on`, the process a transaction began in. */
  const call = async (message: Record<string, unknown>, on?: ChildProcess): Promise<unknown> => {
    if (closed) throw gone();
    const proc = on ?? child ?? (await start());
    // A transaction's process that ended took the transaction with it.
    if (proc !== child) throw gone();
    const id = next++;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      try {
        proc.send({ ...message, id });
      } catch (err) {
        pending.delete(id);
        reject(err as Error); // a value that cannot be cloned
      }
    });
  };

  /** Drizzle asks for some types as text through identity parsers: their type ids cross, not the functions. */
  const query =
    (tx?: number, on?: ChildProcess) =>
    (text: string, params: unknown[] = [], options: QueryOptions = {}) =>
      call(
        {
          op: 'query',
          text,
          params,
          rowMode: options.rowMode,
          rawTypes: Object.keys(options.parsers ?? {}).map(Number),
          tx,
        },
        on,
      ) as Promise<Results>;
  const exec = (tx?: number, on?: ChildProcess) => (text: string) => call({ op: 'exec', text, tx }, on) as Promise<Results[]>;

  await start();
  return {
    query: query(),
    exec: exec(),
    async transaction(fn) {
      const on = child ?? (await start());
      const tx = (await call({ op: 'begin' }, on)) as number;
      let ended = false;
      const rollback = async () => {
        ended = true;
        await call({ op: 'rollback', tx }, on);
      };
      try {
        const result = await fn({ query: query(tx, on), exec: exec(tx, on), rollback });
        if (!ended) await call({ op: 'commit', tx }, on);
        return result;
      } catch (err) {
        if (!ended && on === child) await call({ op: 'rollback', tx }, on).catch(() => {});
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
