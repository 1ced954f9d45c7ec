// `npm run leads -- list` shows the latest leads (applications and CVs too); `npm run leads --
// export --since 2026-01-01 > leads.csv` writes every lead since that date as CSV (safe to open in
// a spreadsheet); `npm run leads -- cv <id> [folder]` copies the CV of an application out;
// `npm run leads -- delete <id>` erases a lead and its CV (a deletion request); `npm run leads --
// spam` lists the forms suspected of spam (leads and course registrations) and `npm run leads --
// not-spam <id>` releases one: its mails and CRM delivery are then sent, once.
import '@/features';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eraseLead, readLeadCv } from '@/features/applications/server/applications-service';
import { leadsToCsv } from '@/features/forms/server/leads-csv';
import { findLeadsSince } from '@/features/forms/server/leads-repository';
import { listSpamLeads, releaseLead } from '@/features/forms/server/submissions';
import { listSuspectedRegistrations, releaseSuspectedRegistration } from '@/features/courses/server/registrations-service';
import { closeDatabase, database } from '@/server/db';
import { startQueue, stopQueue } from '@/server/queue';
import { Queue } from '@/server/queue/queue';
import { printable } from './lib/printable';

async function main() {
  const [command, flag, value] = process.argv.slice(2);
  const opened = await database();
  const { db } = opened;
  if (command === 'list') {
    const rows = await findLeadsSince(db, new Date(0), 50);
    console.table(
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
  } else if (command === 'export' && flag === '--since' && value && !Number.isNaN(Date.parse(value))) {
    process.stdout.write(leadsToCsv(await findLeadsSince(db, new Date(value))));
  } else if (command === 'cv' && flag) {
    const cv = await readLeadCv(db, flag);
    if (!cv) {
      console.error(`No CV for ${flag} (not an application, or deleted after its retention period).`);
      process.exitCode = 1;
    } else {
      // The stored name is already safe (no folders, no control characters); the id keeps it unique.
      const file = path.join(path.resolve(value ?? '.'), `${flag}-${cv.filename}`);
      await writeFile(file, cv.bytes, { flag: 'wx', mode: 0o600 });
      console.log(file);
    }
  } else if (command === 'spam') {
    const suspectedLeads = (await listSpamLeads(db)).map((l) => {
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
    const registrations = (await listSuspectedRegistrations(db)).map(({ registration: r, order }) => ({
      id: r.id,
      received: r.createdAt.toISOString(),
      type: `course_application${order ? ` (order ${order})` : ''}`,
      reason: r.spam,
      name: printable(r.name),
      email: printable(r.email),
      about: r.courseId,
    }));
    const rows = [...suspectedLeads, ...registrations].sort((a, b) => b.received.localeCompare(a.received));
    if (rows.length === 0) console.log('No forms suspected of spam.');
    else console.table(rows);
  } else if (command === 'not-spam' && flag) {
    // Sends only: the server's worker (or `npm run worker`) delivers.
    const queue = await startQueue(false);
    if ((await releaseLead(db, queue, flag)) || (await releaseSuspectedRegistration(db, queue, flag))) {
      console.log(`Released ${flag}: its mails (and CRM delivery) are on their way.`);
    } else {
      console.error(`${printable(flag)} is not in the spam folder (see npm run leads -- spam).`);
      process.exitCode = 1;
    }
    await stopQueue();
  } else if (command === 'delete' && flag) {
    if (await eraseLead(db, new Queue(opened, { work: false }), flag)) {
      console.log(`Deleted ${flag}, its file if it had one, and its mails and CRM delivery still in the queue.`);
    } else {
      console.error(`No lead ${printable(flag)} (ids are exact: see npm run leads -- list).`);
      process.exitCode = 1;
    }
  } else {
    console.error('Usage: npm run leads -- list | export --since <YYYY-MM-DD> | cv <id> [folder] | delete <id> | spam | not-spam <id>');
    process.exitCode = 2;
  }
  await closeDatabase();
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
