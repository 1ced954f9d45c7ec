import { afterEach, describe, expect, it } from 'vitest';
import { REQUESTS, REQUEST_KEY_HEADER } from '../scripts/lib/outage-status.mjs';
import { onRequestError } from './instrumentation';

// The names start.mjs gives the map of open requests and the request's key.
const headers = (key: string) => ({ headers: { [REQUEST_KEY_HEADER]: key } });

describe('errors Next reports while rendering a page', () => {
  afterEach(() => {
    delete (globalThis as Record<symbol, unknown>)[REQUESTS];
  });

  it('mark an open request that met an outage, and nothing else', () => {
    const requests = new Map([
      ['db-down', false],
      ['busy', false],
      ['bug', false],
    ]);
    (globalThis as Record<symbol, unknown>)[REQUESTS] = requests;
    onRequestError(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }), headers('db-down'));
    // An AppError from the pages' bundle: another copy of the class, so known by its shape.
    onRequestError({ name: 'AppError', code: 'unavailable', message: 'The CV store is unreachable.' }, headers('busy'));
    onRequestError(new TypeError('x is undefined'), headers('bug'));
    // A request that has already ended (a background refresh reported late) is not added.
    onRequestError(Object.assign(new Error('Connection terminated unexpectedly'), { code: '57P01' }), headers('ended'));
    expect(Object.fromEntries(requests)).toEqual({ 'db-down': true, busy: true, bug: false });
  });

  it("do nothing outside the site's own server (next start)", () => {
    expect(() => onRequestError(new Error('boom'), headers('any'))).not.toThrow();
  });
});
