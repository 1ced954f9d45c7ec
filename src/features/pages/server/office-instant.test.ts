import { describe, expect, it } from 'vitest';
import { ScheduleBody } from '../schedule-schema';
import { officeInstant } from './page-copy-schedule';

describe('a scheduled time', () => {
  it('is read on the office clock: Madrid, in winter and in summer', () => {
    expect(officeInstant('2026-12-03T14:05').toISOString()).toBe('2026-12-03T13:05:00.000Z');
    expect(officeInstant('2026-07-01T09:30:15').toISOString()).toBe('2026-07-01T07:30:15.000Z');
  });

  it('takes a date and time without an offset, as the editor sends it', () => {
    expect(ScheduleBody.safeParse({ at: '2026-12-03T14:05' }).success).toBe(true);
    for (const at of ['2026-12-03T14:05:00Z', '2026-12-03T14:05+01:00', '2026-12-03', 'soon'])
      expect(ScheduleBody.safeParse({ at }).success, at).toBe(false);
  });
});
