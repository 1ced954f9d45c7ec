import { describe, expect, it } from 'vitest';
import { ScheduleBody } from '@/features/pages/schedule-schema';
import { officeInstant } from './office-clock';

describe('a time on the office clock', () => {
  it('is read as Madrid’s, in winter, in summer and on either side of a clock change', () => {
    expect(officeInstant('2026-12-03T14:05').toISOString()).toBe('2026-12-03T13:05:00.000Z');
    expect(officeInstant('2026-07-01T09:30:15').toISOString()).toBe('2026-07-01T07:30:15.000Z');
    // Either side of the clock change of 29 March 2026 (02:00 CET becomes 03:00 CEST).
    expect(officeInstant('2026-03-29T01:30').toISOString()).toBe('2026-03-29T00:30:00.000Z');
    expect(officeInstant('2026-03-29T03:30').toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(Number.isNaN(officeInstant('2026-02-30T10:00').getTime())).toBe(true);
  });

  it('is sent by the content editor without an offset, as its field holds it', () => {
    expect(ScheduleBody.safeParse({ at: '2026-12-03T14:05' }).success).toBe(true);
    for (const at of ['2026-12-03T14:05:00Z', '2026-12-03T14:05+01:00', '2026-12-03', 'soon'])
      expect(ScheduleBody.safeParse({ at }).success, at).toBe(false);
  });
});
