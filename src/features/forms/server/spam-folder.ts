import 'server-only';
import type { Db } from '@/server/db';
import type { JobSender } from './held-jobs';
import { listSpamLeads, releaseLead } from './submissions';

/** One line of the spam folder (decision 030). */
export interface SpamRow {
  id: string;
  received: string;
  type: string;
  reason: string | null;
  name: string;
  email: string;
  about: string;
}

/** Another feature's records suspected of spam (course registrations), shown and released with the leads. */
export interface SpamFolder {
  list(db: Db): Promise<SpamRow[]>;
  /** False when `id` is not one of its suspected records. */
  release(db: Db, queue: JobSender, id: string): Promise<boolean>;
}

/** The spam folder: suspected leads and every other folder's records, newest first. */
export async function spamRows(db: Db, folders: readonly SpamFolder[]): Promise<SpamRow[]> {
  const suspectedLeads = (await listSpamLeads(db)).map((l): SpamRow => {
    const form = l.form as { name?: string; position?: string; info?: string; message?: string; details?: string };
    return {
      id: l.id,
      received: l.createdAt.toISOString(),
      type: l.type,
      reason: l.spam,
      name: form.name ?? '',
      email: l.email ?? '',
      about: (form.position ?? form.info ?? form.message ?? form.details ?? '').slice(0, 60),
    };
  });
  const others = (await Promise.all(folders.map((f) => f.list(db)))).flat();
  return [...suspectedLeads, ...others].sort((a, b) => b.received.localeCompare(a.received));
}

/** Staff say it is not spam: its held mails and CRM delivery are sent, once. False when it is not in the folder. */
export async function releaseFromSpam(db: Db, queue: JobSender, folders: readonly SpamFolder[], id: string): Promise<boolean> {
  if (await releaseLead(db, queue, id)) return true;
  for (const folder of folders) if (await folder.release(db, queue, id)) return true;
  return false;
}

/** The spam folder a role sees: sales everything but applications and CVs, admins everything. */
export async function visibleSpam(db: Db, folders: readonly SpamFolder[], role: string) {
  const rows = await spamRows(db, folders);
  return role === 'admin' ? rows : rows.filter((row) => row.type !== 'job_application' && row.type !== 'cv');
}

/** How many suspected forms a role would find in the spam folder: for the dashboard and the menu. */
export const spamCount = async (db: Db, folders: readonly SpamFolder[], role: string) => (await visibleSpam(db, folders, role)).length;
