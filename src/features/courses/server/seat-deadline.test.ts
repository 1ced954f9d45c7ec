import { describe, expect, it } from 'vitest';
import { endOfMadridDay, transferPayBy } from './seat-deadline';

describe('the day an unpaid seat is held to', () => {
  it('ends at midnight in Madrid, in winter and in summer and across a clock change', () => {
    // 23:30 UTC on 1 December is already 2 December in Madrid.
    expect(endOfMadridDay(new Date('2026-12-01T23:30:00Z'), 14).toISOString()).toBe('2026-12-16T22:59:59.999Z');
    expect(endOfMadridDay(new Date('2026-07-01T10:00:00Z'), 7).toISOString()).toBe('2026-07-08T21:59:59.999Z');
    // From winter time into the day the clocks go forward (29 March 2026) and past it.
    expect(endOfMadridDay(new Date('2026-03-22T12:00:00Z'), 7).toISOString()).toBe('2026-03-29T21:59:59.999Z');
    expect(endOfMadridDay(new Date('2026-10-18T12:00:00Z'), 7).toISOString()).toBe('2026-10-25T22:59:59.999Z');
  });

  it('asks for a transfer by the end of the seventh day, never after the hold of the registration it pays for', () => {
    const now = new Date('2026-12-01T10:00:00Z');
    expect(transferPayBy(now, null).toISOString()).toBe('2026-12-08T22:59:59.999Z');
    const soon = new Date('2026-12-04T22:59:59.999Z');
    expect(transferPayBy(now, soon)).toBe(soon);
    expect(transferPayBy(now, new Date('2026-12-15T22:59:59.999Z')).toISOString()).toBe('2026-12-08T22:59:59.999Z');
  });
});
