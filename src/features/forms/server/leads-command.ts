import 'server-only';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { operatorPath, type OperatorCommand } from '@/server/commands/command';
import { printable } from '@/server/commands/printable';
import { database, type Db } from '@/server/db';
import { queue } from '@/server/queue';
import { Queue } from '@/server/queue/queue';
import { audit } from '@/server/office/audit';
import { leadsToCsv } from './leads-csv';
import { findLeadsSince } from './leads-repository';
import { releaseFromSpam, spamRows, type SpamFolder } from './spam-folder';

export type { SpamFolder };

/** A lead's files: the feature that keeps uploads reads a CV out and erases a lead with its file. */
export interface LeadFiles {
  readCv(db: Db, leadId: string): Promise<{ filename: string; bytes: Buffer } | null>;
  erase(db: Db, queue: Queue, leadId: string): Promise<boolean>;
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
        const rows = (await spamRows(db, spamFolders)).map((r) => ({
          ...r,
          name: printable(r.name),
          email: printable(r.email),
          about: printable(r.about),
        }));
        if (rows.length === 0) io.out('No forms suspected of spam.');
        else io.table(rows);
        return 0;
      }
      if (command === 'not-spam' && flag) {
        // Queued only, where this runs: the server's worker (or this process's, run alone) delivers.
        if (await releaseFromSpam(db, await queue(), spamFolders, flag)) {
          await audit(db, { actor: null, action: 'lead.not_spam', record: flag });
          io.out(`Released ${flag}: its mails (and CRM delivery) are on their way.`);
          return 0;
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
