import 'server-only';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db';
import { formReceipts } from './receipts-table';

type Answer = Record<string, unknown>;

/** The answer kept under `key` since `since`, if any. */
export async function findReceiptAnswer(db: DbOrTx, key: string, since: Date): Promise<Answer | null> {
  const [found] = await db
    .select({ answer: formReceipts.answer })
    .from(formReceipts)
    .where(and(eq(formReceipts.key, key), gt(formReceipts.createdAt, since)));
  return found?.answer ?? null;
}

/** Claims `key` (a unique violation, `form_receipts_pkey`, when it is taken) with an empty answer. */
export async function claimReceipt(db: DbOrTx, values: { key: string; type: string; createdAt: Date }): Promise<void> {
  await db.insert(formReceipts).values({ ...values, answer: {} });
}

export async function setReceiptAnswer(db: DbOrTx, key: string, answer: Answer): Promise<void> {
  await db.update(formReceipts).set({ answer }).where(eq(formReceipts.key, key));
}

/** Deletes receipts made before `before` (all of them, or the one of `key`); answers how many. */
export async function deleteReceiptsBefore(db: DbOrTx, before: Date, key?: string): Promise<number> {
  const old = lt(formReceipts.createdAt, before);
  const removed = await db
    .delete(formReceipts)
    .where(key ? and(eq(formReceipts.key, key), old) : old)
    .returning({ key: formReceipts.key });
  return removed.length;
}
