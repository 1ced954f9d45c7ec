import type { IncomingMessage, ServerResponse } from 'node:http';

/** See api-compression.mjs. */
export const MIN_COMPRESS_BYTES: number;
export function compressApiAnswer(req: IncomingMessage, res: ServerResponse): void;
