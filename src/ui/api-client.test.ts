import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, requestErrorMessage } from './api-client';

afterEach(() => vi.unstubAllGlobals());

const problem = (status: number, body: object, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/problem+json', ...headers } });

describe('API client', () => {
  it('posts JSON under /rest and returns the answer', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ Count: 3 }), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    await expect(apiRequest('/jobs/search?count=true', { body: { search: {} } })).resolves.toEqual({ Count: 3 });
    expect(fetch).toHaveBeenCalledWith('/rest/jobs/search?count=true', expect.objectContaining({ method: 'POST', body: '{"search":{}}' }));
  });

  it('turns a validation problem into field errors', async () => {
    vi.stubGlobal('fetch', async () =>
      problem(422, { title: 'Validation failed', errors: [{ path: 'form.email', message: 'Invalid email' }] }),
    );
    const err = await apiRequest('/form', { body: {} }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 422, errors: [{ path: 'form.email' }] });
  });

  it('reports Retry-After and network failures', async () => {
    vi.stubGlobal('fetch', async () => problem(503, { title: 'Service unavailable' }, { 'retry-after': '5' }));
    await expect(apiRequest('/ready')).rejects.toMatchObject({ status: 503, retryAfterSeconds: 5 });
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(apiRequest('/ready')).rejects.toMatchObject({ status: 0 });
  });
});

describe('the notification of an error about the whole request', () => {
  const errors = { invalidCharacters: 'Your text contains a character that cannot be stored.' };
  it('names it, or falls back for a key it does not know', () => {
    expect(requestErrorMessage(new ApiError(422, 'Invalid', [{ path: '', message: 'invalidCharacters' }]), errors, 'Error')).toBe(
      errors.invalidCharacters,
    );
    expect(requestErrorMessage(new ApiError(422, 'Invalid', [{ path: '', message: 'somethingNew' }]), errors, 'Error')).toBe('Error');
  });

  it('leaves field errors and other failures to the form', () => {
    expect(
      requestErrorMessage(new ApiError(422, 'Invalid', [{ path: 'form.email', message: 'invalidCharacters' }]), errors, 'Error'),
    ).toBeUndefined();
    expect(
      requestErrorMessage(new ApiError(503, 'Unavailable', [{ path: '', message: 'invalidCharacters' }]), errors, 'Error'),
    ).toBeUndefined();
    expect(requestErrorMessage(new Error('offline'), errors, 'Error')).toBeUndefined();
  });
});
