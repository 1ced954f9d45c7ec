import type { IncomingMessage, ServerResponse } from 'node:http';

/** See api-compression.mjs. */
export function compressApiAnswer(req: IncomingMessage, res: ServerResponse): void;
