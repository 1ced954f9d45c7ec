import 'server-only';
import { randomBytes } from 'node:crypto';
import { getJob } from '@/features/jobs/server';
import {
  consentRecord,
  forgetLeads,
  holdJobs,
  type JobSender,
  LEAD_WEBHOOK_QUEUE,
  leadExists,
  mailFields,
  queueFor,
  removeLeadsBefore,
  spamExpiredBefore,
  storeLead,
  webhookKey,
} from '@/features/forms/server';
import type { SpamReason } from '@/features/forms/schema';
import { AppError } from '@/server/errors';
import { rateLimit } from '@/server/rate-limit';
import type { Db, DbOrTx } from '@/server/db';
import { env } from '@/server/env';
import { log } from '@/server/log';
import { enqueueMail } from '@/server/mail/mail';
import { QueueName, type Queue } from '@/server/queue/queue';
import { storage as defaultStorage, type LocalStorage, type Storage } from '@/server/storage/storage';
import { CV_MAX_BYTES, type ApplicationRequest, type JobApplicationForm } from '../schema';
import {
  attachUpload,
  deleteAbandonedUploads,
  deleteUploads,
  findUpload,
  findUploadOfLead,
  findUploadsOfLeads,
} from './applications-repository';
import type { Upload } from './applications-table';
import { applicationAcknowledgement, applicationNotification } from './applications-mails';
import { findPosition } from './applications-repository';
import { ABANDONED_AFTER_MS, checkBucketUpload } from './uploads-service';
import { withdrawUrl } from './withdrawals';
import { applicantFieldRows } from './applicant-fields';

type Deps = { storage?: Storage; now?: Date };

/** What the application is for, as the recruiters and the candidate see it. */
async function describeTarget(db: Db, target: JobApplicationForm['target']) {
  if (target.kind === 'job') {
    const job = await getJob(db, target.id);
    if (!job) throw new AppError('validation', 'This job is no longer open.', { errors: [{ path: 'target', message: 'jobClosed' }] });
    return {
      title: job.company ? `${job.company} - ${job.position}` : job.position,
      position: job.position,
      url: `${env().PUBLIC_URL}/jobs/all/specs/${job.id}`,
    };
  }
  const position = await findPosition(db, target.id);
  if (!position)
    throw new AppError('validation', 'This position is no longer open.', { errors: [{ path: 'target', message: 'jobClosed' }] });
  return { title: position.role, position: position.role, url: `${env().PUBLIC_URL}/careers/${position.id}` };
}

/**
 * The last step: a job application or a CV sent on spec. The lead, its file and the two mails
 * (recruiters with the CV attached, the candidate's acknowledgement) are committed together. One
 * suspected of spam keeps its file and holds its mails until staff release it (decision 030).
 */
export async function submitApplication(
  db: Db,
  realQueue: JobSender,
  request: ApplicationRequest,
  { ip, storage, now = new Date(), spam = null }: Deps & { ip: string; spam?: SpamReason | null },
) {
  await rateLimit('application-ip', ip, 10, 600);
  const store = storage ?? (await defaultStorage());
  const fileError = () =>
    new AppError('validation', 'The file is not available; upload it again.', { errors: [{ path: 'fileId', message: 'fileRequired' }] });
  const upload = await findUpload(db, request.form.fileId);
  if (!upload) throw fileError();
  await checkBucketUpload(db, upload, store, now);

  const application = request.type === 'job_application' ? request.form : null;
  const email = (application?.email ?? upload.email).toLowerCase();
  const target = application ? await describeTarget(db, application.target) : null;
  const id = randomBytes(9).toString('base64url');
  // The position is the job's own, whatever the page sent.
  const form: Record<string, unknown> =
    application && target
      ? { ...application, position: target.position, job: { title: target.title, url: target.url } }
      : { email, info: upload.info, fileId: upload.id };

  const { queue, held } = queueFor(realQueue, spam);
  await db.transaction(async (tx) => {
    const attached = await attachUpload(tx, upload.id, email, id);
    if (!attached) throw fileError();
    await storeLead(tx, {
      id,
      type: request.type,
      locale: request.context.locale,
      email,
      form,
      page: request.context.page,
      referrer: request.context.referrer,
      utm: request.context.utm,
      consent: consentRecord(request.context.locale, now),
      createdAt: now,
      spam,
    });
    await queueApplicationMails(tx, queue, { id, request, form, email, upload: attached, target });
    await holdJobs(tx, id, held);
  });
  return { stored: true, id };
}

async function queueApplicationMails(
  tx: DbOrTx,
  queue: JobSender,
  {
    id,
    request,
    form,
    email,
    upload,
    target,
  }: {
    id: string;
    request: ApplicationRequest;
    form: Record<string, unknown>;
    email: string;
    upload: Upload;
    target: { title: string; url: string } | null;
  },
) {
  const e = env();
  // In the recruiters' language (English), as their office page shows it: in words, in a fixed order.
  const staffLocale = 'en';
  const fields = mailFields(applicantFieldRows(request.type, form, staffLocale), e.PUBLIC_URL);
  const name = request.type === 'job_application' ? request.form.name : email;
  await enqueueMail(
    queue,
    {
      key: `application-notification:${id}`,
      to: e.RECRUITING_EMAIL ?? e.SALES_EMAIL,
      replyTo: email,
      locale: staffLocale,
      template: applicationNotification,
      props: {
        type: request.type,
        name,
        fields,
        target,
        visitorLocale: new Intl.DisplayNames([staffLocale], { type: 'language' }).of(request.context.locale) ?? request.context.locale,
        filename: upload.filename,
        officeUrl: `${e.PUBLIC_URL}/office/applicants/${id}`,
      },
      attachments: [{ storageKey: upload.storageKey, filename: upload.filename, contentType: upload.contentType ?? upload.declaredType }],
    },
    { tx },
  );
  await enqueueMail(
    queue,
    {
      key: `application-acknowledgement:${id}`,
      to: email,
      // It says "reply to have them deleted sooner": the answer reaches whoever handles privacy.
      replyTo: e.PRIVACY_EMAIL,
      locale: request.context.locale,
      template: applicationAcknowledgement,
      props: {
        type: request.type,
        name: request.type === 'job_application' ? name : null,
        target: target?.title ?? null,
        retentionDays: e.CV_RETENTION_DAYS,
        withdrawUrl: withdrawUrl(id, request.context.locale),
      },
    },
    { tx },
  );
}

/**
 * The hourly clean-up: applications and CVs older than CV_RETENTION_DAYS go with their files, and
 * so do uploads never sent with their form, and pieces of uploads cut off midway.
 */
export async function removeExpiredApplications(db: Db, { storage, now = new Date() }: Deps = {}) {
  const store = storage ?? (await defaultStorage());
  const before = new Date(now.getTime() - env().CV_RETENTION_DAYS * 24 * 3600 * 1000);
  const removeFiles = async (ids: string[]) => {
    const rows = await findUploadsOfLeads(db, ids);
    for (const row of rows) await store.remove(row.storageKey);
    await deleteUploads(
      db,
      rows.map((r) => r.id),
    );
  };
  // Suspected spam staff never released goes sooner (decision 030), with its file.
  const applications =
    (await removeLeadsBefore(db, ['job_application', 'cv'], spamExpiredBefore(now), removeFiles, { spamOnly: true })) +
    (await removeLeadsBefore(db, ['job_application', 'cv'], before, removeFiles));
  const abandonedKeys = await deleteAbandonedUploads(db, new Date(now.getTime() - ABANDONED_AFTER_MS));
  for (const key of abandonedKeys) await store.remove(key);
  if (store.kind === 'local') await (store as LocalStorage).sweepTemp(ABANDONED_AFTER_MS, now.getTime());
  if (applications || abandonedKeys.length)
    log().info({ applications, abandoned: abandonedKeys.length }, 'expired applications and files removed');
  return { applications, abandoned: abandonedKeys.length };
}

/** The CV of an application or CV submission, for the operator (`npm run leads -- cv`). */
export async function readLeadCv(db: Db, leadId: string, { storage }: Deps = {}): Promise<{ filename: string; bytes: Buffer } | null> {
  const upload = await findUploadOfLead(db, leadId);
  if (!upload) return null;
  const bytes = await (storage ?? (await defaultStorage())).read(upload.storageKey, CV_MAX_BYTES);
  return bytes ? { filename: upload.filename, bytes } : null;
}

/**
 * Erases a lead (any form) and, for an application or a CV, its file, with the mails and the CRM
 * delivery about it that the queue still holds or keeps: a visitor's deletion request. False when
 * there is no such lead (nothing is touched).
 */
export async function eraseLead(db: Db, queue: Queue, leadId: string, { storage }: Deps = {}): Promise<boolean> {
  if (!(await leadExists(db, leadId))) return false;
  const store = storage ?? (await defaultStorage());
  // Every mail keyed by a lead: the forms' and applications' own, and a trial sign-up's code and "account exists" mails.
  const mails = [
    'application-notification',
    'application-acknowledgement',
    'applicant-rejected',
    'applicant-interview',
    'applicant-offer',
    'lead-notification',
    'lead-acknowledgement',
    'signup-code',
    'account-exists',
  ].map((kind) => `${kind}:${leadId}`);
  await queue.eraseByKeys(QueueName.mail, mails);
  await queue.eraseByKeys(LEAD_WEBHOOK_QUEUE, [webhookKey(leadId)]);
  const files = await findUploadsOfLeads(db, [leadId]);
  for (const file of files) await store.remove(file.storageKey);
  await deleteUploads(
    db,
    files.map((f) => f.id),
  );
  await forgetLeads(db, [leadId]);
  return true;
}
