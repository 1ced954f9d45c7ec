import 'server-only';

export type ErrorCode =
  | 'bad_request'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'validation'
  | 'rate_limited'
  | 'unavailable'
  | 'internal';

export const statusOf: Record<ErrorCode, number> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  validation: 422,
  rate_limited: 429,
  unavailable: 503,
  internal: 500,
};

export const titleOf: Record<ErrorCode, string> = {
  bad_request: 'Bad request',
  unauthorized: 'Unauthorized',
  forbidden: 'Forbidden',
  not_found: 'Not found',
  conflict: 'Conflict',
  payload_too_large: 'Payload too large',
  unsupported_media_type: 'Unsupported media type',
  validation: 'Validation failed',
  rate_limited: 'Too many requests',
  unavailable: 'Service unavailable',
  internal: 'Internal server error',
};

export type { FieldError } from '@/lib/problem';
import type { FieldError } from '@/lib/problem';
import type { OfficeMessages } from './office/office-messages';

/** The one error type of the application; the API turns it into problem+json. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string = titleOf[code],
    readonly extra: { errors?: FieldError[]; retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.status = statusOf[code];
  }
}

/** A text of the office's Problems (messages/office), read by each member in their own language. */
export type ProblemKey = keyof OfficeMessages['Problems'];

/**
 * A refusal the office shows in the member's language: its key travels as an error of the whole
 * request (path ''), beside the English detail other clients read.
 */
export function refused(code: ErrorCode, message: string, key: ProblemKey, extra: { retryAfterSeconds?: number } = {}): AppError {
  return new AppError(code, message, { ...extra, errors: [{ path: '', message: key }] });
}

const unavailableCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08006',
  '53300',
]);

/** True for errors that mean "the database (or another dependency) cannot be reached now". */
export function isUnavailable(err: unknown): boolean {
  for (
    let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 5;
    e = e.cause as typeof e, depth++
  ) {
    if (typeof e.code === 'string' && unavailableCodes.has(e.code)) return true;
    if (
      typeof e.message === 'string' &&
      /timeout exceeded when trying to connect|Connection terminated|connect ECONNREFUSED/i.test(e.message)
    )
      return true;
    if (Array.isArray((e as { errors?: unknown }).errors) && (e as { errors: unknown[] }).errors.some(isUnavailable)) return true;
  }
  return false;
}

/**
 * A failure that is not the request's nor a bug: a dependency down or overloaded (answered 503).
 * By shape, not `instanceof`: Next bundles the instrumentation apart from the pages, each with its
 * own copy of AppError.
 */
export function isOutage(err: unknown): boolean {
  const e = err as { name?: unknown; code?: unknown } | null;
  return (e?.name === 'AppError' && e.code === 'unavailable') || isUnavailable(err);
}
