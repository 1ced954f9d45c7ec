import 'server-only';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { AppError } from '@/server/errors';
import { rateLimit } from '@/server/rate-limit';
import type { Db } from '@/server/db';
import { authSecret } from '@/server/env';
import { storage as defaultStorage, type LocalStorage, type Storage } from '@/server/storage/storage';
import { newStorageKey } from '@/server/storage/storage-keys';
import { CV_MAX_BYTES, CV_TYPES, type UploadUrlRequest } from '../schema';
import { claimUpload, deleteUpload, findUpload, insertUpload, markStored } from './applications-repository';
import type { Upload } from './applications-table';
import { inspectCv, safeFilename, type CvVerdict } from './cv-check';

// A CV is uploaded before its form is sent: the address to send it to, the file itself (local
// storage), and the check of a file that went to the bucket directly (S3).

/** An upload address works for 15 minutes, once. */
const UPLOAD_TTL_SECONDS = 15 * 60;
/**
 * A file not sent with its form within this is removed (the form follows the upload within
 * seconds; with S3 this also bounds how long an unchecked object stays in the bucket).
 */
export const ABANDONED_AFTER_MS = 3600 * 1000;
const EXTENSION_OF: Record<(typeof CV_TYPES)[number], string> = { [CV_TYPES[0]]: 'pdf', [CV_TYPES[1]]: 'doc', [CV_TYPES[2]]: 'docx' };

type Deps = { storage?: Storage; now?: Date };

/**
 * Uploads one client address may have in flight on this node. Each holds a connection and a file
 * handle for up to the request timeout; a client opening dozens at a trickle would hold them all.
 */
const UPLOADS_PER_ADDRESS = 3;
const uploadsInFlight = new Map<string, number>();

function signature(upload: Pick<Upload, 'id' | 'declaredSize' | 'declaredType'>, expires: number): string {
  return createHmac('sha256', authSecret())
    .update(`upload:${upload.id}:${upload.declaredSize}:${upload.declaredType}:${expires}`)
    .digest('base64url');
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
  return new AppError('validation', `The file was refused (${verdict.reason}).`, {
    errors: [{ path: 'file', message: refusal[verdict.reason] }],
  });
}

/**
 * Step two with local storage: the PUT of the file itself. The address must be ours, unexpired
 * and unused; the bytes are counted as they arrive and checked before they are kept. A refused
 * file leaves nothing behind, and its address cannot be used again.
 */
export async function receiveUpload(
  db: Db,
  input: {
    fileId: string;
    expires: number;
    sig: string;
    contentType: string;
    contentLength: number | null;
    body: ReadableStream<Uint8Array> | null;
    ip: string;
  },
  deps: Deps = {},
): Promise<void> {
  const open = uploadsInFlight.get(input.ip) ?? 0;
  if (open >= UPLOADS_PER_ADDRESS) {
    throw new AppError('rate_limited', 'Too many uploads from this address at once.', { retryAfterSeconds: 10 });
  }
  uploadsInFlight.set(input.ip, open + 1);
  try {
    await receiveOne(db, input, deps);
  } finally {
    const left = (uploadsInFlight.get(input.ip) ?? 1) - 1;
    if (left > 0) uploadsInFlight.set(input.ip, left);
    else uploadsInFlight.delete(input.ip);
  }
}

async function receiveOne(
  db: Db,
  input: Omit<Parameters<typeof receiveUpload>[1], 'ip'>,
  { storage, now = new Date() }: Deps,
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
    await markStored(db, upload.id, {
      contentType: verdict.mime,
      size: received.size,
      filename: safeFilename(upload.filename, verdict.ext),
      storedAt: now,
    });
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
export async function checkBucketUpload(db: Db, upload: Upload, store: Storage, now: Date): Promise<void> {
  if (upload.status !== 'pending' || store.kind !== 's3') return;
  const file = await store.read(upload.storageKey, CV_MAX_BYTES);
  if (!file) throw new AppError('validation', 'The file has not arrived.', { errors: [{ path: 'fileId', message: 'fileRequired' }] });
  const verdict = await inspectCv(file);
  if (!verdict.ok || file.length !== upload.declaredSize) {
    await store.remove(upload.storageKey);
    await deleteUpload(db, upload.id);
    throw refuse(verdict.ok ? { ok: false, reason: 'type' } : verdict);
  }
  await markStored(db, upload.id, {
    contentType: verdict.mime,
    size: file.length,
    filename: safeFilename(upload.filename, verdict.ext),
    storedAt: now,
  });
}
