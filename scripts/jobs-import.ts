// `npm run jobs:import -- <file.json|file.csv>`: loads jobs into the board (docs/jobs-import.md).
import '@/features';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { importJobs } from '@/features/jobs/server/import-jobs';
import { closeDatabase, database } from '@/server/db';

function readRows(file: string): unknown[] {
  const text = readFileSync(file, 'utf8');
  if (path.extname(file).toLowerCase() === '.csv') {
    return parse(text, { columns: true, skip_empty_lines: true, trim: true, bom: true }) as unknown[];
  }
  const data = JSON.parse(text) as unknown;
  if (!Array.isArray(data)) throw new Error('A JSON import is an array of jobs.');
  return data;
}

async function main() {
  const file = process.argv[2];
  if (!file) {
    console.error('Usage: npm run jobs:import -- <file.json|file.csv>');
    process.exit(2);
  }
  const rows = readRows(file);
  const summary = await importJobs((await database()).db, rows);
  await closeDatabase();
  console.log(`${rows.length} rows read: ${summary.added} added, ${summary.updated} updated, ${summary.rejected.length} rejected.`);
  for (const r of summary.rejected) {
    console.log(
      `  row ${r.row}${r.externalId ? ` (${r.externalId})` : ''}: ${r.errors.map((e) => `${e.path || 'row'} ${e.message}`).join('; ')}`,
    );
  }
  console.log('The board shows the changes within a minute.');
  process.exit(summary.rejected.length > 0 ? 1 : 0);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
