import 'server-only';
import { isPlausibleId } from '@/lib/ids';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { getJob } from '@/features/jobs/server/jobs-service';
import { consentRecord, forgetLeads, leadExists, looksLikeABot, removeLeadsBefore, storeLead, webhookKey } from '@/features/leads/server/leads-service';
import type { FormRequest } from '@/features/leads/schema';
import { AppError } from '@/server/api/errors';
import { rateLimit } from '@/server/api/rate-limit';
import type { Db, DbOrTx } from '@/server/db';
import { authSecret, env } from '@/server/env';
import { log } from '@/server/log';
import { enqueueMail } from '@/server/mail/mail';
import { QueueName, type Queue } from '@/server/queue/queue';
import { newStorageKey, storage as defaultStorage, type LocalStorage, type Storage } from '@/server/storage/storage';
import { messages } from '@/i18n/messages';
import { sanitizeDescription } from '@/features/jobs/server/sanitize';
import { CV_MAX_BYTES, CV_TYPES, PositionInput, type JobApplicationForm, type UploadUrlRequest } from '../schema';
import {
  attachUpload,
  claimUpload,
  deleteUpload,
  deleteUploads,
  deleteAbandonedUploads,
  findPosition,
  findUpload,
  findUploadOfLead,
  findUploadsOfLeads,
  insertPositionOnce,
  listAllPositions,
  setPositionPublished,
  upsertPosition,
  insertUpload,
  listPositions,
  markStored,
} from './applications-repository';
import type { Upload } from './applications-table';
import { inspectCv, safeFilename, type CvVerdict } from './cv-check';
import { seedPositions } from './seed-positions';

/** An upload address works for 15 minutes, once. */
export const UPLOAD_TTL_SECONDS = 15 * 60;
/**
 * A file not sent with its form within this is removed (the form follows the upload within
 * seconds; with S3 this also bounds how long an unchecked object stays in the bucket).
 */
const ABANDONED_AFTER_MS = 3600 * 1000;
const EXTENSION_OF: Record<(typeof CV_TYPES)[number], string> = { [CV_TYPES[0]]: 'pdf', [CV_TYPES[1]]: 'doc', [CV_TYPES[2]]: 'docx' };

type Deps = { storage?: Storage; now?: Date };

function signature(upload: Pick<Upload, 'id' | 'declaredSize' | 'declaredType'>, expires: number): string {
  return createHmac('sha256', authSecret()).update(`upload:${upload.id}:${upload.declaredSize}:${upload.declaredType}:${expires}`).digest('base64url');
}

/**
 * Step one of sending a CV: records what is coming and answers where to PUT it. With local
 * storage that is our own upload route, signed and bound to the declared size and type; with S3
 * a presigned URL that the store itself holds to the same.
 */
export async function requestUpload(db: Db, request: UploadUrlRequest, { ip, storage, now = new Date() }: Deps & { ip: string }) {
  const email = request.email.toLowerCase();
  await rateLimit('upload-ip', ip, 20, 600);
  await rateLimit('upload-email', email, 10, 3600);
  const store = storage ?? (await defaultStorage());
  const id = randomBytes(16).toString('base64url');
  const expiresAt = new Date(now.getTime() + UPLOAD_TTL_SECONDS * 1000);
  const upload = {
    id,
    kind: 'cv',
    email,
    info: request.info,
    locale: request.locale,
    filename: safeFilename(request.file.filename, EXTENSION_OF[request.file.mimetype]),
    declaredType: request.file.mimetype,
    declaredSize: request.file.size,
    storageKey: newStorageKey('cv'),
    expiresAt,
    createdAt: now,
  };
  await insertUpload(db, upload);
  if (store.presignPut) {
    const target = await store.presignPut(upload.storageKey, upload.declaredType, upload.declaredSize, UPLOAD_TTL_SECONDS);
    return { uploadUrl: target.url, headers: target.headers, fileId: id, expiresAt: expiresAt.toISOString() };
  }
  const expires = Math.floor(expiresAt.getTime() / 1000);
  return {
    uploadUrl: `/rest/file/cv/upload/${id}?expires=${expires}&sig=${signature(upload, expires)}`,
    headers: { 'content-type': upload.declaredType },
    fileId: id,
    expiresAt: expiresAt.toISOString(),
  };
}

const refusal: Record<Exclude<CvVerdict, { ok: true }>['reason'], string> = {
  empty: 'fileEmpty',
  tooLarge: 'fileTooLarge',
  type: 'fileType',
  rtf: 'fileRtf',
  macro: 'fileMacro',
  encrypted: 'fileEncrypted',
  bomb: 'fileType',
  corrupt: 'fileType',
};

function refuse(verdict: Exclude<CvVerdict, { ok: true }>): AppError {
  return new AppError('validation', `The file was refused (${verdict.reason}).`, { errors: [{ path: 'file', message: refusal[verdict.reason] }] });
}

/**
 * Step two with local storage: the PUT of the file itself. The address must be ours, unexpired
 * and unused; the bytes are counted as they arrive and checked before they are kept. A refused
 * file leaves nothing behind, and its address cannot be used again.
 */
export async function receiveUpload(
  db: Db,
  input: { fileId: string; expires: number; sig: string; contentType: string; contentLength: number | null; body: ReadableStream<Uint8Array> | null },
  { storage, now = new Date() }: Deps = {},
): Promise<void> {
  const found = storage ?? (await defaultStorage());
  // By kind, not instanceof: the process's storage may have been made by another bundle of the
  // app (the queue worker's), whose class is not this one.
  if (found.kind !== 'local') throw new AppError('not_found', 'Files are uploaded to the bucket directly.');
  const store = found as LocalStorage;
  const upload = await findUpload(db, input.fileId);
  const expected = upload ? signature(upload, input.expires) : '';
  const given = Buffer.from(input.sig);
  if (!upload || given.length !== Buffer.byteLength(expected) || !timingSafeEqual(given, Buffer.from(expected))) {
    throw new AppError('forbidden', 'This upload address is not valid.');
  }
  if (input.expires * 1000 <= now.getTime() || upload.expiresAt <= now) throw new AppError('forbidden', 'This upload address has expired.');
  if ((input.contentType.split(';')[0] ?? '').trim().toLowerCase() !== upload.declaredType) {
    throw new AppError('unsupported_media_type', `Send the file with the type announced (${upload.declaredType}).`);
  }
  if (input.contentLength !== null && input.contentLength !== upload.declaredSize) {
    throw new AppError('bad_request', `Send the ${upload.declaredSize} bytes announced.`);
  }
  if (!(await claimUpload(db, upload.id, now))) throw new AppError('conflict', 'This upload address was already used.');

  let temp: string | undefined;
  try {
    const received = await store.receive(input.body, upload.declaredSize);
    temp = received.temp;
    if (received.size !== upload.declaredSize) throw new AppError('bad_request', `Send the ${upload.declaredSize} bytes announced.`);
    const verdict = await inspectCv(await store.readTemp(temp));
    if (!verdict.ok) throw refuse(verdict);
    await store.commit(temp, upload.storageKey);
    temp = undefined;
    await markStored(db, upload.id, { contentType: verdict.mime, size: received.size, filename: safeFilename(upload.filename, verdict.ext), storedAt: now });
  } catch (err) {
    if (temp) await store.discard(temp);
    await store.remove(upload.storageKey).catch(() => undefined);
    await deleteUpload(db, upload.id);
    throw err;
  }
}

/**
 * With S3 the bytes went to the bucket without us: check them when the form that uses them
 * arrives, and delete them if they are refused.
 */
async function checkBucketUpload(db: Db, upload: Upload, store: Storage, now: Date): Promise<void> {
  if (upload.status !== 'pending' || store.kind !== 's3') return;
  const file = await store.read(upload.storageKey, CV_MAX_BYTES);
  if (!file) throw new AppError('validation', 'The file has not arrived.', { errors: [{ path: 'fileId', message: 'fileRequired' }] });
  const verdict = await inspectCv(file);
  if (!verdict.ok || file.length !== upload.declaredSize) {
    await store.remove(upload.storageKey);
    await deleteUpload(db, upload.id);
    throw refuse(verdict.ok ? { ok: false, reason: 'type' } : verdict);
  }
  await markStored(db, upload.id, { contentType: verdict.mime, size: file.length, filename: safeFilename(upload.filename, verdict.ext), storedAt: now });
}

type ApplicationRequest = Extract<FormRequest, { type: 'job_application' | 'cv' }>;

/** What the application is for, as the recruiters and the candidate see it. */
async function describeTarget(db: Db, target: JobApplicationForm['target']) {
  if (target.kind === 'job') {
    const job = await getJob(db, target.id);
    if (!job) throw new AppError('validation', 'This job is no longer open.', { errors: [{ path: 'target', message: 'jobClosed' }] });
    return { title: job.company ? `${job.company} - ${job.position}` : job.position, position: job.position, url: `${env().PUBLIC_URL}/jobs/all/specs/${job.id}` };
  }
  const position = await findPosition(db, target.id);
  if (!position) throw new AppError('validation', 'This position is no longer open.', { errors: [{ path: 'target', message: 'jobClosed' }] });
  return { title: position.role, position: position.role, url: `${env().PUBLIC_URL}/careers/${position.id}` };
}

/**
 * The last step: a job application or a CV sent on spec. The lead, its file and the two mails
 * (recruiters with the CV attached, the candidate's acknowledgement) are committed together.
 */
export async function submitApplication(db: Db, queue: Queue, request: ApplicationRequest, { ip, storage, now = new Date() }: Deps & { ip: string }) {
  if (looksLikeABot(request.traps)) return { stored: false };
  await rateLimit('application-ip', ip, 10, 600);
  const store = storage ?? (await defaultStorage());
  const fileError = () => new AppError('validation', 'The file is not available; upload it again.', { errors: [{ path: 'fileId', message: 'fileRequired' }] });
  const upload = await findUpload(db, request.form.fileId);
  if (!upload) throw fileError();
  await checkBucketUpload(db, upload, store, now);

  const application = request.type === 'job_application' ? request.form : null;
  const email = (application?.email ?? upload.email).toLowerCase();
  const target = application ? await describeTarget(db, application.target) : null;
  const id = randomBytes(9).toString('base64url');
  // The position is the job's own, whatever the page sent.
  const form: Record<string, unknown> =
    application && target ? { ...application, position: target.position, job: { title: target.title, url: target.url } } : { email, info: upload.info, fileId: upload.id };

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
      consent: consentRecord(request, now),
      createdAt: now,
    });
    await queueApplicationMails(tx, queue, { id, request, form, email, upload: attached, target });
  });
  return { stored: true, id };
}

async function queueApplicationMails(
  tx: DbOrTx,
  queue: Queue,
  { id, request, form, email, upload, target }: { id: string; request: ApplicationRequest; form: Record<string, unknown>; email: string; upload: Upload; target: { title: string; url: string } | null },
) {
  const e = env();
  // Labelled in the recruiters' language (English), in the form's order.
  const labels = messages.en.Applications.fields as Record<string, string>;
  const shown = request.type === 'job_application' ? ['position', 'name', 'email', 'phone', 'currentLocation', 'residence', 'availabilityWeeks', 'noticePeriod'] : ['email', 'info'];
  const fields: [string, string][] = shown.map((k) => [labels[k] ?? k, String(form[k] ?? '') || '—']);
  const name = request.type === 'job_application' ? request.form.name : email;
  await enqueueMail(
    queue,
    {
      key: `application-notification:${id}`,
      to: e.RECRUITING_EMAIL ?? e.SALES_EMAIL,
      replyTo: email,
      locale: 'en',
      template: 'application-notification',
      props: { type: request.type, name, fields, target, visitorLocale: new Intl.DisplayNames(['en'], { type: 'language' }).of(request.context.locale) ?? request.context.locale, filename: upload.filename },
      attachments: [{ storageKey: upload.storageKey, filename: upload.filename, contentType: upload.contentType ?? upload.declaredType }],
    },
    { tx },
  );
  await enqueueMail(
    queue,
    { key: `application-acknowledgement:${id}`, to: email, locale: request.context.locale, template: 'application-acknowledgement', props: { type: request.type, name: request.type === 'job_application' ? name : null, target: target?.title ?? null, retentionDays: e.CV_RETENTION_DAYS } },
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
  const applications = await removeLeadsBefore(db, ['job_application', 'cv'], before, async (ids) => {
    const rows = await findUploadsOfLeads(db, ids);
    for (const row of rows) await store.remove(row.storageKey);
    await deleteUploads(db, rows.map((r) => r.id));
  });
  const abandonedKeys = await deleteAbandonedUploads(db, new Date(now.getTime() - ABANDONED_AFTER_MS));
  for (const key of abandonedKeys) await store.remove(key);
  if (store.kind === 'local') await (store as LocalStorage).sweepTemp(ABANDONED_AFTER_MS, now.getTime());
  if (applications || abandonedKeys.length) log().info({ applications, abandoned: abandonedKeys.length }, 'expired applications and files removed');
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
  const mails = ['application-notification', 'application-acknowledgement', 'lead-notification', 'lead-acknowledgement', 'signup-code', 'account-exists'].map((kind) => `${kind}:${leadId}`);
  await queue.eraseByKeys(QueueName.mail, mails);
  await queue.eraseByKeys(QueueName.leadWebhook, [webhookKey(leadId)]);
  const files = await findUploadsOfLeads(db, [leadId]);
  for (const file of files) await store.remove(file.storageKey);
  await deleteUploads(db, files.map((f) => f.id));
  await forgetLeads(db, [leadId]);
  return true;
}

/** The consultancy's open roles, for /careers. */
export function openPositions(db: Db) {
  return listPositions(db);
}

export async function openPosition(db: Db, id: string) {
  return isPlausibleId(id) ? findPosition(db, id) : undefined;
}

/** For the operator: every role, open or closed. */
export function allPositions(db: Db) {
  return listAllPositions(db);
}

/** Opens a role (or updates it): checked by its schema, its description sanitized. */
export async function savePosition(db: Db, input: unknown): Promise<PositionInput> {
  const position = PositionInput.parse(input);
  await upsertPosition(db, { ...position, description: sanitizeDescription(position.description) });
  return position;
}

/** Closes a role: it leaves /careers, its applications stay. */
export function closePosition(db: Db, id: string): Promise<boolean> {
  return setPositionPublished(db, id, false);
}

/** Adds the launch roles (those already there are left as they are). */
export async function addPositionsOnce(db: Db): Promise<void> {
  for (const position of seedPositions()) await insertPositionOnce(db, position);
}
