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
  // Each rule on its own: a storage outage that stops the CV clean-up must not stop the others.
  // A failed rule is logged and the job fails, so the queue tries it again.
  const failures: unknown[] = [];
  const run = async <T>(name: string, rule: () => Promise<T>): Promise<T | undefined> => {
    try {
      return await rule();
    } catch (err) {
      log().error({ err, rule: name }, 'retention rule failed');
      failures.push(err);
      return undefined;
    }
  };
  const applications = await run('applications', () => removeExpiredApplications(db, { now }));
  const leads = await run('leads', () => removeExpiredLeads(db, now));
  const unconfirmedUsers = await run('unconfirmed sign-ups', () => removeUnconfirmedSignUps(db, now));
  const courseRecords = await run('course records', () => removeOldCourseRecords(db, now));
  if (leads || unconfirmedUsers || courseRecords?.orders || courseRecords?.registrations) log().info({ leads, unconfirmedUsers, ...courseRecords }, 'personal data past its retention removed');
  if (failures.length) throw failures[0];
  return { applications, leads, unconfirmedUsers, courseRecords };
}
