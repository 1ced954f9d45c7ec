import 'server-only';
import type { FeatureModule } from '@/server/features';
import { defineForm } from '@/features/forms/server';
import { rateLimit } from '@/server/rate-limit';
import { PrivacyRequestRequest } from '../schema';
import { privacyConfirm, privacyCopyReady, privacyErased } from './privacy-mails';
import { privacyOfficeRoutes } from './privacy-office-routes';
import { countOpenRequests } from './privacy-repository';
import { privacyRoutes } from './privacy-routes';
import { applyPrivacyRetention } from './privacy-retention';
import { carryOutRequest, openPrivacyRequest, PRIVACY_QUEUE } from './privacy-service';

/**
 * Privacy requests (GDPR articles 15, 17 and 20): a person asks for a copy or the erasure of what
 * the site keeps with their address, confirms by mail, and the queue does the rest through every
 * feature's `privacy` part. The office (admins) follows them and opens them for people who wrote in.
 */
export const privacyModule: FeatureModule = {
  name: 'privacy',
  routes: privacyRoutes,
  office: privacyOfficeRoutes(),
  // A confirmed request the queue has not answered is one whose job keeps failing: an admin should look.
  dashboard: { waiting: [{ key: 'privacyRequests', roles: ['admin'], href: '/office/privacy', count: countOpenRequests }] },
  mails: [privacyConfirm, privacyCopyReady, privacyErased],
  queues: [
    {
      name: PRIVACY_QUEUE,
      // A storage or database outage is retried for about a day, as mail is.
      options: { retryLimit: 12, retryBackoff: true, expireInSeconds: 600, retentionDays: 14 },
      work: (data, { database, queue }) => carryOutRequest(database.db, queue, data),
    },
  ],
  retention: [{ name: 'privacyRequests', apply: (db, now) => applyPrivacyRetention(db, now) }],
};

/**
 * The form of POST /rest/form this feature handles. A form sent too fast is treated as any other:
 * it only mails the address its link, which is what protects the address anyway. Its limits are
 * the other forms' (5 per client address in 10 minutes, 3 per address in an hour) in buckets of
 * their own, so someone who has just sent a few forms can still ask what became of them.
 */
export const privacyForms = [
  defineForm(PrivacyRequestRequest, async ({ db, queue, request, ip }) => {
    await rateLimit('privacy-ip', ip, 5, 600);
    await rateLimit('privacy-email', request.form.email.toLowerCase(), 3, 3600);
    await openPrivacyRequest(db, queue, { ...request.form, locale: request.context.locale }, { actor: null, ip });
  }),
];
