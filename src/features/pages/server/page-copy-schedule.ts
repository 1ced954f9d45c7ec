import 'server-only';
import { z } from 'zod';
import type { Db } from '@/server/db';
import { AppError, refused } from '@/server/errors';
import { audit } from '@/server/office/audit';
import type { Queue } from '@/server/queue';
import { routing, type Locale } from '@/i18n/routing';
import { officeInstant } from '@/lib/office-clock';
import { isCopyKey, type CopyKey } from '../copy-keys';
import type { ScheduleBody } from '../schedule-schema';
import { publishCopy, rowOf, type By } from './page-copy';
import * as repo from './page-copy-repository';

// A page's draft published at a chosen time by the queue (decision 064).

/** The queue that publishes a scheduled draft at its time. */
export const PAGE_COPY_PUBLISH = 'page-copy.publish';
const ScheduledJob = z.object({
  page: z
    .string()
    .refine(isCopyKey)
    .transform((key) => key as CopyKey),
  locale: z.enum(routing.locales),
  at: z.iso.datetime(),
});

/**
 * Schedules the saved draft to be published at `local`, a date and time on the office's clock in
 * the future, by the queue, which takes it at its time or, when no worker ran then, at the next
 * start. The draft may still change until then: what is published is the draft as it is at that
 * time. A new time replaces the earlier one.
 */
export async function schedulePublish(
  db: Db,
  queue: Queue,
  page: CopyKey,
  locale: Locale,
  { at: local }: z.infer<typeof ScheduleBody>,
  by: By,
  now = new Date(),
) {
  const at = officeInstant(local);
  if (Number.isNaN(at.getTime())) throw new AppError('validation', 'No such date.', { errors: [{ path: 'at', message: 'date' }] });
  if (at.getTime() <= now.getTime()) {
    throw new AppError('validation', 'Choose a time in the future.', { errors: [{ path: 'at', message: 'future' }] });
  }
  const row = await rowOf(db, page, locale);
  if (row.draft === null) throw refused('conflict', 'There is no draft to publish: save one first.', 'noDraft');
  await db.transaction(async (tx) => {
    await repo.setSchedule(tx, page, locale, at, by.actor);
    await queue.send(PAGE_COPY_PUBLISH, { page, locale, at: at.toISOString() }, { tx, startAfter: at });
    await audit(tx, { actor: by.actor, action: 'page_copy.schedule', record: `${page}/${locale}@${at.toISOString()}`, ip: by.ip });
  });
}

/** Takes back a scheduled publishing: the draft stays a draft. */
export async function cancelSchedule(db: Db, page: CopyKey, locale: Locale, by: By): Promise<void> {
  await rowOf(db, page, locale);
  await db.transaction(async (tx) => {
    await repo.setSchedule(tx, page, locale, null, null);
    await audit(tx, { actor: by.actor, action: 'page_copy.unschedule', record: `${page}/${locale}`, ip: by.ip });
  });
}

/**
 * The queue's job: publishes the draft for the member who scheduled it, when the page is still
 * scheduled for that time (not taken back, moved or published by hand since). A draft the page's
 * schema no longer takes is not published; the failure is the job's, in the log.
 */
export async function publishScheduled(db: Db, data: unknown): Promise<void> {
  const { page, locale, at } = ScheduledJob.parse(data);
  const row = await repo.findCopy(db, page, locale);
  if (!row?.scheduledAt || !row.scheduledBy || row.scheduledAt.toISOString() !== at || row.draft === null) return;
  await publishCopy(db, page, locale, row.draft, { actor: row.scheduledBy, ip: null });
}
