import 'server-only';
import type { Db } from '@/server/db';
import { fieldErrors } from '@/server/api/problem';
import type { FieldError } from '@/lib/problem';
import { JobInput, toJobRow } from './job-input';
import { findJobsByExternalIds, upsertJobs } from './jobs-repository';
import { forgetCounts } from './jobs-service';

export interface ImportSummary {
  added: number;
  updated: number;
  rejected: { row: number; externalId?: string; errors: FieldError[] }[];
}

/**
 * Imports jobs: each row is checked on its own; valid rows are added, or update the job with the
 * same external id, all in one transaction (a failure leaves the board as it was).
 */
export async function importJobs(db: Db, rows: unknown[]): Promise<ImportSummary> {
  const summary: ImportSummary = { added: 0, updated: 0, rejected: [] };
  const valid = new Map<string, { row: number; input: JobInput }>();
  rows.forEach((raw, index) => {
    const row = index + 1;
    const parsed = JobInput.safeParse(raw);
    const externalId =
      typeof (raw as { external_id?: unknown })?.external_id === 'string' ? (raw as { external_id: string }).external_id : undefined;
    if (!parsed.success) {
      summary.rejected.push({ row, externalId, errors: fieldErrors(parsed.error) });
      return;
    }
    const earlier = valid.get(parsed.data.external_id);
    if (earlier) {
      summary.rejected.push({ row, externalId, errors: [{ path: 'external_id', message: `repeats row ${earlier.row}` }] });
      return;
    }
    valid.set(parsed.data.external_id, { row, input: parsed.data });
  });

  await db.transaction(async (tx) => {
    const existing = await findJobsByExternalIds(tx, [...valid.keys()]);
    const jobRows = [...valid.values()].map(({ input }) => toJobRow(input, existing.get(input.external_id)));
    await upsertJobs(tx, jobRows);
    summary.updated = jobRows.filter((r) => existing.has(r.externalId!)).length;
    summary.added = jobRows.length - summary.updated;
  });
  forgetCounts();
  return summary;
}
