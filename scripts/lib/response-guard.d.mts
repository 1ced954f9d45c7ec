import type { IncomingMessage, ServerResponse } from 'node:http';

/** See response-guard.mjs. */
export function malformedPath(url: string): boolean;
export function responseGuard(options?: {
  sent?: (req: IncomingMessage, res: ServerResponse, status: number, body: Buffer) => void;
  connectSources?: string[];
}): (req: IncomingMessage, res: ServerResponse) => void;
export const MIN_COMPRESS_BYTES: number;
export function mergeVary(vary: unknown, name: string): string;
export const API_PATH: RegExp;
