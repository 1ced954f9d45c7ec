import 'server-only';
import type { Db, DbOrTx } from '@/server/db';
import { fieldErrors } from '@/server/api/problem';
import { audit } from '@/server/office/audit';
import type { FieldError } from '@/lib/problem';
import { JobInput, toJobRow } from './job-input';
import { findJobsByExternalIds, upsertJobs } from './jobs-repository';
import { jobsChanged } from './jobs-changed';

export interface ImportSummary {
  added: number;
  updated: number;
  rejected: { row: number; externalId?: string; errors: FieldError[] }[];
}

/** What an import would do with one row (row numbers count from 1, the first job). */
export interface ImportRowOutcome {
  row: number;
  externalId?: string;
  position?: string;
  outcome: 'add' | 'update' | 'reject';
  errors?: FieldError[];
}

/** Each row checked on its own; the valid ones by external id (a repeated id is rejected). */
function checkRows(rows: unknown[]) {
  const rejected: ImportSummary['rejected'] = [];
  const valid = new Map<string, { row: number; input: JobInput }>();
  rows.forEach((raw, index) => {
    const row = index + 1;
    const parsed = JobInput.safeParse(raw);
    const externalId =
      typeof (raw as { external_id?: unknown })?.external_id === 'string' ? (raw as { external_id: string }).external_id : undefined;
    if (!parsed.success) {
      rejected.push({ row, externalId, errors: fieldErrors(parsed.error) });
      return;
    }
    const earlier = valid.get(parsed.data.external_id);
    if (earlier) {
      rejected.push({ row, externalId, errors: [{ path: 'external_id', message: `repeats row ${earlier.row}` }] });
      return;
    }
    valid.set(parsed.data.external_id, { row, input: parsed.data });
  });
  return { rejected, valid };
}

async function plan(db: DbOrTx, rows: unknown[]) {
  const { rejected, valid } = checkRows(rows);
  const existing = await findJobsByExternalIds(db, [...valid.keys()]);
  const outcomes: ImportRowOutcome[] = [
    ...rejected.map((r) => ({ ...r, outcome: 'reject' as const })),
    ...[...valid.values()].map(({ row, input }) => ({
      row,
      externalId: input.external_id,
      position: input.position,
      outcome: existing.has(input.external_id) ? ('update' as const) : ('add' as const),
    })),
  ].sort((a, b) => a.row - b.row);
  const updated = outcomes.filter((o) => o.outcome === 'update').length;
  const summary: ImportSummary = { added: valid.size - updated, updated, rejected };
  return { summary, outcomes, valid, existing };
}

/** What importing these rows would do, row by row, writing nothing. */
export async function previewImport(db: Db, rows: unknown[]): Promise<ImportSummary & { rows: ImportRowOutcome[] }> {
  const { summary, outcomes } = await plan(db, rows);
  return { ...summary, rows: outcomes };
}

/**
 * Imports jobs: each row is checked on its own; valid rows are added, or update the job with the
 * same external id, all in one transaction (a failure leaves the board as it was). `by`, when
 * given, is recorded in the audit log (`job.import`) in the same transaction.
 */
export async function importJobs(
  db: Db,
  rows: unknown[],
  by?: { actor: string | null; ip?: string | null },
): Promise<ImportSummary & { rows: ImportRowOutcome[] }> {
  const result = await db.transaction(async (tx) => {
    const { summary, outcomes, valid, existing } = await plan(tx, rows);
    await upsertJobs(
      tx,
      [...valid.values()].map(({ input }) => toJobRow(input, existing.get(input.external_id))),
    );
    if (by) {
      const record = `${summary.added} added, ${summary.updated} updated, ${summary.rejected.length} rejected`;
      await audit(tx, { actor: by.actor, action: 'job.import', record, ip: by.ip });
    }
    return { ...summary, rows: outcomes };
  });
  await jobsChanged();
  return result;
}
