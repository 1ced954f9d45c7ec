import { createLogger } from '@/server/log';

/** The process's logger, with the site's settings, writing into `lines` until `restore()`. */
export function captureLogs(level = 'info') {
  const key = Symbol.for('site.logger');
  const g = globalThis as Record<symbol, unknown>;
  const saved = g[key];
  const lines: string[] = [];
  g[key] = createLogger(level, { write: (line: string) => void lines.push(line) });
  return {
    lines,
    /** The parsed lines whose message is `msg`. */
    find: (msg: string) => lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.msg === msg),
    restore: () => {
      g[key] = saved;
    },
  };
}
