// `npm run leads -- list` shows the latest leads; `npm run leads -- export --since 2026-01-01 >
// leads.csv` writes every lead since that date as CSV (safe to open in a spreadsheet).
import { leadsToCsv } from '@/features/leads/server/leads-csv';
import { findLeadsSince } from '@/features/leads/server/leads-repository';
import { closeDatabase, database } from '@/server/db';

async function main() {
  const [command, flag, value] = process.argv.slice(2);
  const { db } = await database();
  if (command === 'list') {
    const rows = await findLeadsSince(db, new Date(0), 50);
    console.table(rows.map((l) => ({ received: l.createdAt.toISOString(), type: l.type, name: (l.form as { name?: string }).name ?? '', email: l.email ?? '', locale: l.locale, page: l.page })));
  } else if (command === 'export' && flag === '--since' && value && !Number.isNaN(Date.parse(value))) {
    process.stdout.write(leadsToCsv(await findLeadsSince(db, new Date(value))));
  } else {
    console.error('Usage: npm run leads -- list | export --since <YYYY-MM-DD>');
    process.exitCode = 2;
  }
  await closeDatabase();
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
