import { describe, expect, it } from 'vitest';
import { cpuSlowdown, referenceIndexOf } from './cpu-slowdown.mjs';

describe("the audit's CPU slowdown", () => {
  it("is Lighthouse's 4× without a reference index", () => {
    expect(referenceIndexOf(undefined)).toBe(0);
    expect(cpuSlowdown([2800, 2900, 2700], 0)).toEqual({ slowdown: 4, measured: 0 });
  });

  it('scales with the median index measured against the reference: faster machine, more slowdown', () => {
    expect(cpuSlowdown([2850, 1900, 3000], 1900)).toEqual({ slowdown: 6, measured: 2850 });
    expect(cpuSlowdown([950, 900, 1000], 1900)).toEqual({ slowdown: 2, measured: 950 });
  });

  it('leaves out runs that measured no index, and refuses to guess when none did', () => {
    expect(cpuSlowdown([undefined, 0, 2850], 1900)).toEqual({ slowdown: 6, measured: 2850 });
    expect(() => cpuSlowdown([undefined, 0], 1900)).toThrow(/no benchmarkIndex/);
  });

  it('refuses a reference that is not an index', () => {
    expect(referenceIndexOf('1900')).toBe(1900);
    expect(() => referenceIndexOf('-3')).toThrow(/AUDIT_REFERENCE_INDEX/);
    expect(() => referenceIndexOf('fast')).toThrow(/AUDIT_REFERENCE_INDEX/);
  });
});
