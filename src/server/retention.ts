import 'server-only';
import type { Db } from './db';
import { features } from './features';
import { log } from './log';
import { officeRetention } from './office/office-retention';

/**
 * Every period the privacy policy states, applied by the hourly retention job. Each feature owns
 * its rules (FeatureModule.retention): applications and CVs (CV_RETENTION_DAYS), requests and
 * trial leads (two years), unconfirmed sign-ups (a day past their code), course registrations and
 * orders (six years). Answers what each rule removed, by the rule's name.
 */
/** A rule's answer names something removed: a count above 0, or an object holding one. */
function removedSomething(value: unknown): boolean {
  if (typeof value === 'number') return value > 0;
  return !!value && typeof value === 'object' && Object.values(value).some(removedSomething);
}

export async function applyRetention(db: Db, now = new Date()): Promise<Record<string, unknown>> {
  // Each rule on its own: a storage outage that stops the CV clean-up must not stop the others.
  // A failed rule is logged and the job fails, so the queue tries it again.
  const failures: unknown[] = [];
  const removed: Record<string, unknown> = {};
  for (const rule of [...officeRetention, ...features().flatMap((f) => f.retention ?? [])]) {
    try {
      removed[rule.name] = await rule.apply(db, now);
    } catch (err) {
      log().error({ err, rule: rule.name }, 'retention rule failed');
      failures.push(err);
    }
  }
  if (Object.values(removed).some(removedSomething)) log().info({ removed }, 'personal data past its retention removed');
  if (failures.length) throw failures[0];
  return removed;
}
