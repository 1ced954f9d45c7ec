import { withProgress } from './progress/progress';

export interface FieldError {
  path: string;
  message: string;
}

/** A failed API call: the HTTP status and the problem+json body the API sent. */
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
 * Calls the site's API from the browser: JSON in, JSON out, the progress bar while it runs,
 * and every failure (network down, 4xx, 5xx) as an ApiError.
 */
export async function apiRequest<T>(path: string, init: { method?: string; body?: unknown; signal?: AbortSignal } = {}): Promise<T> {
  const response = await withProgress(
    fetch(`/rest${path}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: init.body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: init.signal,
    }).catch(() => null),
  );
  if (!response) throw new ApiError(0, 'Network error');
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (response.ok) return body as T;
  const retryAfter = Number(response.headers.get('retry-after'));
  throw new ApiError(
    response.status,
    typeof body?.title === 'string' ? body.title : response.statusText,
    Array.isArray(body?.errors) ? (body.errors as FieldError[]) : [],
    Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
  );
}
