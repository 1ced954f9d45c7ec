import 'server-only';
import { randomBytes } from 'node:crypto';
import type { Db } from '@/server/db';
import { env } from '@/server/env';
import { features, type PersonErasure } from '@/server/features';
import { log } from '@/server/log';
import { enqueueMail, forgetMailsTo, mailsInFlightTo } from '@/server/mail/mail';
import { audit } from '@/server/office/audit';
import type { Queue } from '@/server/queue/queue';
import { idOfToken, signedToken } from '@/server/signed-token';
import { storage as defaultStorage, type Storage } from '@/server/storage/storage';
import { newStorageKey } from '@/server/storage/storage-keys';
import { localizedPath, type Locale } from '@/i18n/routing';
import { cursorOf, LIST_PAGE, pageOf } from '@/server/db/keyset';
import type { PrivacyRequestKind } from '../kinds';
import { privacyConfirm, privacyCopyReady, privacyErased } from './privacy-mails';
import {
  countOverdue,
  deleteAnsweredBefore,
  deleteRequests,
  deleteUnconfirmedBefore,
  expiredCopies,
  findRequest,
  insertRequest,
  listOverdue,
  listRequests,
  moveRequest,
  otherRequestsOf,
  stepsOf,
} from './privacy-repository';
import type { PrivacyRequest } from './privacy-table';
import { zip } from './zip';

/** The queue that makes a copy or carries out an erasure, once a request is confirmed. */
export const PRIVACY_QUEUE = 'privacy-request';

const DAY = 86_400_000;
/** The law's "one month" from the confirmation, counted as 30 days. */
const DUE_DAYS = 30;
/** How long the confirmation link works; an unconfirmed request is deleted after it. */
const CONFIRM_DAYS = 7;
/** How long the copy's download link works; the file is deleted after it. */
const COPY_DAYS = 7;
/** How long an answered request (the address, the dates, what an erasure kept) stays as the record that it was answered. */
const ANSWERED_KEPT_YEARS = 3;
/** A copy holds CVs of 5 MB at most, a few of them: anything larger than this is not one of ours. */
const COPY_MAX_BYTES = 200 * 1024 * 1024;

const CONFIRM = 'privacy-confirm';
const COPY = 'privacy-copy';

type By = { actor: string | null; ip?: string | null };

/** The link in the confirmation mail: a page whose button confirms. */
function confirmUrl(id: string, locale: Locale): string {
  return `${env().PUBLIC_URL}${localizedPath(`/privacy/request/${signedToken(CONFIRM, id)}`, locale)}`;
}

/** The copy's download address (an API route: the file comes as an attachment). */
function copyUrl(id: string): string {
  return `${env().PUBLIC_URL}/rest/privacy/copies/${signedToken(COPY, id)}`;
}

/**
 * A copy or an erasure asked for this address: stored unconfirmed, with the mail whose link confirms
 * it queued in the same transaction. Nothing is done to anybody's data until that link's button
 * is pressed, so a request for someone else's address does nothing but mail them.
 */
export async function openPrivacyRequest(
  db: Db,
  queue: Pick<Queue, 'send'>,
  request: { email: string; kind: PrivacyRequestKind; locale: Locale },
  by: By & { now?: Date },
): Promise<string> {
  const id = randomBytes(18).toString('base64url');
  const email = request.email.trim().toLowerCase();
  await db.transaction(async (tx) => {
    await insertRequest(tx, {
      id,
      kind: request.kind,
      email,
      locale: request.locale,
      openedBy: by.actor,
      ...(by.now ? { createdAt: by.now } : {}),
    });
    await enqueueMail(
      queue,
      {
        key: `privacy-confirm:${id}`,
        to: email,
        locale: request.locale,
        template: privacyConfirm,
        props: { kind: request.kind, url: confirmUrl(id, request.locale), days: CONFIRM_DAYS },
      },
      { tx },
    );
    await audit(tx, { actor: by.actor, action: `privacy.request.${request.kind}`, record: id, ip: by.ip });
  });
  return id;
}

/** A request whose confirmation link this is, while it can still be confirmed or has been; undefined otherwise. */
export async function requestOfConfirmToken(
  db: Db,
  token: string,
  now = new Date(),
): Promise<Pick<PrivacyRequest, 'kind' | 'status'> | undefined> {
  const id = idOfToken(CONFIRM, token);
  const request = id ? await findRequest(db, id) : undefined;
  if (!request) return undefined;
  if (request.status === 'unconfirmed' && now.getTime() - request.createdAt.getTime() > CONFIRM_DAYS * DAY) return undefined;
  return { kind: request.kind, status: request.status };
}

/**
 * The confirmation page's button: the request counts from now (its deadline a month away) and its
 * work is queued in the same transaction. Pressing again changes nothing.
 */
export async function confirmPrivacyRequest(
  db: Db,
  queue: Pick<Queue, 'send'>,
  token: string,
  { ip, now = new Date() }: { ip: string; now?: Date },
): Promise<'confirmed' | 'invalid'> {
  const id = idOfToken(CONFIRM, token);
  if (!id || !(await requestOfConfirmToken(db, token, now))) return 'invalid';
  await db.transaction(async (tx) => {
    const moved = await moveRequest(tx, id, 'unconfirmed', {
      status: 'confirmed',
      confirmedAt: now,
      dueAt: new Date(now.getTime() + DUE_DAYS * DAY),
    });
    if (!moved) return;
    await queue.send(PRIVACY_QUEUE, { id }, { tx, singletonKey: `privacy:${id}` });
    await audit(tx, { actor: null, action: 'privacy.confirm', record: id, ip });
  });
  return 'confirmed';
}

/** The queue's handler: a confirmed request's copy or erasure, once. */
export async function carryOutRequest(db: Db, queue: Queue, data: unknown, deps: { storage?: Storage; now?: Date } = {}): Promise<void> {
  const id = (data as { id?: unknown }).id;
  const request = typeof id === 'string' ? await findRequest(db, id) : undefined;
  if (request?.status !== 'confirmed') return;
  if (request.kind === 'copy') await makeCopy(db, queue, request, deps);
  else await erase(db, queue, request, deps);
}

/** File names inside the copy: no folders of their own, no duplicates. */
function safeName(name: string, taken: Set<string>): string {
  const base = name.replace(/[\\/\u0000-\u001f]/g, '_').slice(0, 120) || 'file';
  let candidate = base;
  for (let n = 2; taken.has(candidate); n++) candidate = `${n}-${base}`;
  taken.add(candidate);
  return candidate;
}

/** Every feature's records and files for the address, as one zip: `data.json` and `files/…`. */
async function buildCopy(db: Db, email: string, now = new Date()): Promise<{ zip: Buffer; files: number }> {
  const records: Record<string, Record<string, unknown[]>> = {};
  const entries: { name: string; bytes: Buffer }[] = [];
  const taken = new Set<string>();
  for (const feature of features()) {
    if (!feature.privacy) continue;
    const data = await feature.privacy.collect(db, email);
    const kinds = Object.fromEntries(Object.entries(data.records).filter(([, rows]) => rows.length > 0));
    if (Object.keys(kinds).length) records[feature.name] = kinds;
    for (const file of data.files) entries.push({ name: `files/${feature.name}/${safeName(file.name, taken)}`, bytes: file.bytes });
  }
  const document = {
    email,
    madeAt: now.toISOString(),
    site: env().PUBLIC_URL,
    records,
    files: entries.map((e) => e.name),
  };
  const json = { name: 'data.json', bytes: Buffer.from(JSON.stringify(document, null, 2), 'utf8') };
  return { zip: zip([json, ...entries], now), files: entries.length };
}

async function makeCopy(db: Db, queue: Queue, request: PrivacyRequest, { storage, now = new Date() }: { storage?: Storage; now?: Date }) {
  const store = storage ?? (await defaultStorage());
  const { zip: bytes } = await buildCopy(db, request.email, now);
  const key = newStorageKey('copy');
  await store.write(key, bytes, 'application/zip');
  const expires = new Date(now.getTime() + COPY_DAYS * DAY);
  const moved = await db.transaction(async (tx) => {
    const row = await moveRequest(tx, request.id, 'confirmed', { status: 'ready', fileKey: key, fileExpiresAt: expires, completedAt: now });
    if (!row) return undefined;
    await enqueueMail(
      queue,
      {
        key: `privacy-copy:${request.id}`,
        to: request.email,
        locale: request.locale as Locale,
        template: privacyCopyReady,
        props: { url: copyUrl(request.id), expiresAt: expires.toISOString() },
      },
      { tx },
    );
    await audit(tx, { actor: null, action: 'privacy.copy', record: request.id });
    return row;
  });
  // Another worker got there first (a retried job): this file is nobody's.
  if (!moved) await store.remove(key);
}

/** Adds one feature's erasure to the total. */
function addErasure(total: PersonErasure, part: PersonErasure): PersonErasure {
  const deleted = { ...total.deleted };
  for (const [kind, n] of Object.entries(part.deleted)) if (n > 0) deleted[kind] = (deleted[kind] ?? 0) + n;
  return { deleted, kept: [...total.kept, ...part.kept] };
}

async function erase(db: Db, queue: Queue, request: PrivacyRequest, { storage, now = new Date() }: { storage?: Storage; now?: Date }) {
  let outcome: PersonErasure = { deleted: {}, kept: [] };
  // Each feature erases its own; every step is safe to run again, so a retried job finishes the
  // work. Last listed first: a feature builds on those before it (applications' CV files hang on
  // the forms kernel's leads), so what hangs on a record goes before the record and is counted.
  for (const feature of [...features()].reverse())
    if (feature.privacy) outcome = addErasure(outcome, await feature.privacy.erase(db, queue, request.email));
  // The person's other requests: a copy's file goes (the request stays, expired, as the record
  // that it was answered); one not confirmed or not worked yet goes whole, so no copy is made after this.
  const store = storage ?? (await defaultStorage());
  const others = await otherRequestsOf(db, request.email, request.id);
  let copies = 0;
  for (const other of others.filter((o) => o.fileKey)) {
    await store.remove(other.fileKey!);
    if (await moveRequest(db, other.id, 'ready', { status: 'expired', fileKey: null })) copies++;
  }
  if (copies) outcome = addErasure(outcome, { deleted: { privacy_copies: copies }, kept: [] });
  await deleteRequests(
    db,
    others.filter((o) => o.status === 'unconfirmed' || o.status === 'confirmed').map((o) => o.id),
  );
  // Last, so that none of the mails the features' erasures queued survives: every mail to the address, sent or waiting.
  const mails = await forgetAllMailsTo(db, request.email);
  if (mails) outcome = addErasure(outcome, { deleted: { mails }, kept: [] });
  await db.transaction(async (tx) => {
    const row = await moveRequest(tx, request.id, 'confirmed', { status: 'done', outcome, completedAt: now });
    if (!row) return;
    await enqueueMail(
      queue,
      {
        key: `privacy-erased:${request.id}`,
        to: request.email,
        locale: request.locale as Locale,
        template: privacyErased,
        props: { deleted: Object.entries(outcome.deleted), kept: outcome.kept },
      },
      { tx },
    );
    await audit(tx, { actor: null, action: 'privacy.erase', record: request.id });
  });
}

/** How long an erasure waits for mails to the address that are being sent (the mail queue's expiry is 2 minutes). */
const IN_FLIGHT_WAIT_MS = 150_000;

/**
 * Every mail to the address and its delivery record. A mail being sent right now cannot be taken
 * back: its job and record are forgotten once it has left. Still there after the mail queue's own
 * expiry, the erasure fails and its job tries again later (every step before is done already).
 */
async function forgetAllMailsTo(db: Db, email: string): Promise<number> {
  let forgotten = await forgetMailsTo(db, email);
  const until = Date.now() + IN_FLIGHT_WAIT_MS;
  while (await mailsInFlightTo(db, email)) {
    if (Date.now() > until) throw new Error('Mails to the address are still being sent; the erasure tries again later.');
    await new Promise((r) => setTimeout(r, 500));
  }
  forgotten += await forgetMailsTo(db, email);
  return forgotten;
}

/** The copy behind a download link, while its link works; undefined for a bad, spent or expired link. */
export async function downloadCopy(
  db: Db,
  token: string,
  { ip, now = new Date(), storage }: { ip: string; now?: Date; storage?: Storage },
): Promise<Buffer | undefined> {
  const id = idOfToken(COPY, token);
  const request = id ? await findRequest(db, id) : undefined;
  if (!request?.fileKey || !request.fileExpiresAt || request.fileExpiresAt <= now) return undefined;
  const bytes = await (storage ?? (await defaultStorage())).read(request.fileKey, COPY_MAX_BYTES);
  if (!bytes) return undefined;
  await audit(db, { actor: null, action: 'privacy.download', record: request.id, ip });
  return bytes;
}

/** The retention rule: copies past their link's week, requests never confirmed, answered requests past their years. */
export async function applyPrivacyRetention(db: Db, now: Date, { storage }: { storage?: Storage } = {}) {
  let copies = 0;
  const expired = await expiredCopies(db, now);
  if (expired.length) {
    const store = storage ?? (await defaultStorage());
    for (const request of expired) {
      await store.remove(request.fileKey!);
      await db.transaction(async (tx) => {
        if (await moveRequest(tx, request.id, 'ready', { status: 'expired', fileKey: null })) {
          await audit(tx, { actor: null, action: 'privacy.copy.expire', record: request.id });
          copies++;
        }
      });
    }
  }
  const unconfirmed = (await deleteUnconfirmedBefore(db, new Date(now.getTime() - CONFIRM_DAYS * DAY))).length;
  const answeredBefore = new Date(now);
  answeredBefore.setUTCFullYear(answeredBefore.getUTCFullYear() - ANSWERED_KEPT_YEARS);
  const answered = (await deleteAnsweredBefore(db, answeredBefore)).length;
  if (copies || unconfirmed || answered) log().info({ copies, unconfirmed, answered }, 'privacy requests past their time removed');
  return { copies, unconfirmed, answered };
}

/** Overdue requests listed above it, however far back they are (the count says when there are more). */
const OVERDUE_SHOWN = 200;

/**
 * The office's list: a page of requests, newest first, each with its deadline and state; the
 * cursor of the next page (null on the last); and the requests past their deadline, the most
 * overdue first, with their number, so that none is hidden on a later page.
 */
export async function officeRequests(
  db: Db,
  { after, limit = LIST_PAGE, now = new Date() }: { after?: string; limit?: number; now?: Date } = {},
) {
  // One row more than the page tells whether another page follows.
  const [found, overdue, overdueCount] = await Promise.all([
    listRequests(db, cursorOf(after), limit + 1),
    listOverdue(db, now, OVERDUE_SHOWN),
    countOverdue(db, now),
  ]);
  const { rows, next } = pageOf(found, limit);
  const listed = (r: PrivacyRequest) => ({ ...officeRow(r), overdue: r.status === 'confirmed' && !!r.dueAt && r.dueAt < now });
  return {
    rows: rows.map(listed),
    next,
    overdue: overdue.map(listed),
    overdueCount,
  };
}

function officeRow(r: PrivacyRequest) {
  return {
    id: r.id,
    kind: r.kind,
    email: r.email,
    status: r.status,
    createdAt: r.createdAt.toISOString(),
    confirmedAt: r.confirmedAt?.toISOString() ?? null,
    dueAt: r.dueAt?.toISOString() ?? null,
    completedAt: r.completedAt?.toISOString() ?? null,
  };
}

/** A request and its steps, for its office page; the look is on record. */
export async function viewPrivacyRequest(db: Db, id: string, by: { actor: string; ip: string }) {
  const request = await findRequest(db, id);
  if (!request) return undefined;
  await audit(db, { actor: by.actor, action: 'privacy.view', record: id, ip: by.ip });
  const steps = await stepsOf(db, id);
  return {
    ...officeRow(request),
    locale: request.locale,
    openedBy: request.openedBy,
    fileExpiresAt: request.fileExpiresAt?.toISOString() ?? null,
    outcome: request.outcome ?? null,
    steps: steps.filter((s) => s.action !== 'privacy.view').map((s) => ({ at: s.at.toISOString(), action: s.action, actor: s.actor })),
  };
}
