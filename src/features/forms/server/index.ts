import 'server-only';

// The forms kernel's public entry for other features' server code (checked by lint,
// eslint.config.mjs): declaring a form, keeping what it sent as a lead with its mails, and the
// leads' part of the office (the recruiters' applicants are leads too).
export {
  applicantLeadsByStatus,
  applicantLeadsPage,
  applicantLeadTargets,
  countApplicantLeads,
  findApplicantLead,
  moveApplicantLead,
  moveApplicantLeads,
  type ApplicantLeadFilter,
} from './applicant-leads';
export { addNoteToLead, leadIdsOfEmail, notesOfLead } from './leads-repository';
export { defineForm } from './form-kinds';
export { queueFor, type JobSender } from './held-jobs';
export { salesLead } from './inbox';
export { weeklyLeadsOf } from './inbox-dashboard';
export { leadListRoute, leadRecordRoutes } from './lead-desk-routes';
export { spamExpiredBefore } from './lead-retention';
export type { LeadFiles, SpamFolder } from './leads-command';
export type { Lead } from './leads-table';
export { LEAD_WEBHOOK_QUEUE, webhookKey } from './leads-webhook';
export { leadNotification } from './notification-mail';
export {
  consentRecord,
  forgetLeads,
  forgetLeadsOf,
  holdJobs,
  leadExists,
  limitFormSender,
  recordLead,
  removeLeadsBefore,
  sendHeldOnConfirmation,
  storeLead,
  type LeadKind,
} from './submissions';
export { fieldsInOrder, mailFields, plainValue, type FieldRow } from './field-rows';
export { choiceWord } from './lead-words';
