import 'server-only';
import pino from 'pino';
import { env } from './env';

const key = Symbol.for('site.logger');
type WithLogger = typeof globalThis & { [key]?: pino.Logger };

/** Structured JSON logs on stdout; one logger per process, shared by every bundle. */
export function log(): pino.Logger {
  const g = globalThis as WithLogger;
  g[key] ??= pino({
    level: env().LOG_LEVEL,
    base: { service: 'site' },
    redact: { paths: ['req.headers.cookie', 'req.headers.authorization', '*.password'], remove: true },
  });
  return g[key];
}
