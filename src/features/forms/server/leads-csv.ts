import 'server-only';
import type { Lead } from './leads-table';
import { consentNoticeText } from './submissions';

const columns = [
  'id',
  'created_at',
  'type',
  'locale',
  'name',
  'email',
  'phone',
  'company',
  'jobtitle',
  'position',
  'cv_file',
  'message',
  'need',
  'timeline',
  'budget',
  'page',
  'referrer',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'consent',
  'call_at',
  'status',
  'lost_reason',
  'assignee',
  'notes',
] as const;

/**
 * A cell a spreadsheet will not run: text starting with = + - @ (or a tab or CR) could be a
 * formula, so it gets a leading apostrophe; quotes are doubled and every cell quoted.
 */
export function csvCell(value: unknown): string {
  let text = value == null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

/** The columns above for each lead (the search column is not one), with the sales work on it. */
export function leadsToCsv(rows: (Omit<Lead, 'search'> & { assignee?: string | null; notes?: string | null })[]): string {
  const lines = rows.map((lead) => {
    const f = lead.form as Record<string, string>;
    const record: Record<(typeof columns)[number], unknown> = {
      id: lead.id,
      created_at: lead.createdAt.toISOString(),
      type: lead.type,
      locale: lead.locale,
      name: f.name,
      email: lead.email,
      phone: f.phone,
      company: f.company,
      jobtitle: f.jobtitle,
      position: f.position,
      cv_file: f.fileId ? 'yes' : '',
      message: f.info ?? f.message ?? f.comments ?? f.details,
      need: f.need,
      timeline: f.timeline,
      budget: f.budget,
      page: lead.page,
      referrer: lead.referrer,
      utm_source: lead.utm.source,
      utm_medium: lead.utm.medium,
      utm_campaign: lead.utm.campaign,
      consent: lead.consent ? `${consentNoticeText(lead.consent)} (${lead.consent.locale}, ${lead.consent.at})` : '',
      call_at: f.callAt,
      status: lead.status,
      lost_reason: lead.lostReason,
      assignee: lead.assignee,
      notes: lead.notes,
    };
    return columns.map((c) => csvCell(record[c])).join(',');
  });
  return [columns.join(','), ...lines].join('\r\n') + '\r\n';
}
