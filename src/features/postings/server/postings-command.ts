import 'server-only';
import type { OperatorCommand } from '@/server/commands/command';
import { database } from '@/server/db';
import { queue } from '@/server/queue';
import { sendExpiryNotices } from './postings-notices';
import { listPostings } from './postings-service';
import { NOTICE_DAYS } from './postings-state';

const USAGE = 'Usage: npm run postings -- list [pending|approved|rejected|unconfirmed|closed] | notices [--at <date>]';
const STATES = ['pending', 'approved', 'rejected', 'unconfirmed', 'closed'] as const;

/**
 * `npm run postings -- list` shows the jobs employers posted, by state; `notices` mails now the
 * employers whose listing ends within three days (the hourly tick does it too); `--at` runs it as
 * on another date, to see what a day will send.
 */
export const postingsCommand: OperatorCommand = {
  name: 'postings',
  usage: USAGE,
  async run([command, ...args], io) {
    const { db } = await database();
    if (command === 'list') {
      const state = (args[0] ?? 'pending') as (typeof STATES)[number];
      if (!STATES.includes(state)) {
        io.err(USAGE);
        return 2;
      }
      const rows = await listPostings(db, state);
      io.table(rows.map((r) => ({ id: r.id, position: r.position, company: r.company, created: r.createdAt.toISOString() })));
      return 0;
    }
    if (command === 'notices') {
      const at = args[0] === '--at' && args[1] ? new Date(args[1]) : args.length === 0 ? new Date() : null;
      if (!at || Number.isNaN(at.getTime())) {
        io.err(USAGE);
        return 2;
      }
      const sent = await sendExpiryNotices(db, await queue(), at);
      io.out(`${sent} employers mailed: their listing ends within ${NOTICE_DAYS} days of ${at.toISOString()}.`);
      return 0;
    }
    io.err(USAGE);
    return 2;
  },
};
