import type { FieldError, Problem } from '@/lib/problem';
import { withProgress } from './progress/progress';

/**
 * A failed API call: the HTTP status (0 when the network failed) and what the problem+json body
 * said. `title` is for logs; forms show their own localized messages by status and field.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    readonly errors: FieldError[] = [],
    readonly retryAfterSeconds?: number,
  ) {
    super(title);
    this.name = 'ApiError';
  }
}

/**
 * The message key of an error about the whole request rather than one field (path ''), such as
 * `invalidCharacters`: a form has no field to mark and names it in its notification instead.
 */
function requestErrorKey(err: unknown): string | undefined {
  return err instanceof ApiError && err.status === 422 ? err.errors.find((e) => e.path === '')?.message : undefined;
}

/**
 * What a form's notification says of an error about the whole request: its message in `errors`
 * (Forms.errors), or `fallback` for a key it does not know; undefined for any other error.
 */
export function requestErrorMessage(err: unknown, errors: Readonly<Record<string, string>>, fallback: string): string | undefined {
  const key = requestErrorKey(err);
  return key === undefined ? undefined : (errors[key] ?? fallback);
}

/**
 * Calls the site's API from the browser: JSON in, JSON out, the progress bar while it runs,
 * and every failure (network down, 4xx, 5xx) as an ApiError.
 */
export async function apiRequest<T>(
  path: string,
  init: { method?: string; body?: unknown; signal?: AbortSignal; headers?: Record<string, string> } = {},
): Promise<T> {
  const response = await withProgress(
    fetch(`/rest${path}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: {
        accept: 'application/json',
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...init.headers,
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: init.signal,
    }).catch(() => null),
  );
  if (!response) throw new ApiError(0, 'Network error');
  const body = (await response.json().catch(() => null)) as Partial<Problem> | null;
  if (response.ok) return body as T;
  const retryAfter = Number(response.headers.get('retry-after'));
  throw new ApiError(
    response.status,
    typeof body?.title === 'string' ? body.title : response.statusText,
    Array.isArray(body?.errors) ? body.errors : [],
    Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
  );
}
