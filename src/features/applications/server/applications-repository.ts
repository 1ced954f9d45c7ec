import 'server-only';
import { and, asc, eq, gt, inArray, lt, ne } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db';
import { positions, uploads, type Position, type Upload } from './applications-table';

export async function insertUpload(db: DbOrTx, values: typeof uploads.$inferInsert): Promise<void> {
  await db.insert(uploads).values(values);
}

export async function findUpload(db: DbOrTx, id: string): Promise<Upload | undefined> {
  const [row] = await db.select().from(uploads).where(eq(uploads.id, id));
  return row;
}

/** Takes a pending upload for one PUT: a second PUT, or one after expiry, finds nothing. */
export async function claimUpload(db: DbOrTx, id: string, now: Date): Promise<Upload | undefined> {
  const [row] = await db
    .update(uploads)
    .set({ status: 'receiving' })
    .where(and(eq(uploads.id, id), eq(uploads.status, 'pending'), gt(uploads.expiresAt, now)))
    .returning();
  return row;
}

export async function markStored(
  db: DbOrTx,
  id: string,
  values: { contentType: string; size: number; filename: string; storedAt: Date },
): Promise<void> {
  await db
    .update(uploads)
    .set({ status: 'stored', ...values })
    .where(eq(uploads.id, id));
}

/** Attaches a checked upload of this address to a lead; undefined when it is not available. */
export async function attachUpload(db: DbOrTx, id: string, email: string, leadId: string): Promise<Upload | undefined> {
  const [row] = await db
    .update(uploads)
    .set({ status: 'attached', leadId })
    .where(and(eq(uploads.id, id), eq(uploads.status, 'stored'), eq(uploads.email, email)))
    .returning();
  return row;
}

export async function deleteUpload(db: DbOrTx, id: string): Promise<void> {
  await db.delete(uploads).where(eq(uploads.id, id));
}

/**
 * Deletes uploads never attached to a submission, created before `before`, and answers their
 * storage keys; a row attached meanwhile is not touched (the condition is in the DELETE).
 */
export async function deleteAbandonedUploads(db: DbOrTx, before: Date): Promise<string[]> {
  const rows = await db
    .delete(uploads)
    .where(and(ne(uploads.status, 'attached'), lt(uploads.createdAt, before)))
    .returning({ storageKey: uploads.storageKey });
  return rows.map((r) => r.storageKey);
}

export async function findUploadsOfLeads(db: DbOrTx, leadIds: string[]): Promise<Upload[]> {
  if (leadIds.length === 0) return [];
  return db.select().from(uploads).where(inArray(uploads.leadId, leadIds));
}

export async function deleteUploads(db: DbOrTx, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(uploads).where(inArray(uploads.id, ids));
}

/** The file of a lead (for `npm run leads -- cv`). */
export async function findUploadOfLead(db: DbOrTx, leadId: string): Promise<Upload | undefined> {
  const [row] = await db.select().from(uploads).where(eq(uploads.leadId, leadId));
  return row;
}

export async function listPositions(db: DbOrTx): Promise<Position[]> {
  return db.select().from(positions).where(eq(positions.published, true)).orderBy(asc(positions.createdAt), asc(positions.role));
}

export async function findPosition(db: DbOrTx, id: string): Promise<Position | undefined> {
  const [row] = await db
    .select()
    .from(positions)
    .where(and(eq(positions.id, id), eq(positions.published, true)));
  return row;
}

export async function listAllPositions(db: DbOrTx): Promise<Position[]> {
  return db.select().from(positions).orderBy(asc(positions.createdAt), asc(positions.role));
}

/** Adds a role or replaces the one with the same id (and opens it). */
export async function upsertPosition(db: DbOrTx, values: typeof positions.$inferInsert): Promise<void> {
  const { role, locale, location, description } = values;
  await db
    .insert(positions)
    .values(values)
    .onConflictDoUpdate({ target: positions.id, set: { role, locale, location, description, published: true } });
}

export async function setPositionPublished(db: DbOrTx, id: string, published: boolean): Promise<boolean> {
  const rows = await db.update(positions).set({ published }).where(eq(positions.id, id)).returning({ id: positions.id });
  return rows.length > 0;
}

export async function insertPositionOnce(db: DbOrTx, values: typeof positions.$inferInsert): Promise<void> {
  await db.insert(positions).values(values).onConflictDoNothing();
}
