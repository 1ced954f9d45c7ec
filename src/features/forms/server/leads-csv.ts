import 'server-only';
import { officeT } from '@/server/office/office-t';
import type { Lead } from './leads-table';
import { choiceWord, kindWord } from './lead-words';
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

/**
 * The columns above for each lead (the search column is not one), with the sales work on it; its
 * kind, status and the choices the visitor made in words, in the language of the member who exports.
 */
export function leadsToCsv(rows: (Omit<Lead, 'search'> & { assignee?: string | null; notes?: string | null })[], locale = 'en'): string {
  const t = officeT(locale, 'Leads');
  const status = (s: string) => (t.has(`statuses.${s}` as never) ? t(`statuses.${s}` as never) : s);
  const lines = rows.map((lead) => {
    const f = lead.form as Record<string, string>;
    const choice = (k: string) => choiceWord(k, f[k], locale) ?? f[k];
    const record: Record<(typeof columns)[number], unknown> = {
      id: lead.id,
      created_at: lead.createdAt.toISOString(),
      type: kindWord(lead.type, locale),
      locale: lead.locale,
      name: f.name,
      email: lead.email,
      phone: f.phone,
      company: f.company,
      jobtitle: f.jobtitle,
      position: f.position,
      cv_file: f.fileId ? t('hasCv') : '',
      message: f.info ?? f.message ?? f.comments ?? f.details,
      need: choice('need'),
      timeline: choice('timeline'),
      budget: choice('budget'),
      page: lead.page,
      referrer: lead.referrer,
      utm_source: lead.utm.source,
      utm_medium: lead.utm.medium,
      utm_campaign: lead.utm.campaign,
      consent: lead.consent ? `${consentNoticeText(lead.consent)} (${lead.consent.locale}, ${lead.consent.at})` : '',
      call_at: f.callAt,
      status: status(lead.status),
      lost_reason: lead.lostReason,
      assignee: lead.assignee,
      notes: lead.notes,
    };
    return columns.map((c) => csvCell(record[c])).join(',');
  });
  return [columns.join(','), ...lines].join('\r\n') + '\r\n';
}
