import 'server-only';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { operatorPath, type OperatorCommand } from '@/server/commands/command';
import { database } from '@/server/db';
import { importJobs } from './import-jobs';

const USAGE = 'Usage: npm run jobs:import -- <file.json|file.csv>';

async function readRows(file: string): Promise<unknown[]> {
  const text = await readFile(file, 'utf8');
  if (path.extname(file).toLowerCase() === '.csv') {
    return parse(text, { columns: true, skip_empty_lines: true, trim: true, bom: true }) as unknown[];
  }
  const data = JSON.parse(text) as unknown;
  if (!Array.isArray(data)) throw new Error('A JSON import is an array of jobs.');
  return data;
}

/** `npm run jobs:import -- <file.json|file.csv>`: loads jobs into the board (docs/jobs-import.md); 1 when rows were rejected. */
export const jobsImportCommand: OperatorCommand = {
  name: 'jobs:import',
  usage: USAGE,
  async run([file], io) {
    if (!file) {
      io.err(USAGE);
      return 2;
    }
    const rows = await readRows(operatorPath(io, file));
    const summary = await importJobs((await database()).db, rows, { actor: null });
    io.out(`${rows.length} rows read: ${summary.added} added, ${summary.updated} updated, ${summary.rejected.length} rejected.`);
    for (const r of summary.rejected) {
      io.out(
        `  row ${r.row}${r.externalId ? ` (${r.externalId})` : ''}: ${r.errors.map((e) => `${e.path || 'row'} ${e.message}`).join('; ')}`,
      );
    }
    io.out('The board shows the changes now (on other web nodes within five minutes).');
    return summary.rejected.length > 0 ? 1 : 0;
  },
};
