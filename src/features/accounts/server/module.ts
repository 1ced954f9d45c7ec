import 'server-only';
import type { FeatureModule } from '@/server/features';
import { accountExists, signUpCode } from './accounts-mails';
import { accountsRoutes } from './accounts-routes';
import { removeUnconfirmedSignUps } from './accounts-service';
import { eq } from 'drizzle-orm';
import { weeklyCounts } from '@/server/office/dashboard';
import { weeklyLeadsOf } from '@/features/forms/server';
import { authUser } from './auth-tables';
import { accountsPrivacy } from './accounts-privacy';

const trialRoles = ['sales', 'admin'] as const;

/** Free-trial sign-up: unconfirmed users of the external application, confirmed by a mailed code or link. */
export const accountsModule: FeatureModule = {
  name: 'accounts',
  routes: accountsRoutes,
  mails: [signUpCode, accountExists],
  privacy: accountsPrivacy,
  retention: [{ name: 'unconfirmedUsers', apply: (db, now) => removeUnconfirmedSignUps(db, now) }],
  dashboard: {
    series: [
      // Every sign-up is kept as a trial lead; a confirmed one is a verified user (by the week it was made).
      {
        key: 'trialsStarted',
        roles: trialRoles,
        weekly: weeklyLeadsOf('trial'),
      },
      {
        key: 'trialsConfirmed',
        roles: trialRoles,
        weekly: (db, since) => weeklyCounts(db, authUser, authUser.createdAt, since, eq(authUser.emailVerified, true)),
      },
    ],
  },
};
