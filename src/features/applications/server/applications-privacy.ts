import 'server-only';
import { eq, inArray, or } from 'drizzle-orm';
import { leadIdsOfEmail } from '@/features/forms/server';
import type { PrivacyContribution } from '@/server/features';
import { storage as defaultStorage, type Storage } from '@/server/storage/storage';
import { CV_MAX_BYTES } from '../schema';
import { deleteUploads } from './applications-repository';
import { uploads } from './applications-table';

/** The uploads of an address: those sent from it, and those attached to its leads (an application names its own address). */
async function uploadsOf(db: Parameters<PrivacyContribution['collect']>[0], email: string) {
  const leadIds = leadIdsOfEmail(db, email);
  return db
    .select()
    .from(uploads)
    .where(or(eq(uploads.email, email), inArray(uploads.leadId, leadIds)));
}

/**
 * Applications' part in a privacy request: the CV files (the applications themselves are leads,
 * the forms kernel's). A copy holds each file as sent; an erasure deletes every upload of the
 * address with its file, attached or not. The open positions hold nobody's data.
 */
export function applicationsPrivacy({ storage }: { storage?: Storage } = {}): PrivacyContribution {
  return {
    async collect(db, email) {
      const rows = await uploadsOf(db, email);
      const store = storage ?? (await defaultStorage());
      const files: { name: string; bytes: Buffer }[] = [];
      for (const row of rows) {
        if (row.status !== 'stored' && row.status !== 'attached') continue;
        const bytes = await store.read(row.storageKey, CV_MAX_BYTES);
        if (bytes) files.push({ name: `${row.id}-${row.filename}`, bytes });
      }
      return {
        records: {
          cv_files: rows.map((r) => ({
            id: r.id,
            leadId: r.leadId,
            filename: r.filename,
            contentType: r.contentType,
            size: r.size,
            info: r.info,
            locale: r.locale,
            status: r.status,
            createdAt: r.createdAt,
          })),
        },
        files,
      };
    },
    async erase(db, _queue, email) {
      const rows = await uploadsOf(db, email);
      const store = storage ?? (await defaultStorage());
      for (const row of rows) await store.remove(row.storageKey);
      await deleteUploads(
        db,
        rows.map((r) => r.id),
      );
      return { deleted: { cv_files: rows.length }, kept: [] };
    },
  };
}
