import 'server-only';
import { chmodSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { log } from '../log';
import { runCommand, type CommandIo } from './command';
import { controlSocketPath, publicUrlRecordPath, type ControlMessage, type ControlRequest } from './control-files';

/** A request line longer than this is not one of ours. */
const MAX_REQUEST = 64 * 1024;
/** On shutdown, commands still running get this long before their connections are cut. */
const SHUTDOWN_GRACE_MS = 2000;

interface ControlServer {
  server: net.Server;
  file: string;
  running: Set<Promise<unknown>>;
  connections: Set<net.Socket>;
}

const key = Symbol.for('site.controlServer');
const slot = globalThis as Record<symbol, ControlServer | undefined>;

/** Whether a server answers on the socket file: live, stale (a crashed server's file) or none. */
function probe(file: string): Promise<'live' | 'stale' | 'none'> {
  return new Promise((resolve) => {
    const socket = net.createConnection(file);
    socket.once('connect', () => {
      socket.destroy();
      resolve('live');
    });
    socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code === 'ENOENT' ? 'none' : 'stale'));
  });
}

function parseRequest(line: string): ControlRequest | string {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return 'The request is not JSON.';
  }
  const r = value as Partial<ControlRequest> | null;
  if (!r || typeof r.command !== 'string') return 'The request names no command.';
  if (!Array.isArray(r.args) || r.args.length > 64 || !r.args.every((a) => typeof a === 'string'))
    return 'The arguments are not a list of strings.';
  if (typeof r.cwd !== 'string' || !path.isAbsolute(r.cwd)) return 'The working directory is not an absolute path.';
  return { command: r.command, args: r.args, cwd: r.cwd };
}

/** One connection: one request line in, the command's output and its exit code out, as JSON lines. */
function serve(socket: net.Socket, state: ControlServer): void {
  state.connections.add(socket);
  socket.on('close', () => state.connections.delete(socket));
  socket.on('error', () => {}); // an operator who pressed Ctrl-C: the command goes on, its output is dropped
  const send = (message: ControlMessage) => {
    if (socket.writable) socket.write(`${JSON.stringify(message)}\n`);
  };
  let buffered = '';
  const onData = (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    const end = buffered.indexOf('\n');
    if (end < 0) {
      if (buffered.length > MAX_REQUEST) {
        socket.off('data', onData);
        send({ err: 'The request is too long.' });
        send({ exit: 2 });
        socket.end();
      }
      return;
    }
    socket.off('data', onData);
    const request = parseRequest(buffered.slice(0, end));
    if (typeof request === 'string') {
      send({ err: request });
      send({ exit: 2 });
      socket.end();
      return;
    }
    const io: CommandIo = {
      out: (line) => send({ out: line }),
      err: (line) => send({ err: line }),
      table: (rows) => send({ table: rows }),
      write: (text) => send({ write: text }),
      cwd: request.cwd,
    };
    const startedAt = Date.now();
    const run = runCommand(request.command, request.args, io).then(
      (exit) => {
        // The command and its verb, never its other arguments (ids, references, file names).
        const verb = /^[a-z][a-z-]{1,15}$/.test(request.args[0] ?? '') ? request.args[0] : undefined;
        log().info({ command: request.command, verb, exit, ms: Date.now() - startedAt }, 'operator command');
        send({ exit });
        socket.end();
      },
      (err: unknown) => {
        log().error({ command: request.command, err }, 'operator command failed');
        send({ exit: 1 });
        socket.end();
      },
    );
    state.running.add(run);
    void run.finally(() => state.running.delete(run));
  };
  socket.on('data', onData);
}

/**
 * Listens for operator commands on DATA_DIR/control.sock (mode 0600: its file permissions are the
 * only guard, so only the user the site runs as, and root, can connect) and records the site's
 * public address in DATA_DIR/public-url, for commands run while the site is stopped. A socket left
 * by a crashed server is replaced; one another live server answers on is left to it.
 */
export async function startControlServer({ dataDir, publicUrl }: { dataDir: string; publicUrl: string }): Promise<void> {
  if (slot[key]) return;
  const file = controlSocketPath(dataDir);
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(publicUrlRecordPath(dataDir), `${publicUrl}\n`, { mode: 0o644 });
  if ((await probe(file)) === 'live') {
    log().warn({ socket: file }, 'another server answers operator commands in this DATA_DIR: this one does not');
    return;
  }
  // Bound in a fresh folder only we may enter, made 0600, then moved into place: nobody can connect
  // before its mode is set, and the process-wide umask is left alone.
  const folder = mkdtempSync(path.join(dataDir, '.control-'));
  const state: ControlServer = { server: net.createServer(), file, running: new Set(), connections: new Set() };
  state.server.on('connection', (socket) => serve(socket, state));
  try {
    const bound = path.join(folder, 'control.sock');
    await new Promise<void>((resolve, reject) => {
      state.server.once('error', reject);
      state.server.listen(bound, () => {
        state.server.off('error', reject);
        resolve();
      });
    });
    chmodSync(bound, 0o600);
    renameSync(bound, file);
  } catch (err) {
    state.server.close();
    throw err;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  state.server.on('error', (err) => log().error({ err }, 'control socket failed'));
  slot[key] = state;
  log().info({ socket: file }, 'operator commands accepted');
}

/** Stops taking commands, gives running ones a moment, removes the socket. */
export async function stopControlServer(): Promise<void> {
  const state = slot[key];
  if (!state) return;
  delete slot[key];
  const closed = new Promise<void>((resolve) => state.server.close(() => resolve()));
  rmSync(state.file, { force: true });
  await Promise.race([Promise.allSettled([...state.running]), new Promise((r) => setTimeout(r, SHUTDOWN_GRACE_MS).unref())]);
  for (const socket of state.connections) socket.destroy();
  await closed;
}
