import 'server-only';
import type { Db } from '@/server/db';
import { features, type PersonErasure } from '@/server/features';
import { enqueueMail, forgetMailsTo, mailsInFlightTo } from '@/server/mail/mail';
import { audit } from '@/server/office/audit';
import type { Queue } from '@/server/queue/queue';
import { storage as defaultStorage, type Storage } from '@/server/storage/storage';
import type { Locale } from '@/i18n/routing';
import { privacyErased } from './privacy-mails';
import { deleteRequests, moveRequest, otherRequestsOf } from './privacy-repository';
import type { PrivacyRequest } from './privacy-table';

/** Adds one feature's erasure to the total. */
function addErasure(total: PersonErasure, part: PersonErasure): PersonErasure {
  const deleted = { ...total.deleted };
  for (const [kind, n] of Object.entries(part.deleted)) if (n > 0) deleted[kind] = (deleted[kind] ?? 0) + n;
  return { deleted, kept: [...total.kept, ...part.kept] };
}

/**
 * A confirmed request for an erasure: every feature's records of the address, the person's other
 * requests and every mail to them go; the person is mailed what was deleted and what the law keeps.
 */
export async function erase(
  db: Db,
  queue: Queue,
  request: PrivacyRequest,
  { storage, now = new Date() }: { storage?: Storage; now?: Date },
) {
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
