import 'server-only';
import type { Db } from './db';
import { log } from './log';
import { removeUnconfirmedSignUps } from '@/features/accounts/server/accounts-service';
import { removeExpiredApplications } from '@/features/applications/server/applications-service';
import { removeOldCourseRecords } from '@/features/courses/server/courses-service';
import { removeExpiredLeads } from '@/features/leads/server/leads-service';

/**
 * Every period the privacy policy states, applied by the hourly retention job: applications and
 * CVs (CV_RETENTION_DAYS), requests and trial leads (two years), unconfirmed sign-ups (a day past
 * their code), course registrations and orders (six years). Each feature owns its rule.
 */
export async function applyRetention(db: Db, now = new Date()) {
  const applications = await removeExpiredApplications(db, { now });
  const leads = await removeExpiredLeads(db, now);
  const unconfirmedUsers = await removeUnconfirmedSignUps(db, now);
  const courseRecords = await removeOldCourseRecords(db, now);
  if (leads || unconfirmedUsers || courseRecords.orders || courseRecords.registrations) log().info({ leads, unconfirmedUsers, ...courseRecords }, 'personal data past its retention removed');
  return { applications, leads, unconfirmedUsers, courseRecords };
}
