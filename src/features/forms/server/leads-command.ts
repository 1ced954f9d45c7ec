import 'server-only';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { operatorPath, type OperatorCommand } from '@/server/commands/command';
import { printable } from '@/server/commands/printable';
import { database, type Db } from '@/server/db';
import { queue } from '@/server/queue';
import { Queue } from '@/server/queue/queue';
import { audit } from '@/server/office/audit';
import type { JobSender } from './held-jobs';
import { leadsToCsv } from './leads-csv';
import { findLeadsSince } from './leads-repository';
import { listSpamLeads, releaseLead } from './submissions';

/** A lead's files: the feature that keeps uploads reads a CV out and erases a lead with its file. */
export interface LeadFiles {
  readCv(db: Db, leadId: string): Promise<{ filename: string; bytes: Buffer } | null>;
  erase(db: Db, queue: Queue, leadId: string): Promise<boolean>;
}

/** One line of the spam folder. */
interface SpamRow {
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

const USAGE = 'Usage: npm run leads -- list | export --since <YYYY-MM-DD> | cv <id> [folder] | delete <id> | spam | not-spam <id>';

/**
 * `npm run leads -- list` shows the latest leads (applications and CVs too); `export --since
 * 2026-01-01 > leads.csv` writes every lead since that date as CSV (safe to open in a
 * spreadsheet); `cv <id> [folder]` copies the CV of an application out; `delete <id>` erases a lead
 * and its CV (a deletion request); `spam` lists the forms suspected of spam (leads and the other
 * folders) and `not-spam <id>` releases one: its mails and CRM delivery are then sent, once.
 */
export function leadsCommand({ files, spamFolders }: { files: LeadFiles; spamFolders: readonly SpamFolder[] }): OperatorCommand {
  return {
    name: 'leads',
    usage: USAGE,
    async run([command, flag, value], io) {
      const opened = await database();
      const { db } = opened;
      if (command === 'list') {
        const rows = await findLeadsSince(db, new Date(0), 50);
        io.table(
          rows.map((l) => {
            const form = l.form as { name?: string; position?: string; info?: string; fileId?: string };
            return {
              id: l.id,
              received: l.createdAt.toISOString(),
              type: l.type,
              name: printable(form.name ?? ''),
              email: printable(l.email ?? ''),
              about: printable(form.position ?? form.info ?? ''),
              cv: form.fileId ? 'yes' : '',
              locale: l.locale,
            };
          }),
        );
        return 0;
      }
      if (command === 'export' && flag === '--since' && value && !Number.isNaN(Date.parse(value))) {
        const rows = await findLeadsSince(db, new Date(value));
        await audit(db, { actor: null, action: 'lead.export', record: `${rows.length} leads` });
        io.write(leadsToCsv(rows));
        return 0;
      }
      if (command === 'cv' && flag) {
        const cv = await files.readCv(db, flag);
        if (!cv) {
          io.err(`No CV for ${printable(flag)} (not an application, or deleted after its retention period).`);
          return 1;
        }
        // The stored name is already safe (no folders, no control characters); the id keeps it unique.
        const file = path.join(operatorPath(io, value ?? '.'), `${path.basename(flag)}-${cv.filename}`);
        await writeFile(file, cv.bytes, { flag: 'wx', mode: 0o600 });
        await audit(db, { actor: null, action: 'cv.open', record: flag });
        io.out(file);
        return 0;
      }
      if (command === 'spam') {
        const suspectedLeads = (await listSpamLeads(db)).map((l): SpamRow => {
          const form = l.form as { name?: string; position?: string; info?: string; message?: string; details?: string };
          return {
            id: l.id,
            received: l.createdAt.toISOString(),
            type: l.type,
            reason: l.spam,
            name: printable(form.name ?? ''),
            email: printable(l.email ?? ''),
            about: printable(form.position ?? form.info ?? form.message ?? form.details ?? '').slice(0, 60),
          };
        });
        const others = (await Promise.all(spamFolders.map((f) => f.list(db)))).flat();
        const rows = [...suspectedLeads, ...others].sort((a, b) => b.received.localeCompare(a.received));
        if (rows.length === 0) io.out('No forms suspected of spam.');
        else io.table(rows as unknown as Record<string, unknown>[]);
        return 0;
      }
      if (command === 'not-spam' && flag) {
        // Queued only, where this runs: the server's worker (or this process's, run alone) delivers.
        const q = await queue();
        if (await releaseLead(db, q, flag)) {
          await audit(db, { actor: null, action: 'lead.not_spam', record: flag });
          io.out(`Released ${flag}: its mails (and CRM delivery) are on their way.`);
          return 0;
        }
        for (const folder of spamFolders) {
          if (await folder.release(db, q, flag)) {
            await audit(db, { actor: null, action: 'lead.not_spam', record: flag });
            io.out(`Released ${flag}: its mails (and CRM delivery) are on their way.`);
            return 0;
          }
        }
        io.err(`${printable(flag)} is not in the spam folder (see npm run leads -- spam).`);
        return 1;
      }
      if (command === 'delete' && flag) {
        // Erasing needs no running queue: a queue handle that only deletes jobs.
        if (await files.erase(db, new Queue(opened, { work: false }), flag)) {
          await audit(db, { actor: null, action: 'lead.delete', record: flag });
          io.out(`Deleted ${flag}, its file if it had one, and its mails and CRM delivery still in the queue.`);
          return 0;
        }
        io.err(`No lead ${printable(flag)} (ids are exact: see npm run leads -- list).`);
        return 1;
      }
      io.err(USAGE);
      return 2;
    },
  };
}
