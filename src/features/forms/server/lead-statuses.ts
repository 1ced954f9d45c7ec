/** Where sales are with a lead: new → contacted → qualified → won, or lost (with a reason). */
export const LEAD_STATUSES = ['new', 'contacted', 'qualified', 'won', 'lost'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
