import 'server-only';
import { asc, eq, inArray } from 'drizzle-orm';
import type { PrivacyContribution } from '@/server/features';
import type { LeadFiles } from './leads-command';
import { leadNotes, leads } from './leads-table';

/**
 * Columns that say nothing about the person: the search column repeats the address and name, the
 * rest are the staff's (who works the lead, who chose to keep it, the jobs held back from a suspect).
 */
const INTERNAL = new Set(['search', 'assigneeId', 'keptBy', 'held']);

/**
 * The forms kernel's part in a privacy request: every lead sent from the address (any form, trial
 * sign-ups and applications included), with the staff's notes on them. A lead is erased by the
 * feature that keeps its files, which also takes its queued mails and CRM delivery (LeadFiles).
 */
export function formsPrivacy(files: LeadFiles): PrivacyContribution {
  return {
    async collect(db, email) {
      const rows = await db.select().from(leads).where(eq(leads.email, email)).orderBy(asc(leads.createdAt));
      const ids = rows.map((r) => r.id);
      const notes = ids.length
        ? await db
            .select({ leadId: leadNotes.leadId, createdAt: leadNotes.createdAt, body: leadNotes.body })
            .from(leadNotes)
            .where(inArray(leadNotes.leadId, ids))
            .orderBy(asc(leadNotes.createdAt))
        : [];
      return {
        records: {
          leads: rows.map((lead) => Object.fromEntries(Object.entries(lead).filter(([k]) => !INTERNAL.has(k)))),
          lead_notes: notes,
        },
        files: [],
      };
    },
    async erase(db, queue, email) {
      const rows = await db.select({ id: leads.id }).from(leads).where(eq(leads.email, email));
      let deleted = 0;
      for (const { id } of rows) if (await files.erase(db, queue, id)) deleted++;
      return { deleted: { leads: deleted }, kept: [] };
    },
  };
}
