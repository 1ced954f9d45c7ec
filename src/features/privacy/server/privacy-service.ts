import 'server-only';
import { randomBytes } from 'node:crypto';
import type { Db } from '@/server/db';
import { env } from '@/server/env';
import { enqueueMail } from '@/server/mail/mail';
import { audit } from '@/server/office/audit';
import type { Queue } from '@/server/queue/queue';
import { idOfToken, signedToken } from '@/server/signed-token';
import type { Storage } from '@/server/storage/storage';
import { localizedPath, type Locale } from '@/i18n/routing';
import type { PrivacyRequestKind } from '../kinds';
import { makeCopy } from './privacy-copy';
import { CONFIRM_DAYS, DAY, DUE_DAYS } from './privacy-deadlines';
import { erase } from './privacy-erasure';
import { privacyConfirm } from './privacy-mails';
import { findRequest, insertRequest, moveRequest } from './privacy-repository';
import type { PrivacyRequest } from './privacy-table';

// A privacy request from its asking to its work: opened, confirmed by the address, then carried
// out by the queue (privacy-copy.ts, privacy-erasure.ts). The office's view of them is
// privacy-office.ts's; their retention, privacy-retention.ts's.

/** The queue that makes a copy or carries out an erasure, once a request is confirmed. */
export const PRIVACY_QUEUE = 'privacy-request';

const CONFIRM = 'privacy-confirm';

type By = { actor: string | null; ip?: string | null };

/** The link in the confirmation mail: a page whose button confirms. */
function confirmUrl(id: string, locale: Locale): string {
  return `${env().PUBLIC_URL}${localizedPath(`/privacy/request/${signedToken(CONFIRM, id)}`, locale)}`;
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
