import { describe, expect, it } from 'vitest';
import { callSlots, callTimeProblem, isBusinessSlot } from './call-time';

const at = (iso: string) => new Date(iso);

describe('call-back business hours (Monday to Friday, 9:00 to 19:00 in Madrid)', () => {
  it('follows Madrid across the change to summer time', () => {
    // Winter (CET, UTC+1): 9:00 in Madrid is 8:00 UTC.
    expect(isBusinessSlot(at('2026-03-27T08:00:00Z'))).toBe(true);
    expect(isBusinessSlot(at('2026-03-27T07:30:00Z'))).toBe(false);
    expect(isBusinessSlot(at('2026-03-27T17:30:00Z'))).toBe(true); // 18:30, the last slot
    expect(isBusinessSlot(at('2026-03-27T18:00:00Z'))).toBe(false); // 19:00
    // Summer (CEST, UTC+2), from Sunday 29 March 2026: 9:00 in Madrid is 7:00 UTC.
    expect(isBusinessSlot(at('2026-03-30T07:00:00Z'))).toBe(true);
    expect(isBusinessSlot(at('2026-03-30T17:00:00Z'))).toBe(false);
  });

  it('refuses weekends and times off the half hour', () => {
    expect(isBusinessSlot(at('2026-03-28T10:00:00Z'))).toBe(false); // Saturday
    expect(isBusinessSlot(at('2026-03-29T10:00:00Z'))).toBe(false); // Sunday
    expect(isBusinessSlot(at('2026-03-27T10:15:00Z'))).toBe(false);
  });

  it('names what is wrong with a chosen time', () => {
    const now = at('2026-03-26T12:00:00Z');
    expect(callTimeProblem('', now)).toBe('callTimeRequired');
    expect(callTimeProblem('2026-03-27T10:00:00Z', now)).toBeUndefined();
    expect(callTimeProblem('2026-03-28T10:00:00Z', now)).toBe('callTimeHours');
    expect(callTimeProblem('next friday', now)).toBe('callTimeHours');
    expect(callTimeProblem('2026-03-25T10:00:00Z', now)).toBe('callTimePast');
    expect(callTimeProblem('2026-05-01T10:00:00Z', now)).toBe('callTimePast');
  });

  it('offers the slots of the next five business days, from an hour ahead, every one accepted', () => {
    const now = at('2026-03-27T16:10:00Z'); // Friday 17:10 in Madrid
    const slots = callSlots(now);
    expect(slots[0]!.toISOString()).toBe('2026-03-27T17:30:00.000Z'); // 18:30
    expect(new Set(slots.map((s) => s.toISOString().slice(0, 10))).size).toBe(5);
    expect(slots.every((s) => callTimeProblem(s.toISOString(), now) === undefined)).toBe(true);
  });
});
