import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';

/** See front-cache.mjs. */
export const TTL_MS: number;
export function frontCache(options: {
  localeCookie: string;
  visited?: (path: string, headers: IncomingHttpHeaders) => void;
  now?: () => number;
}): {
  answer(req: IncomingMessage, res: ServerResponse, closing: boolean): boolean;
  pass<T>(req: IncomingMessage, handle: () => T): T;
  keep(req: IncomingMessage, res: ServerResponse, status: number, body: Buffer): void;
  size(): number;
};
