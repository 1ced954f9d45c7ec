import 'server-only';
import { randomBytes } from 'node:crypto';
import type { Db } from '@/server/db';
import { enqueueMail } from '@/server/mail/mail';
import type { SpamReason } from '@/features/forms/schema';
import { consentRecord, holdJobs, limitFormSender, queueFor, recordLead, type JobSender } from '@/features/forms/server';
import type { LeadRequest } from '../schema';
import { leadAcknowledgement } from './leads-mails';
import { describeCallTime } from '../call-time';

export type SubmitResult = { stored: boolean; id?: string };

/**
 * A contact, call-back, demo, feedback or quote request. Stores the lead and, in the same
 * transaction, queues the notification to sales and the visitor's acknowledgement: either the
 * lead and its mails exist, or nothing does. A lead suspected of spam keeps those mails (and the
 * CRM delivery) with it instead, until staff release it.
 */
export async function submitLead(
  db: Db,
  realQueue: JobSender,
  request: LeadRequest,
  { ip, now = new Date(), spam = null }: { ip: string; now?: Date; spam?: SpamReason | null },
): Promise<SubmitResult> {
  const email = 'email' in request.form ? request.form.email.toLowerCase() : null;
  await limitFormSender(ip, email);
  const id = randomBytes(9).toString('base64url');
  const { context } = request;
  const name = 'name' in request.form ? request.form.name : '';
  const type = request.type === 'contact' && request.form.kind === 'callback' ? 'callback' : request.type;
  const { queue, held } = queueFor(realQueue, spam);
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
      // Every form but feedback shows the consent notice.
      consent: request.type === 'feedback' ? null : consentRecord(context.locale, now),
      createdAt: now,
      readable:
        request.type === 'contact' && request.form.callAt ? { callAt: describeCallTime(request.form.callAt, request.form.timeZone) } : {},
      spam,
    });
    if (email) {
      await enqueueMail(
        queue,
        {
          key: `lead-acknowledgement:${id}`,
          to: email,
          locale: context.locale,
          template: leadAcknowledgement,
          props: { type, name: name || email },
        },
        { tx },
      );
    }
    await holdJobs(tx, id, held);
  });
  return { stored: true, id };
}
