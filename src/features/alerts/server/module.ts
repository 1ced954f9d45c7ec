import 'server-only';
import type { FeatureModule } from '@/server/features';
import { alertConfirm, alertDigest } from './alerts-mails';
import { alertsCommand } from './alerts-command';
import { alertsRoutes } from './alerts-routes';
import { removeStalePending, sendDueDigests } from './digests-service';
import { isNotNull } from 'drizzle-orm';
import { weeklyCounts } from '@/server/office/dashboard';
import { alertSubscriptions } from './alerts-table';
import { alertsPrivacy } from './alerts-privacy';

const alertRoles = ['recruiting', 'sales', 'admin'] as const;

/** Every 15 minutes: job alert digests that are due, and clean-up of unconfirmed alerts. */
const ALERTS_TICK = 'alerts-tick';

/** Job alerts: a search mailed as a digest of its new jobs. */
export const alertsModule: FeatureModule = {
  name: 'alerts',
  routes: alertsRoutes,
  mails: [alertConfirm, alertDigest],
  queues: [
    {
      name: ALERTS_TICK,
      // A tick that fails is simply the next tick's work: no retries pile up.
      options: { policy: 'singleton', retryLimit: 0, expireInSeconds: 600 },
      schedule: '*/15 * * * *',
      async work(_data, { database, queue }) {
        await removeStalePending(database.db);
        await sendDueDigests(database.db, queue);
      },
    },
  ],
  commands: [alertsCommand],
  privacy: alertsPrivacy,
  dashboard: {
    series: [
      {
        key: 'alertsAsked',
        roles: alertRoles,
        weekly: (db, since) => weeklyCounts(db, alertSubscriptions, alertSubscriptions.createdAt, since),
      },
      {
        key: 'alertsConfirmed',
        roles: alertRoles,
        weekly: (db, since) =>
          weeklyCounts(db, alertSubscriptions, alertSubscriptions.confirmedAt, since, isNotNull(alertSubscriptions.confirmedAt)),
      },
    ],
  },
};
