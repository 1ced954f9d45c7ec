import { describe, expect, it } from 'vitest';
import { requestIdOf } from './request-id.mjs';

describe('request ids', () => {
  it("keeps a client's well-formed id and replaces any other", () => {
    expect(requestIdOf('from-the-proxy_1')).toBe('from-the-proxy_1');
    for (const bad of [undefined, null, '', 'a b', 'x'.repeat(101), ['a', 'b'], 'id\n']) {
      expect(requestIdOf(bad)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    }
  });

  it('never gives the same new id twice', () => {
    const ids = new Set(Array.from({ length: 10_000 }, () => requestIdOf(undefined)));
    expect(ids.size).toBe(10_000);
  });
});
