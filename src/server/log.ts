import 'server-only';
import pino from 'pino';
import { env } from './env';

const key = Symbol.for('site.logger');
type WithLogger = typeof globalThis & { [key]?: pino.Logger };

/**
 * What an error may say in the logs: its kind and reasons, never the data it was about. A failed
 * query's message and stack carry its parameters (a lead's name, email and message), PostgreSQL's
 * `detail` the offending value, an SMTP error its recipients; so only these fields are kept, and a
 * query's message is cut before its parameters.
 */
const ERROR_FIELDS = [
  'code',
  'errno',
  'syscall',
  'severity',
  'routine',
  'table',
  'column',
  'constraint',
  'responseCode',
  'command',
  'status',
];

/** An address in a message (an SMTP server's "<ana@example.com>: Recipient rejected"). */
const ADDRESS = /[^\s<>()"',;:@]+@[^\s<>()"',;:@]+\.[^\s<>()"',;:@]+/g;

/** PostgreSQL quotes the value it could not read: "invalid input syntax for type uuid: \"…\"". */
const QUOTED_VALUE = /(invalid input (?:syntax|value) for [^:]*: )".*"/g;

function safeText(text: string): string {
  const params = text.indexOf('\nparams:');
  return (params < 0 ? text : text.slice(0, params)).replace(ADDRESS, '[address]').replace(QUOTED_VALUE, '$1"…"');
}

export function safeError(err: unknown, depth = 0): unknown {
  if (typeof err === 'string') return safeText(err);
  if (!(err instanceof Error)) return { type: typeof err };
  const out: Record<string, unknown> = { type: err.name, message: safeText(err.message) };
  // The stack repeats the message (which may hold what the visitor typed, line breaks and all):
  // keep its frames only, found after the message itself.
  const head = `${err.name}: ${err.message}`;
  if (err.stack?.startsWith(head)) out.stack = `${err.name}: ${out.message}${err.stack.slice(head.length)}`;
  for (const field of ERROR_FIELDS) {
    const value = (err as unknown as Record<string, unknown>)[field];
    if (typeof value === 'string' || typeof value === 'number') out[field] = value;
  }
  if ('query' in err && typeof err.query === 'string') out.query = err.query;
  if (err.cause !== undefined && depth < 5) out.cause = safeError(err.cause, depth + 1);
  return out;
}

/** A logger with the site's settings, writing to `destination` (stdout when not given). */
export function createLogger(level: string, destination?: pino.DestinationStream): pino.Logger {
  return pino(
    {
      level,
      base: { service: 'site' },
      redact: { paths: ['req.headers.cookie', 'req.headers.authorization', '*.password'], remove: true },
      serializers: { err: (err: unknown) => safeError(err) },
    },
    destination,
  );
}

/** Structured JSON logs on stdout; one logger per process, shared by every bundle. */
export function log(): pino.Logger {
  const g = globalThis as WithLogger;
  g[key] ??= createLogger(env().LOG_LEVEL);
  return g[key];
}
