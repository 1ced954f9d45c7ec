import 'server-only';
import type { DbOrTx } from '@/server/db';
import { removeLeadsBefore, type LeadKind } from './submissions';

const DAY_MS = 24 * 3600 * 1000;

/** The privacy policy's period for requests and trial sign-ups: "up to two years". */
const LEAD_RETENTION_DAYS = 730;

/** Forms suspected of spam that staff did not release are deleted after this many days (decision 030). */
const SPAM_RETENTION_DAYS = 30;

/** Before this moment, suspected spam is past its retention. */
export const spamExpiredBefore = (now: Date) => new Date(now.getTime() - SPAM_RETENTION_DAYS * DAY_MS);

// Every kind says how long it is kept, so a kind added later cannot be kept forever by omission
// (the compiler asks for it here). Applications and CVs go after CV_RETENTION_DAYS with their files;
// course registrations, orders and released seats are the courses feature's records, kept and
// deleted with them (the sales mail names them as leads).
const RETENTION: Record<LeadKind, 'two_years' | 'own_period'> = {
  contact: 'two_years',
  callback: 'two_years',
  demo: 'two_years',
  feedback: 'two_years',
  quote: 'two_years',
  trial: 'two_years',
  job_application: 'own_period',
  cv: 'own_period',
  course_application: 'own_period',
  course_order: 'own_period',
  course_release: 'own_period',
};
const TWO_YEAR_KINDS = (Object.keys(RETENTION) as LeadKind[]).filter((kind) => RETENTION[kind] === 'two_years');

/**
 * Deletes contact, call-back, demo, quote, feedback and trial leads suspected of spam older than
 * SPAM_RETENTION_DAYS (applications and CVs go with their files, by their own rule).
 */
export function removeExpiredSpam(db: DbOrTx, now = new Date()): Promise<number> {
  return removeLeadsBefore(db, TWO_YEAR_KINDS, spamExpiredBefore(now), async () => {}, { spamOnly: true });
}

/** Deletes contact, call-back, demo, quote, feedback and trial leads older than LEAD_RETENTION_DAYS. */
export function removeExpiredLeads(db: DbOrTx, now = new Date()): Promise<number> {
  return removeLeadsBefore(db, TWO_YEAR_KINDS, new Date(now.getTime() - LEAD_RETENTION_DAYS * DAY_MS), async () => {});
}
