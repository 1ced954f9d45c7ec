import type { IncomingMessage, ServerResponse } from 'node:http';

/** See outage-status.mjs. */
export const REQUEST_KEY_HEADER: string;
export const REQUESTS: symbol;
export const RETRY_AFTER_SECONDS: number;
export function outageStatus(requests: Map<string, boolean>): (req: IncomingMessage, res: ServerResponse) => void;
