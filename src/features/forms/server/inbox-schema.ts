import { z } from 'zod';
import { LEAD_STATUSES } from './lead-statuses';

// The inbox's filters and the lead page's forms: one schema each, for the office's forms and the API.

/** What sales work in the inbox; applications and CVs belong to the recruiters (decision 032). */
export const SALES_KINDS = ['contact', 'callback', 'demo', 'feedback', 'quote', 'trial', 'course_application'] as const;
export type SalesKind = (typeof SALES_KINDS)[number];

export const InboxQuery = z.object({
  /** Only a kind sales work: any other (an application, a CV) is refused, whatever the role. */
  kind: z.enum(SALES_KINDS).optional(),
  status: z.enum(LEAD_STATUSES).optional(),
  assignee: z
    .string()
    .regex(/^[\w-]{1,64}$/)
    .optional(),
  locale: z.enum(['en', 'es', 'fr', 'de', 'it']).optional(),
  source: z.string().max(100).optional(),
  campaign: z.string().max(100).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  q: z.string().trim().max(100).optional(),
  after: z.string().max(120).optional(),
});

export const LeadChangeBody = z
  .strictObject({
    status: z.enum(LEAD_STATUSES).optional(),
    lostReason: z.string().trim().max(500).optional(),
    assigneeId: z
      .string()
      .regex(/^[\w-]{1,64}$/)
      .nullable()
      .optional(),
  })
  .refine((b) => b.status !== undefined || b.assigneeId !== undefined, 'required');

export const LeadNoteBody = z.strictObject({ body: z.string().trim().min(1, 'required').max(5000) });
