import 'server-only';
import type { Db } from '@/server/db';
import type { FeatureModule } from '@/server/features';
import { leadNotification } from './notification-mail';
import type { FormKind } from './form-kinds';
import { formsRoutes } from './forms-routes';
import { inboxRoutes } from './inbox-routes';
import { inboxDashboard } from './inbox-dashboard';
import { isSalesKind, leadsOfPerson } from './inbox';
import { leadsCommand, type LeadFiles, type SpamFolder } from './leads-command';
import { removeExpiredLeads, removeExpiredSpam } from './lead-retention';
import { deliverWebhook, LEAD_WEBHOOK_QUEUE } from './leads-webhook';
import { removeOldReceipts } from './receipts';
import { spamCount } from './spam-folder';
import { formsPrivacy } from './forms-privacy';

let installedSpamFolders: readonly SpamFolder[] = [];

/** The other features' spam folders the composition root handed the kernel (for the office's spam page). */
export function spamFolders(): readonly SpamFolder[] {
  return installedSpamFolders;
}

/** How many suspected forms a role finds in the spam folder (the office's menu shows it). */
export const spamFolderCount = (db: Db, role: string) => spamCount(db, installedSpamFolders, role);

/**
 * The forms kernel: POST /rest/form for every kind of form the features declare, the leads every
 * form is kept as, the notification to sales, the CRM webhook, the leads' retention, the receipts
 * that answer a form sent twice once, and `npm run leads` (with the lead files and the other spam
 * folders the features hand it).
 */
export function formsModule(kinds: readonly FormKind[], operator: { files: LeadFiles; spamFolders: readonly SpamFolder[] }): FeatureModule {
  installedSpamFolders = operator.spamFolders;
  return {
    name: 'forms',
    routes: formsRoutes(kinds),
    office: inboxRoutes(operator.spamFolders),
    dashboard: inboxDashboard(operator.spamFolders),
    personRecords: async (db, email) =>
      (await leadsOfPerson(db, email)).map((l) => ({
        kind: l.type,
        id: l.id,
        at: l.createdAt,
        state: l.status,
        officePath: isSalesKind(l.type)
          ? `/office/leads/${l.id}`
          : l.type === 'job_application' || l.type === 'cv'
            ? `/office/applicants/${l.id}`
            : undefined,
      })),
    privacy: formsPrivacy(operator.files),
    mails: [leadNotification],
    queues: [
      {
        name: LEAD_WEBHOOK_QUEUE,
        options: { retryLimit: 12, retryBackoff: true, expireInSeconds: 60, retentionDays: 14 },
        work: (data) => deliverWebhook(data),
      },
    ],
    retention: [
      { name: 'leads', apply: (db, now) => removeExpiredLeads(db, now) },
      { name: 'spamLeads', apply: (db, now) => removeExpiredSpam(db, now) },
      { name: 'form-receipts', apply: (db, now) => removeOldReceipts(db, now) },
    ],
    commands: [leadsCommand(operator)],
  };
}
