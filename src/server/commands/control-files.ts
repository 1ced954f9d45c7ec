import 'server-only';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The files the site's server keeps in DATA_DIR for the operator commands: the control socket
 * (mode 0600: only the user the site runs as can connect) and the public address it runs at.
 */
export function controlSocketPath(dataDir: string): string {
  return path.join(dataDir, 'control.sock');
}

export function publicUrlRecordPath(dataDir: string): string {
  return path.join(dataDir, 'public-url');
}

/** The address the site's server last ran at (written at every start), if it ever ran here. */
export function recordedPublicUrl(dataDir: string): string | undefined {
  try {
    const url = readFileSync(publicUrlRecordPath(dataDir), 'utf8').trim();
    return /^https?:\/\/\S+$/.test(url) ? url : undefined;
  } catch {
    return undefined;
  }
}

/** One line of the server's answer; the last one is always `{exit}`. */
export type ControlMessage =
  { out: string } | { err: string } | { table: Record<string, unknown>[] } | { write: string } | { exit: number };

/** The one line a client sends. */
export interface ControlRequest {
  command: string;
  args: string[];
  /** Absolute: the operator's working directory, for relative file arguments. */
  cwd: string;
}
