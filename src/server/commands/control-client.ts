import 'server-only';
import net from 'node:net';
import type { CommandIo } from './command';
import type { ControlMessage, ControlRequest } from './control-files';

/**
 * Hands a command to the site's server listening on `socketFile` and relays its output to `io`.
 * Answers the command's exit code, or undefined when no server listens there (no socket file, or
 * one left by a server that is gone): the caller then runs the command itself.
 */
export function handOver(socketFile: string, request: ControlRequest, io: Omit<CommandIo, 'cwd'>): Promise<number | undefined> {
  return new Promise((resolve, reject) => {
    const socket = net.createConnection(socketFile);
    let connected = false;
    let exit: number | undefined;
    let buffered = '';
    socket.setEncoding('utf8');
    socket.once('connect', () => {
      connected = true;
      socket.write(`${JSON.stringify(request)}\n`);
    });
    socket.on('data', (chunk: string) => {
      buffered += chunk;
      let end: number;
      while ((end = buffered.indexOf('\n')) >= 0) {
        const line = buffered.slice(0, end);
        buffered = buffered.slice(end + 1);
        let message: ControlMessage;
        try {
          message = JSON.parse(line) as ControlMessage;
        } catch {
          io.err(`Unexpected answer from ${socketFile}.`);
          socket.destroy();
          return;
        }
        if ('out' in message) io.out(message.out);
        else if ('err' in message) io.err(message.err);
        else if ('table' in message) io.table(message.table);
        else if ('write' in message) io.write(message.write);
        else if ('exit' in message) exit = message.exit;
      }
    });
    socket.on('error', (err: NodeJS.ErrnoException) => {
      if (!connected && (err.code === 'ENOENT' || err.code === 'ECONNREFUSED')) resolve(undefined);
      else if (!connected) reject(new Error(`Cannot reach the site's server on ${socketFile}: ${err.message}`));
    });
    socket.on('close', () => {
      if (!connected) return;
      if (exit === undefined) {
        io.err("The site's server closed the connection before the command finished (see the server's log).");
        resolve(1);
      } else resolve(exit);
    });
  });
}
