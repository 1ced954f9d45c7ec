'use client';

/** A problem the office API answered (problem+json), with its field errors. */
export class OfficeProblem extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: { path: string; message: string }[] = [],
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

/**
 * Calls the office API from the member's browser. A failure throws OfficeProblem (status 0 when
 * the office cannot be reached); a 401 on a signed-in page means the session ended.
 */
export async function officeFetch<T>(path: string, { method = 'GET', body }: { method?: string; body?: unknown } = {}): Promise<T> {
  let res: Response;
  // The API takes JSON on every POST and PATCH, an empty object when there is nothing to say.
  const payload = body === undefined && method !== 'GET' && method !== 'DELETE' ? {} : body;
  try {
    res = await fetch(`/rest/office${path}`, {
      method,
      headers: payload === undefined ? undefined : { 'content-type': 'application/json' },
      body: payload === undefined ? undefined : JSON.stringify(payload),
      credentials: 'same-origin',
    });
  } catch {
    throw new OfficeProblem(0, 'offline');
  }
  if (res.ok) return (await res.json()) as T;
  const problem = (await res.json().catch(() => ({}))) as { detail?: string; errors?: { path: string; message: string }[] };
  const retry = Number(res.headers.get('retry-after'));
  throw new OfficeProblem(
    res.status,
    problem.detail ?? res.statusText,
    problem.errors,
    Number.isFinite(retry) && retry > 0 ? retry : undefined,
  );
}

/** The minutes a refusal for too many attempts asks to wait (15 when it does not say). */
export const retryMinutes = (err: OfficeProblem): number => Math.ceil((err.retryAfter ?? 900) / 60);
