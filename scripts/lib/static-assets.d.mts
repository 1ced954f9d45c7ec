import type { IncomingMessage, ServerResponse } from 'node:http';

/** See static-assets.mjs: resolves true when it answered, false to leave the request to Next. */
export function staticAssets(distDir: string): (req: IncomingMessage, res: ServerResponse) => Promise<boolean>;

/** See static-assets.mjs: brotli, else gzip, else none, for an Accept-Encoding header (q=0 refuses). */
export function pickEncoding(header: string): 'br' | 'gzip' | null;
