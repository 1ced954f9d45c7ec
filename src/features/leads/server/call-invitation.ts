import 'server-only';
import { env } from '@/server/env';
import { SLOT_MINUTES } from '../call-time';

const icsText = (text: string) => text.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\r?\n/g, '\\n');
const icsTime = (at: Date) =>
  at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/**
 * A call-back as a calendar invitation (RFC 5545) for whoever calls: the slot in UTC, half an
 * hour long, the person and number in its title and text, and the lead's page as its address.
 */
export function callInvitation(call: { id: string; at: string; name: string; phone?: string; company?: string; url: string; now?: Date }) {
  const start = new Date(call.at);
  const end = new Date(start.getTime() + SLOT_MINUTES * 60_000);
  const title = `Call back ${call.name}${call.company ? ` (${call.company})` : ''}`;
  const text = [call.phone ? `Phone: ${call.phone}` : '', call.url].filter(Boolean).join('\n');
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${icsText(env().SITE_NAME)}//Office//EN`,
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:call-${call.id}@office`,
    `DTSTAMP:${icsTime(call.now ?? new Date())}`,
    `DTSTART:${icsTime(start)}`,
    `DTEND:${icsTime(end)}`,
    `SUMMARY:${icsText(title)}`,
    `DESCRIPTION:${icsText(text)}`,
    `URL:${call.url}`,
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}
