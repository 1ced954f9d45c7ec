import { describe, expect, it } from 'vitest';
import { callTimeParts } from '../call-time';
import { callInvitation } from './call-invitation';

describe('a call-back for the one who calls', () => {
  it('is said in Madrid time and the visitor’s own, in the member’s language', () => {
    // ICU's punctuation between the parts differs between releases: the parts are what matter.
    expect(callTimeParts('2026-12-02T09:00:00.000Z', 'America/New_York')).toEqual({
      office: expect.stringMatching(/^Wednesday,? 2 December 2026(,| at) 10:00 CET$/),
      visitor: expect.stringMatching(/^Wednesday,? 2 December 2026(,| at) 04:00 GMT-5$/),
    });
    expect(callTimeParts('2026-12-02T09:00:00.000Z', 'Europe/Madrid', 'es-ES')).toEqual({
      office: expect.stringMatching(/^miércoles, 2 de diciembre de 2026,? 10:00 CET$/),
    });
  });

  it('is a calendar event of half an hour at that instant, with the person, their number and the lead', () => {
    const ics = callInvitation({
      id: 'lead1',
      at: '2026-12-02T09:00:00.000Z',
      name: 'Camille Martin',
      phone: '+33 6 12 34 56 78',
      company: 'Exemple, SA',
      url: 'https://site.example/office/leads/lead1',
      now: new Date('2026-12-01T08:00:00Z'),
    });
    const lines = ics.split('\r\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'BEGIN:VEVENT',
        'UID:call-lead1@office',
        'DTSTART:20261202T090000Z',
        'DTEND:20261202T093000Z',
        'SUMMARY:Call back Camille Martin (Exemple\\, SA)',
        'DESCRIPTION:Phone: +33 6 12 34 56 78\\nhttps://site.example/office/leads/lead1',
      ]),
    );
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines.at(-2)).toBe('END:VCALENDAR');
  });
});
