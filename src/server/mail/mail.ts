import 'server-only';
import { createHash } from 'node:crypto';
import { render } from '@react-email/render';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { locales } from '@/i18n/routing';
import type { Database, Db, DbOrTx } from '../db/client';
import { companyAddress } from '../brand';
import { env } from '../env';
import { log } from '../log';
import { QueueName, type Queue } from '../queue/queue';
import { mailDeliveries } from './mail-table';
import { features } from '../features';
import type { MailDefinition } from './mail-types';
import { testMail } from './test-mail';
import { officeMails } from '../office/office-mails';
import type { Transport } from './transport';
import { storage, type Storage } from '../storage/storage';

/** pg-boss fetches higher priorities first; bulk mails keep 0. */
const MAIL_PRIORITY = 10;
/** How long a delivery keeps trying to record that the SMTP server took the mail (a database restart). */
const RECORD_SENT_FOR_MS = 30_000;

/** Attachments are CVs: never more than the upload limit (5 MB). */
const ATTACHMENT_MAX_BYTES = 5_242_880;

const MailJob = z.strictObject({
  /** Idempotency key: a mail with a key that was already delivered is not sent again. */
  key: z.string().min(1).max(200),
  to: z.email(),
  replyTo: z.email().optional(),
  locale: z.enum(locales),
  /** The name of a template of the mail infrastructure or of a feature (its `mails`). */
  template: z.string().min(1).max(100),
  props: z.record(z.string(), z.unknown()),
  /** Files from the storage (a CV for the recruiters), read when the mail is sent. */
  attachments: z
    .array(z.strictObject({ storageKey: z.string(), filename: z.string().min(1).max(200), contentType: z.string() }))
    .max(3)
    .optional(),
  /** Only the list headers of RFC 2369/8058 (one-click unsubscribe); values without line breaks. */
  headers: z
    .strictObject({
      'List-Unsubscribe': z.string().regex(/^<https?:\/\/[^\s<>]+>$/),
      'List-Unsubscribe-Post': z.literal('List-Unsubscribe=One-Click'),
    })
    .optional(),
});
export type MailJob = z.infer<typeof MailJob>;

export interface MailRequest<P> {
  key: string;
  to: string;
  replyTo?: string;
  headers?: MailJob['headers'];
  attachments?: MailJob['attachments'];
  locale: MailJob['locale'];
  template: MailDefinition<P>;
  props: P;
}

/**
 * Puts a mail on the queue. Pass the transaction that stores what the mail is about, so the
 * record and its mail are committed together; the worker sends it, retrying while SMTP is down.
 */
export async function enqueueMail<P>(queue: Pick<Queue, 'send'>, mail: MailRequest<P>, opts: { tx?: DbOrTx } = {}): Promise<void> {
  const job = MailJob.parse({ ...mail, template: mail.template.name });
  // A code or an acknowledgement someone is waiting for goes before a digest to thousands.
  await queue.send(QueueName.mail, job, { tx: opts.tx, singletonKey: job.key, priority: mail.template.bulk ? 0 : MAIL_PRIORITY });
}

/**
 * Erases every mail to this address the queue holds, waiting or sent (a job running now finishes),
 * and the record of each delivery: an erasure request. Answers how many mails were forgotten.
 */
export async function forgetMailsTo(db: Db, email: string): Promise<number> {
  const address = email.trim().toLowerCase();
  const jobs = await db.execute(
    sql`delete from pgboss.job where name = ${QueueName.mail} and state <> 'active' and lower(data->>'to') = ${address} returning id`,
  );
  const archived = await db.execute(
    sql`delete from pgboss.archive where name = ${QueueName.mail} and lower(data->>'to') = ${address} returning id`,
  );
  const deliveries = await db
    .delete(mailDeliveries)
    .where(eq(sql`lower(${mailDeliveries.recipient})`, address))
    .returning({ key: mailDeliveries.key });
  return Math.max(rowCount(jobs) + rowCount(archived), deliveries.length);
}

/** Mails to this address being sent right now: `forgetMailsTo` leaves them, and their delivery is recorded after. */
export async function mailsInFlightTo(db: Db, email: string): Promise<number> {
  const result = await db.execute(
    sql`select id from pgboss.job where name = ${QueueName.mail} and state = 'active' and lower(data->>'to') = ${email.trim().toLowerCase()}`,
  );
  return rowCount(result);
}

/** Rows a `delete … returning` answered, from either driver's result. */
function rowCount(result: unknown): number {
  return ((result as { rows?: unknown[] }).rows ?? (result as unknown[])).length ?? 0;
}

/** Every template by name: the infrastructure's own and each feature's. */
function mailTemplate(name: string): MailDefinition<never> | undefined {
  if (name === testMail.name) return testMail as MailDefinition<never>;
  const office = officeMails.find((m) => m.name === name);
  if (office) return office as MailDefinition<never>;
  for (const feature of features()) {
    const found = feature.mails?.find((m) => m.name === name);
    if (found) return found;
  }
  return undefined;
}

export async function renderMail(job: MailJob) {
  const e = env();
  const brand = { siteName: e.SITE_NAME, siteUrl: e.PUBLIC_URL, address: companyAddress(job.locale) };
  const template = mailTemplate(job.template);
  // A job queued by a version that had this template, worked by one that does not: it fails and retries (a deploy in progress).
  if (!template) throw new Error(`Unknown mail template ${job.template}`);
  const rendered = template.render(job.props as never, { locale: job.locale, brand });
  // Visitors' names end up in subjects: no control or direction-override characters there.
  const subject = rendered.subject.replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, ' ');
  const { element } = rendered;
  const [html, text, made] = await Promise.all([
    render(element),
    render(element, { plainText: true }),
    rendered.attachments?.() ?? Promise.resolve([]),
  ]);
  return { subject, html, text, attachments: made };
}

/** The queue handler: renders and sends one mail, once. */
export async function deliverMail(data: unknown, deps: { database: Database; transport: Transport; storage?: Storage }): Promise<void> {
  const job = MailJob.parse(data);
  const { db } = deps.database;
  const [earlier] = await db.select({ status: mailDeliveries.status }).from(mailDeliveries).where(eq(mailDeliveries.key, job.key));
  if (earlier?.status === 'sent') return;
  // An earlier try reached the SMTP call and never recorded its outcome: the mail may have left.
  // It is sent again, with the same Message-ID (receivers may drop the copy): a duplicate is
  // better than a code or an acknowledgement that never arrives (docs/decisions/025).
  if (earlier) log().warn({ key: job.key, template: job.template }, 'mail sent again: an earlier try may have delivered it');

  const { subject, html, text, attachments: made } = await renderMail(job);
  const stored = await Promise.all(
    (job.attachments ?? []).map(async (a) => {
      const content = await (deps.storage ?? (await storage())).read(a.storageKey, ATTACHMENT_MAX_BYTES);
      // Not readable from here (yet): retry rather than send the recruiters a mail without the CV.
      // An erased application takes its queued mails with it, so this never waits for a deleted file.
      if (!content) throw new Error(`Attachment ${a.storageKey} is not in the storage`);
      return { filename: a.filename, content, contentType: a.contentType };
    }),
  );
  const attachments = [...stored, ...made];
  const e = env();
  const host = new URL(e.PUBLIC_URL).hostname;
  // A stable Message-ID lets mail servers drop the duplicate if a crash ever makes us resend.
  const messageId = `<${createHash('sha256').update(job.key).digest('hex').slice(0, 32)}@${host}>`;
  await db.insert(mailDeliveries).values({ key: job.key, recipient: job.to, subject, messageId, status: 'sending' }).onConflictDoNothing();
  try {
    await deps.transport.send({
      from: e.MAIL_FROM,
      to: job.to,
      replyTo: job.replyTo,
      subject,
      html,
      text,
      messageId,
      attachments,
      headers: { 'Content-Language': job.locale, ...job.headers },
    });
  } catch (err) {
    // The SMTP server refused it or was away: the mail did not leave, the next try is a first.
    await db
      .delete(mailDeliveries)
      .where(eq(mailDeliveries.key, job.key))
      .catch(() => undefined);
    throw err;
  }
  await recordSent(deps.database, job.key);
  // Ids and kinds only: a subject carries a visitor's name, and a sign-up code that would confirm the account.
  log().info({ key: job.key, template: job.template, locale: job.locale }, 'mail sent');
}

/**
 * Marks a mail as taken by the SMTP server. The mail has left: if the database is away for a
 * moment (a restart), keep trying rather than fail the job, whose retry would send it again.
 */
async function recordSent(database: Database, key: string): Promise<void> {
  const started = Date.now();
  for (let attempt = 0; ; attempt++) {
    try {
      await database.db.update(mailDeliveries).set({ status: 'sent', sentAt: new Date() }).where(eq(mailDeliveries.key, key));
      return;
    } catch (err) {
      if (Date.now() - started > RECORD_SENT_FOR_MS) throw err;
      await new Promise((r) => setTimeout(r, Math.min(250 * 2 ** attempt, 5000)));
    }
  }
}
