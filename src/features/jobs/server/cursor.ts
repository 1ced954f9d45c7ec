import 'server-only';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { authSecret } from '@/server/env';
import { AppError } from '@/server/errors';

export interface JobPosition {
  createdAt: Date;
  id: string;
}

function sign(payload: string): string {
  return createHmac('sha256', authSecret()).update(`jobs-cursor:${payload}`).digest('base64url').slice(0, 22);
}

/** An opaque, signed keyset cursor: the position of the last job of a page. */
export function encodeCursor({ createdAt, id }: JobPosition): string {
  const payload = Buffer.from(JSON.stringify([createdAt.toISOString(), id])).toString('base64url');
  return `${payload}.${sign(payload)}`;
}

/** The position a cursor names, or null for one that was not made by us (edited, truncated, or from elsewhere). */
export function readCursor(cursor: string): JobPosition | null {
  const [payload = '', signature = ''] = cursor.split('.');
  const expected = sign(payload);
  const valid = signature.length === expected.length && timingSafeEqual(Buffer.from(signature), Buffer.from(expected));
  if (!valid) return null;
  const [iso, id] = JSON.parse(Buffer.from(payload, 'base64url').toString()) as [string, string];
  return { createdAt: new Date(iso), id };
}

/** The board's search answers a cursor that is not ours with a 400: its client sent it. */
export function decodeCursor(cursor: string): JobPosition {
  const position = readCursor(cursor);
  if (!position) throw new AppError('bad_request', 'lastEvaluatedKey is not a cursor of this search.');
  return position;
}
