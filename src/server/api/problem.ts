import 'server-only';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ZodError } from 'zod';
import { log } from '../log';
import { AppError, isUnavailable, statusOf, titleOf, type ErrorCode, type FieldError } from '../errors';

/** Zod issues as field errors: `{path: 'form.email', message}`. */
export function fieldErrors(error: ZodError): FieldError[] {
  return error.issues.map((i) => ({
    path: i.path.map(String).join('.') || (i.code === 'unrecognized_keys' ? i.keys.join(',') : ''),
    message: i.message,
  }));
}

export function validationError(error: ZodError): AppError {
  return new AppError('validation', 'The request has invalid fields.', { errors: fieldErrors(error) });
}

const codeByStatus = Object.fromEntries(Object.entries(statusOf).map(([code, status]) => [status, code])) as Record<number, ErrorCode>;

/** Any thrown value as an RFC 9457 problem; a 500 never says more than "internal error". */
function toProblem(err: unknown): { status: number; body: Record<string, unknown>; retryAfter?: number } {
  let appError: AppError;
  if (err instanceof AppError) appError = err;
  else if (err instanceof HTTPException) {
    const code = codeByStatus[err.status] ?? (err.status >= 500 ? 'internal' : 'bad_request');
    appError = new AppError(code, err.status >= 500 ? titleOf[code] : err.message || titleOf[code]);
  } else if (isUnavailable(err)) {
    appError = new AppError('unavailable', 'A service we depend on is unavailable. Please try again shortly.', { retryAfterSeconds: 5 });
  } else appError = new AppError('internal', 'An unexpected error occurred.');

  const status = appError.status;
  const body: Record<string, unknown> = {
    type: 'about:blank',
    title: titleOf[appError.code],
    status,
    detail: appError.message,
  };
  if (appError.extra.errors) body.errors = appError.extra.errors;
  const retryAfter = appError.extra.retryAfterSeconds;
  return { status, body, retryAfter };
}

export function problemResponse(c: Context, err: unknown): Response {
  const { status, body, retryAfter } = toProblem(err);
  const requestId = c.get('requestId' as never) as string | undefined;
  if (status >= 500) log().error({ err, reqId: requestId, path: c.req.path }, 'request failed');
  if (requestId) body.instance = `urn:request:${requestId}`;
  // c.newResponse keeps the headers set earlier in the request (the request id).
  const headers: Record<string, string> = { 'content-type': 'application/problem+json' };
  if (retryAfter) headers['retry-after'] = String(retryAfter);
  return c.newResponse(JSON.stringify(body), status as 400, headers);
}
