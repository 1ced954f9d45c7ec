import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from '../db/columns';

/**
 * The office's audit log: one row per sign-in, invitation, role change, view of personal data,
 * CV opening, export, status change and deletion. Append-only: a trigger (migration 0017) refuses
 * UPDATE, and DELETE of a row younger than the three years it is kept. No personal data: the
 * record is named by its id, so the row outlives an erasure.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: text('id').primaryKey(),
    at: timestamptz('at').notNull().defaultNow(),
    /** The staff member's id; null for the operator's command line or an unknown address. */
    actor: text('actor'),
    /** A dotted verb: `sign_in`, `sign_in.failed`, `lead.view`, `lead.export`, `staff.role`… */
    action: text('action').notNull(),
    /** The id of what was acted on (a lead, a staff member, an invitation), when there is one. */
    record: text('record'),
    /** The client's address bucket (as rate limits see it). */
    ip: text('ip'),
  },
  (t) => [index('audit_log_at_idx').on(t.at, t.id), index('audit_log_actor_idx').on(t.actor, t.at)],
);

export type AuditRow = typeof auditLog.$inferSelect;
