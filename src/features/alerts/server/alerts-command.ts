import 'server-only';
import type { OperatorCommand } from '@/server/commands/command';
import { database } from '@/server/db';
import { queue } from '@/server/queue';
import { listSubscriptions } from './alerts-service';
import { sendDueDigests } from './digests-service';

const USAGE = 'Usage: npm run alerts -- list | send --now';

/**
 * `npm run alerts -- list` shows the job alert subscriptions; `send --now` queues the digests that
 * are due now (instead of waiting for the next 15-minute tick).
 */
export const alertsCommand: OperatorCommand = {
  name: 'alerts',
  usage: USAGE,
  async run([command, flag], io) {
    const { db } = await database();
    if (command === 'list') {
      const rows = await listSubscriptions(db);
      io.table(
        rows.map((r) => ({
          email: r.email,
          status: r.status,
          frequency: r.frequency,
          search: r.description,
          'next digest': r.nextDigestAt?.toISOString() ?? '',
        })),
      );
      return 0;
    }
    if (command === 'send' && flag === '--now') {
      const result = await sendDueDigests(db, await queue());
      io.out(`${result.sent} digests queued, ${result.empty} due with nothing new.`);
      return 0;
    }
    io.err(USAGE);
    return 2;
  },
};
