import 'server-only';
import { createHash } from 'node:crypto';
import { messages } from '@/i18n/messages';
import type { Locale } from '@/i18n/routing';
import type { DbOrTx } from '@/server/db';
import { env } from '@/server/env';
import { enqueueMail } from '@/server/mail/mail';
import type { Db } from '@/server/db';
import { rateLimit } from '@/server/rate-limit';
import type { SpamReason } from '../traps';
import { sendHeld, type HeldJob, type JobSender } from './held-jobs';
import { isSalesKind } from './inbox';
import {
  clearSpam,
  deleteLeads,
  deleteLeadsOf,
  findHeldJobs,
  findLead,
  findLeadIdsBefore,
  findSpamLeads,
  insertLead,
  setHeldJobs,
  takeHeldJobsOf,
} from './leads-repository';
import type { Lead, leads } from './leads-table';
import { LEAD_WEBHOOK_QUEUE, webhookKey } from './leads-webhook';
import { leadNotification } from './notification-mail';
import { mailFields } from './field-rows';
import { leadFieldRows } from './lead-words';

// Every form a visitor sends is kept as a lead (the `leads` table), whichever feature handles it:
// this module stores them, notifies sales, calls the CRM, and applies the leads' retention.

/** The kinds of lead, as stored and as named in the sales notification (Leads.types). */
export type LeadKind = keyof (typeof messages)['en']['Leads']['types'];

/** What a visitor agreed to: which consent notice, in which language, and when. */
export type ConsentRecord = { notice: string; locale: Locale; sha256: string; at: string };

/** The consent notice the form showed, recorded with the lead. */
export function consentRecord(locale: Locale, now: Date): ConsentRecord {
  const text = messages[locale].Forms.consent;
  return { notice: 'Forms.consent', locale, sha256: createHash('sha256').update(text).digest('hex').slice(0, 16), at: now.toISOString() };
}

/**
 * The words of a recorded consent notice, as the visitor read them (in their language), for staff
 * and the export; the key itself when the notice is one this site no longer has.
 */
export function consentNoticeText(consent: { notice: string; locale: string }): string {
  const forms = (messages[consent.locale as Locale] ?? messages.en).Forms;
  return consent.notice === 'Forms.consent' ? forms.consent : consent.notice;
}

/** The limits of forms that reach sales: per address, and per email when the form has one. */
export async function limitFormSender(ip: string, email: string | null): Promise<void> {
  await rateLimit('lead-ip', ip, 5, 600);
  if (email) await rateLimit('lead-email', email, 3, 3600);
}

export type NewLead = typeof leads.$inferInsert & {
  id: string;
  type: LeadKind;
  name: string;
  createdAt: Date;
  spam?: SpamReason | null;
  /** Values shown to sales instead of the stored ones (a call time in words instead of an instant). */
  readable?: Record<string, string>;
};

/**
 * Stores a lead and queues what every lead gets: the notification to sales and, when configured,
 * the CRM webhook. Call it inside the transaction that stores what the lead came with. A lead
 * suspected of spam is given a holding queue (held-jobs.ts), and its jobs kept with `holdJobs`.
 */
export async function recordLead(tx: DbOrTx, queue: JobSender, { name, readable = {}, ...lead }: NewLead): Promise<void> {
  await insertLead(tx, lead);
  // To the sales team in English, its language, as the lead's office page shows the fields.
  const staffLocale = 'en';
  await enqueueMail(
    queue,
    {
      key: `lead-notification:${lead.id}`,
      to: env().SALES_EMAIL,
      replyTo: lead.email ?? undefined,
      locale: staffLocale,
      template: leadNotification,
      props: {
        type: lead.type,
        name: name || '—',
        fields: mailFields(leadFieldRows(lead.form as Record<string, unknown>, staffLocale, readable), env().PUBLIC_URL),
        page: lead.page,
        visitorLocale: lead.locale,
        officeUrl: isSalesKind(lead.type) ? `${env().PUBLIC_URL}/office/leads/${lead.id}` : undefined,
      },
    },
    { tx },
  );
  const webhook = env().LEADS_WEBHOOK_URL;
  if (webhook) {
    const body = JSON.stringify({
      id: lead.id,
      type: lead.type,
      locale: lead.locale,
      receivedAt: lead.createdAt.toISOString(),
      form: lead.form,
      page: lead.page,
      referrer: lead.referrer,
      utm: lead.utm,
    });
    await queue.send(LEAD_WEBHOOK_QUEUE, { url: webhook, body }, { tx, singletonKey: webhookKey(lead.id) });
  }
}

/** Keeps the jobs a suspected lead would have queued, to send when staff release it. */
export async function holdJobs(tx: DbOrTx, leadId: string, held: HeldJob[] | null): Promise<void> {
  if (held) await setHeldJobs(tx, leadId, held);
}

/** The spam folder (`npm run leads -- spam`). */
export function listSpamLeads(db: DbOrTx, limit?: number): Promise<Lead[]> {
  return findSpamLeads(db, limit);
}

/**
 * Staff say a suspected lead is not spam (`npm run leads -- not-spam <id>`): it leaves the spam
 * folder and what it held (mails to staff and the visitor, the CRM delivery) is queued, in one
 * transaction, so a release happens once however often it is asked for. False when the lead is
 * not in the spam folder.
 */
export async function releaseLead(db: Db, queue: JobSender, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const held = await findHeldJobs(tx, id);
    if (!(await clearSpam(tx, id))) return false;
    await sendHeld(tx, queue, held);
    return true;
  });
}

/**
 * Sends what a kind's leads from an address held until the address was confirmed (a trial
 * sign-up's notification to sales and CRM delivery), in the caller's transaction, once. Leads
 * suspected of spam keep theirs until staff release them.
 */
export async function sendHeldOnConfirmation(tx: DbOrTx, queue: JobSender, kind: LeadKind, email: string): Promise<void> {
  await sendHeld(tx, queue, await takeHeldJobsOf(tx, kind, email));
}

/**
 * Stores a lead that another feature mails about itself (job applications and CVs go to the
 * recruiters, not to sales), in that feature's transaction.
 */
export async function storeLead(tx: DbOrTx, values: Parameters<typeof insertLead>[1]): Promise<void> {
  await insertLead(tx, values);
}

/** Deletes the leads of one kind sent from these addresses (the trial leads of sign-ups never confirmed). */
export function forgetLeadsOf(db: DbOrTx, kind: LeadKind, emails: string[]): Promise<number> {
  return deleteLeadsOf(db, kind, emails);
}

export async function leadExists(db: DbOrTx, id: string): Promise<boolean> {
  return (await findLead(db, id)) !== undefined;
}

/** Deletes leads (an erasure request); what hangs on them is the caller's to remove first. */
export async function forgetLeads(db: DbOrTx, ids: string[]): Promise<void> {
  await deleteLeads(db, ids);
}

/** Removes leads of some types (only suspected spam, with `spamOnly`) received before a date, `remove` first taking what hangs on them; answers how many. */
export async function removeLeadsBefore(
  db: DbOrTx,
  types: string[],
  before: Date,
  remove: (ids: string[]) => Promise<void>,
  { spamOnly = false, batch = 500 }: { spamOnly?: boolean; batch?: number } = {},
): Promise<number> {
  let total = 0;
  for (;;) {
    const ids = await findLeadIdsBefore(db, types, before, batch, spamOnly);
    if (ids.length === 0) return total;
    await remove(ids);
    await deleteLeads(db, ids);
    total += ids.length;
  }
}
