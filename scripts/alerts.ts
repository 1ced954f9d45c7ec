// `npm run alerts -- list` shows the job alert subscriptions; `npm run alerts -- send --now`
// sends the digests that are due now (instead of waiting for the next 15-minute tick) and waits
// until their mails have gone out.
import '@/features';
import { listSubscriptions } from '@/features/alerts/server/alerts-service';
import { sendDueDigests } from '@/features/alerts/server/digests-service';
import { database } from '@/server/db';
import { QueueName, startQueue } from '@/server/queue';
import { stopRuntime } from '@/server/runtime';

async function main() {
  const [command, flag] = process.argv.slice(2);
  const db = await database();
  if (command === 'list') {
    const rows = await listSubscriptions(db.db);
    console.table(
      rows.map((r) => ({
        email: r.email,
        status: r.status,
        frequency: r.frequency,
        search: r.description,
        'next digest': r.nextDigestAt?.toISOString() ?? '',
      })),
    );
  } else if (command === 'send' && flag === '--now') {
    const queue = await startQueue(true);
    const result = await sendDueDigests(db.db, queue);
    console.log(`${result.sent} digests queued, ${result.empty} due with nothing new.`);
    // Let the mails leave before stopping (the queue keeps any that fail, for later).
    // (A mail waiting to be retried counts too: give up after a minute, it stays queued.)
    for (let i = 0; i < 120 && (await queue.unfinishedCount(QueueName.mail)) > 0; i++) await new Promise((r) => setTimeout(r, 500));
  } else {
    console.error('Usage: npm run alerts -- list | send --now');
    process.exitCode = 2;
  }
  await stopRuntime();
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
