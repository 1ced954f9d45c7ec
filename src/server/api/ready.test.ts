import '@/features';
import { describe, expect, it } from 'vitest';

describe('readiness', () => {
  it('is not ready, within 2 s, when the database cannot be reached', async () => {
    process.env.DATABASE_URL = 'postgres://postgres@127.0.0.1:1/nowhere';
    const { createApi } = await import('./app');
    const started = Date.now();
    const res = await createApi().request('/rest/ready');
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    expect(Date.now() - started).toBeLessThan(2500);
  });
});
