import type { IncomingMessage, ServerResponse } from 'node:http';

/** See response-guard.mjs. */
export function malformedPath(url: string): boolean;
export function responseGuard(): (req: IncomingMessage, res: ServerResponse) => void;
