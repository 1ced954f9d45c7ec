import 'server-only';
import type { Db, DbOrTx } from '@/server/db';
import { committed } from '@/server/db/after-commit';
import { isUniqueViolation } from '@/server/db/unique-violation';
import { claimReceipt, deleteReceiptsBefore, findReceiptAnswer, setReceiptAnswer } from './receipts-repository';

// Idempotency-Key of POST /rest/form: a form sent again with the key of one already stored is
// answered as the first time, within a day, without a second record.

const DAY_MS = 24 * 3600 * 1000;
/** What a key may be: the page makes 22 random URL-safe characters. */
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{16,100}$/;

type Answer = Record<string, unknown>;

/**
 * Runs `store` (which stores the form, with `db` as its database) and keeps its answer under
 * `key`, in one transaction: either the form and its receipt are committed, or neither. A key
 * already answered gets that answer and `store` does not run. The key is claimed first: a second
 * request with it, at the same moment, waits on that claim until the first commits (then answers
 * the first's answer) or rolls back (then stores the form itself).
 */
export async function once<A extends Answer | void>(
  db: Db,
  key: string,
  type: string,
  now: Date,
  store: (db: Db) => Promise<A>,
): Promise<A | Answer> {
  const dayAgo = new Date(now.getTime() - DAY_MS);
  const earlier = await findReceiptAnswer(db, key, dayAgo);
  if (earlier) return earlier;
  // A receipt past its day and not yet swept would collide with this one.
  await deleteReceiptsBefore(db, dayAgo, key);
  try {
    // The features open their own transactions on `db`; inside this one those become savepoints,
    // and what they defer until their commit (afterCommit) waits for this one's.
    return await committed(() =>
      db.transaction(async (tx) => {
        await claimReceipt(tx, { key, type, createdAt: now });
        const answer = await store(tx as unknown as Db);
        await setReceiptAnswer(tx, key, answer ?? {});
        return answer;
      }),
    );
  } catch (err) {
    if (!isUniqueViolation(err, 'form_receipts_pkey')) throw err;
    const first = await findReceiptAnswer(db, key, dayAgo);
    if (!first) throw err;
    return first;
  }
}

/** Receipts older than a day are of no use: deleted hourly. */
export function removeOldReceipts(db: DbOrTx, now = new Date()): Promise<number> {
  return deleteReceiptsBefore(db, new Date(now.getTime() - DAY_MS));
}
