import 'server-only';
import type { FeatureModule } from '@/server/features';
import { accountExists, signUpCode } from './accounts-mails';
import { accountsRoutes } from './accounts-routes';
import { removeUnconfirmedSignUps } from './accounts-service';

/** Free-trial sign-up: unconfirmed users of the external application, confirmed by a mailed code or link. */
export const accountsModule: FeatureModule = {
  name: 'accounts',
  routes: accountsRoutes,
  mails: [signUpCode, accountExists],
  retention: [{ name: 'unconfirmedUsers', apply: (db, now) => removeUnconfirmedSignUps(db, now) }],
};
