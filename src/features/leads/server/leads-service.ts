import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { messages } from '@/i18n/messages';
import type { Db } from '@/server/db';
import { rateLimit } from '@/server/api/rate-limit';
import { env } from '@/server/env';
import { enqueueMail } from '@/server/mail/mail';
import { QueueName, type Queue } from '@/server/queue/queue';
import type { FormRequest } from '../schema';
import { insertLead } from './leads-repository';
import { registerForCourse } from '@/features/courses/server/courses-service';

/** People take longer than this to fill a form; scripts do not. */
export const MIN_FILL_MS = 3000;

export type SubmitResult = { stored: boolean; id?: string };

/** A form filled by a script: the hidden field has text, or it was sent too soon after it was shown. */
export function looksLikeABot(traps: FormRequest['traps']): boolean {
  return traps.website !== '' || traps.elapsedMs < MIN_FILL_MS;
}

/** Forms that show the consent notice; the lead records which text, in which language, and when. */
const withConsent = new Set<FormRequest['type']>(['contact', 'demo', 'quote', 'course_application']);
function consentRecord(request: FormRequest, now: Date) {
  if (!withConsent.has(request.type)) return null;
  const text = messages[request.context.locale].Forms.consent;
  return { notice: 'Forms.consent', locale: request.context.locale, sha256: createHash('sha256').update(text).digest('hex').slice(0, 16), at: now.toISOString() };
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
    await insertLead(tx, {
      id,
      type,
      locale: context.locale,
      email,
      form: request.form,
      page: context.page,
      referrer: context.referrer,
      utm: context.utm,
      consent: consentRecord(request, now),
      createdAt: now,
    });
    await enqueueMail(
      queue,
      {
        key: `lead-notification:${id}`,
        to: env().SALES_EMAIL,
        replyTo: email ?? undefined,
        locale: 'en',
        template: 'lead-notification',
        props: { type, name: name || '—', fields: Object.entries(request.form).map(([k, v]) => [k, String(v)]), page: context.page, visitorLocale: context.locale },
      },
      { tx },
    );
    if (email) {
      await enqueueMail(queue, { key: `lead-acknowledgement:${id}`, to: email, locale: context.locale, template: 'lead-acknowledgement', props: { type, name: name || email } }, { tx });
    }
    const webhook = env().LEADS_WEBHOOK_URL;
    if (webhook) {
      const body = JSON.stringify({ id, type, locale: context.locale, receivedAt: now.toISOString(), form: request.form, page: context.page, referrer: context.referrer, utm: context.utm });
      await queue.send(QueueName.leadWebhook, { url: webhook, body }, { tx });
    }
  });
  return { stored: true, id };
}
