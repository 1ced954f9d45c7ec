import { afterEach, describe, expect, it } from 'vitest';
import { REQUESTS, REQUEST_KEY_HEADER } from '@/server/http/outage-status';
import { onRequestError } from './instrumentation';

// The names the web server (src/server/http/start.ts) gives the map of open requests and the request's key.
const headers = (key: string) => ({ headers: { [REQUEST_KEY_HEADER]: key } });

describe('errors Next reports while rendering a page', () => {
  afterEach(() => {
    delete (globalThis as Record<symbol, unknown>)[REQUESTS];
  });

  it('mark every open request once one met an outage (Next renders a page once for requests that arrive together)', () => {
    const requests = new Map([
      ['db-down', false],
      ['same-page', false],
    ]);
    (globalThis as Record<symbol, unknown>)[REQUESTS] = requests;
    onRequestError(new TypeError('x is undefined'), headers('same-page'));
    expect(Object.fromEntries(requests)).toEqual({ 'db-down': false, 'same-page': false });
    onRequestError(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }), headers('db-down'));
    expect(Object.fromEntries(requests)).toEqual({ 'db-down': true, 'same-page': true });
  });

  it('mark nothing for a bug or for a request that has ended; an outage from the pages (AppError, by its shape) marks them all', () => {
    const requests = new Map([
      ['db-down', false],
      ['busy', false],
      ['bug', false],
    ]);
    (globalThis as Record<symbol, unknown>)[REQUESTS] = requests;
    onRequestError(new TypeError('x is undefined'), headers('bug'));
    // A request that has already ended (a background refresh reported late) is not added, and
    // marks nothing: the outage it met may be over.
    onRequestError(Object.assign(new Error('Connection terminated unexpectedly'), { code: '57P01' }), headers('ended'));
    expect(Object.fromEntries(requests)).toEqual({ 'db-down': false, busy: false, bug: false });
    // An AppError from the pages' bundle: another copy of the class, so known by its shape.
    onRequestError({ name: 'AppError', code: 'unavailable', message: 'The CV store is unreachable.' }, headers('busy'));
    expect(Object.fromEntries(requests)).toEqual({ 'db-down': true, busy: true, bug: true });
  });

  it("do nothing outside the site's own server (next start)", () => {
    expect(() => onRequestError(new Error('boom'), headers('any'))).not.toThrow();
  });
});
