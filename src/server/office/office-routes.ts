import 'server-only';
import { createRouter } from '../api/app-router';
import { officeGate, sameOriginOnly } from './access';
import { accountRoutes } from './account-routes';
import { auditRoutes } from './audit-routes';
import { descriptionPreviewRoutes } from './description-preview-routes';
import { enrolmentRoutes } from './enrolment-routes';
import { createOfficeRouter, type OfficeRouter } from './office-router';
import { signInRoutes } from './sign-in-routes';
import { staffRoutes } from './staff-routes';

// What a feature builds its office routes with (FeatureModule.office).
export { createOfficeRouter, OfficeId, OfficeOk, type OfficeRouter } from './office-router';

/**
 * Everything under /rest/office: the routes before a session (signing in, accepting an
 * invitation, enrolling), then the gate, then the office's own routes and every feature's.
 */
export function officeApi(featureRouters: OfficeRouter[]) {
  const office = createRouter();
  office.route('/', signInRoutes());
  office.route('/', enrolmentRoutes());
  const gated = createOfficeRouter();
  gated.use('*', sameOriginOnly());
  gated.use('*', officeGate());
  for (const router of [accountRoutes(), staffRoutes(), descriptionPreviewRoutes(), auditRoutes(), ...featureRouters])
    gated.route('/', router);
  office.route('/', gated as never);
  return office;
}
