import 'server-only';
import path from 'node:path';
import { features } from '../features';
import { log } from '../log';
import { staffCommand } from '../office/staff-command';

/** Where a command writes: the operator's terminal, or the control socket that carries it there. */
export interface CommandIo {
  /** A line for stdout. */
  out(line: string): void;
  /** A line for stderr (errors, refusals). */
  err(line: string): void;
  /** Rows printed as a table (console.table). */
  table(rows: Record<string, unknown>[]): void;
  /** Text for stdout as it is, no line added (a CSV export redirected to a file). */
  write(text: string): void;
  /** The operator's working directory: relative file arguments are resolved against it. */
  cwd: string;
}

/**
 * An operator command (`npm run <name> -- …`), declared by a feature (FeatureModule.commands).
 * It runs where the database is: in the site's server while it runs (over the control socket,
 * src/server/commands/control-server.ts), else in the command's own process. Answers the exit
 * code: 0 done, 1 refused or failed, 2 wrong usage.
 */
export interface OperatorCommand {
  name: string;
  /** One line: `npm run <name> -- list | …`. */
  usage: string;
  run(args: string[], io: CommandIo): Promise<number>;
}

/** The infrastructure's commands (the office's staff) and the installed features', by name. */
function commands(): Map<string, OperatorCommand> {
  return new Map([staffCommand, ...features().flatMap((f) => f.commands ?? [])].map((c) => [c.name, c]));
}

/** A file argument, resolved against the operator's working directory. */
export function operatorPath(io: CommandIo, file: string): string {
  return path.resolve(io.cwd, file);
}

/**
 * Runs a command by name. An unknown name answers 2 with the commands' usage; an error thrown by
 * the command answers 1 with its message (a service's refusal, "Order TR-… is paid.", says it all).
 */
export async function runCommand(name: string, args: string[], io: CommandIo): Promise<number> {
  const command = commands().get(name);
  if (!command) {
    io.err(`Unknown command ${JSON.stringify(name)}. Commands: ${[...commands().keys()].join(', ')}.`);
    for (const known of commands().values()) io.err(known.usage);
    return 2;
  }
  try {
    return await command.run(args, io);
  } catch (err) {
    if (!(err instanceof Error) || err.name !== 'AppError') log().warn({ command: name, err }, 'operator command failed');
    io.err(err instanceof Error ? err.message : String(err));
    return 1;
  }
}
