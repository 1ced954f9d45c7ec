import type { IncomingMessage, ServerResponse } from 'node:http';

/** See static-assets.mjs: resolves true when it answered, false to leave the request to Next. */
export function staticAssets(distDir: string): (req: IncomingMessage, res: ServerResponse) => Promise<boolean>;
