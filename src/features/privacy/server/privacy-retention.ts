import 'server-only';
import type { Db } from '@/server/db';
import { log } from '@/server/log';
import { audit } from '@/server/office/audit';
import { storage as defaultStorage, type Storage } from '@/server/storage/storage';
import { ANSWERED_KEPT_YEARS, CONFIRM_DAYS, DAY } from './privacy-deadlines';
import { deleteAnsweredBefore, deleteUnconfirmedBefore, expiredCopies, moveRequest } from './privacy-repository';

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
