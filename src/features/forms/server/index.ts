import 'server-only';

// The forms kernel's public entry for other features' server code (checked by lint,
// eslint.config.mjs): declaring a form, keeping what it sent as a lead with its mails, and the
// leads' part of the office.
export { defineForm } from './form-kinds';
export { queueFor, type JobSender } from './held-jobs';
export { salesLead } from './inbox';
export { weeklyLeadsOf } from './inbox-dashboard';
export { leadListRoute, leadRecordRoutes } from './lead-desk-routes';
export { leadListPage, leadListWhere, type LeadListFilter } from './lead-list';
export { consentRecord, forgetLeadsOf, holdJobs, limitFormSender, recordLead, sendHeldOnConfirmation, type LeadKind } from './submissions';
export { fieldsInOrder, mailFields, plainValue, type FieldRow } from './field-rows';
export { choiceWord } from './lead-words';
