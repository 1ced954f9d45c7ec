import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { messages } from '@/i18n/messages';
import type { Db, DbOrTx } from '@/server/db';
import { rateLimit } from '@/server/api/rate-limit';
import { env } from '@/server/env';
import { enqueueMail } from '@/server/mail/mail';
import { QueueName, type Queue } from '@/server/queue/queue';
import type { FormRequest } from '../schema';
import { registerForCourse } from '@/features/courses/server/courses-service';
import { looksLikeABot } from '../traps';
import { deleteLeads, deleteLeadsOf, findLead, findLeadIdsBefore, insertLead } from './leads-repository';
import type { leads } from './leads-table';

/** The kinds of lead, as stored and as named in the sales notification (Leads.types). */
export type LeadKind = keyof (typeof messages)['en']['Leads']['types'];

export { looksLikeABot } from '../traps';

export type SubmitResult = { stored: boolean; id?: string };

/** Forms that show the consent notice; the lead records which text, in which language, and when. */
const withConsent = new Set<FormRequest['type']>(['contact', 'demo', 'quote', 'job_application', 'cv', 'course_application']);
export function consentRecord(request: Pick<FormRequest, 'type' | 'context'>, now: Date) {
  if (!withConsent.has(request.type)) return null;
  const text = messages[request.context.locale].Forms.consent;
  return { notice: 'Forms.consent', locale: request.context.locale, sha256: createHash('sha256').update(text).digest('hex').slice(0, 16), at: now.toISOString() };
}

export type NewLead = typeof leads.$inferInsert & { id: string; type: LeadKind; name: string; createdAt: Date };

/**
 * Stores a lead and queues what every lead gets: the notification to sales and, when configured,
 * the CRM webhook. Call it inside the transaction that stores what the lead came with (other
 * features do too: a trial sign-up is a lead).
 */
export async function recordLead(tx: DbOrTx, queue: Queue, { name, ...lead }: NewLead): Promise<void> {
  await insertLead(tx, lead);
  await enqueueMail(
    queue,
    {
      key: `lead-notification:${lead.id}`,
      to: env().SALES_EMAIL,
      replyTo: lead.email ?? undefined,
      locale: 'en',
      template: 'lead-notification',
      props: { type: lead.type, name: name || '—', fields: Object.entries(lead.form).map(([k, v]) => [k, String(v)]), page: lead.page, visitorLocale: lead.locale },
    },
    { tx },
  );
  const webhook = env().LEADS_WEBHOOK_URL;
  if (webhook) {
    const body = JSON.stringify({ id: lead.id, type: lead.type, locale: lead.locale, receivedAt: lead.createdAt.toISOString(), form: lead.form, page: lead.page, referrer: lead.referrer, utm: lead.utm });
    await queue.send(QueueName.leadWebhook, { url: webhook, body }, { tx, singletonKey: webhookKey(lead.id) });
  }
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

/** The CRM delivery of a lead has this key, so an erasure request can remove it from the queue. */
export const webhookKey = (leadId: string) => `lead-webhook:${leadId}`;

export async function leadExists(db: DbOrTx, id: string): Promise<boolean> {
  return (await findLead(db, id)) !== undefined;
}

/** Deletes leads (an erasure request); what hangs on them is the caller's to remove first. */
export async function forgetLeads(db: DbOrTx, ids: string[]): Promise<void> {
  await deleteLeads(db, ids);
}

const DAY_MS = 24 * 3600 * 1000;

/** The privacy policy's period for requests and trial sign-ups: "up to two years". */
const LEAD_RETENTION_DAYS = 730;

// Every kind says how long it is kept, so a kind added later cannot be kept forever by omission
// (the compiler asks for it here). Applications and CVs go after CV_RETENTION_DAYS with their files;
// course registrations, orders and released seats are the courses feature's records, kept and
// deleted with them (the sales mail names them as leads).
const RETENTION: Record<LeadKind, 'two_years' | 'own_period'> = {
  contact: 'two_years',
  callback: 'two_years',
  demo: 'two_years',
  feedback: 'two_years',
  quote: 'two_years',
  trial: 'two_years',
  job_application: 'own_period',
  cv: 'own_period',
  course_application: 'own_period',
  course_order: 'own_period',
  course_release: 'own_period',
};
const TWO_YEAR_KINDS = (Object.keys(RETENTION) as LeadKind[]).filter((kind) => RETENTION[kind] === 'two_years');

/** Deletes contact, call-back, demo, quote, feedback and trial leads older than LEAD_RETENTION_DAYS. */
export function removeExpiredLeads(db: DbOrTx, now = new Date()): Promise<number> {
  return removeLeadsBefore(db, TWO_YEAR_KINDS, new Date(now.getTime() - LEAD_RETENTION_DAYS * DAY_MS), async () => {});
}

/** Removes leads of some types received before a date, `remove` first taking what hangs on them; answers how many. */
export async function removeLeadsBefore(db: DbOrTx, types: string[], before: Date, remove: (ids: string[]) => Promise<void>, batch = 500): Promise<number> {
  let total = 0;
  for (;;) {
    const ids = await findLeadIdsBefore(db, types, before, batch);
    if (ids.length === 0) return total;
    await remove(ids);
    await deleteLeads(db, ids);
    total += ids.length;
  }
}

/**
 * Stores a lead and, in the same transaction, queues the notification to sales and the visitor's
 * acknowledgement: either the lead and its mails exist, or nothing does. A bot gets the same
 * answer as a person, and nothing is stored or sent.
 */
export async function submitLead(db: Db, queue: Queue, request: FormRequest, { ip, now = new Date() }: { ip: string; now?: Date }): Promise<SubmitResult> {
  if (looksLikeABot(request.traps)) return { stored: false };
  const email = 'email' in request.form ? request.form.email.toLowerCase() : null;
  await rateLimit('lead-ip', ip, 5, 600);
  if (email) await rateLimit('lead-email', email, 3, 3600);
  // A course registration takes a seat and has its own table and mails.
  if (request.type === 'course_application') return registerForCourse(db, queue, request, { now, consent: consentRecord(request, now) });

  const id = randomBytes(9).toString('base64url');
  const { context } = request;
  const name = 'name' in request.form ? request.form.name : '';
  const type = request.type === 'contact' && request.form.kind === 'callback' ? 'callback' : request.type;
  await db.transaction(async (tx) => {
    await recordLead(tx, queue, {
      id,
      type,
      name,
      locale: context.locale,
      email,
      form: request.form,
      page: context.page,
      referrer: context.referrer,
      utm: context.utm,
      consent: consentRecord(request, now),
      createdAt: now,
    });
    if (email) {
      await enqueueMail(queue, { key: `lead-acknowledgement:${id}`, to: email, locale: context.locale, template: 'lead-acknowledgement', props: { type, name: name || email } }, { tx });
    }
  });
  return { stored: true, id };
}
