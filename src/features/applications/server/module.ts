import 'server-only';
import type { z } from 'zod';
import type { FeatureModule } from '@/server/features';
import { runOnce } from '@/server/db/run-once';
import { createOfficeRouter } from '@/server/office/office-routes';
import { defineForm, type LeadFiles } from '@/features/forms/server';
import { CvRequest, JobApplicationRequest, type ApplicationRequest } from '../schema';
import { applicantDecision, applicationAcknowledgement, applicationNotification } from './applications-mails';
import { applicantsDashboard } from './applicants-dashboard';
import { applicantsRoutes } from './applicants-routes';
import { applicationsPrivacy } from './applications-privacy';
import { applicationsRoutes } from './applications-routes';
import { eraseLead, readLeadCv, removeExpiredApplications, submitApplication } from './applications-service';
import { addPositionsOnce } from './positions-service';
import { positionsCommand } from './positions-command';
import { officePositionsRoutes } from './office-positions';

function officeRoutes() {
  const r = createOfficeRouter();
  r.route('/', officePositionsRoutes());
  r.route('/', applicantsRoutes());
  return r;
}

/** Job applications and CVs sent on spec, their uploads, and the consultancy's own open positions. */
export const applicationsModule: FeatureModule = {
  name: 'applications',
  routes: applicationsRoutes,
  // The open positions (/office/positions) and the applicant pipeline (/office/applicants).
  office: officeRoutes(),
  dashboard: applicantsDashboard,
  privacy: applicationsPrivacy(),
  mails: [applicationNotification, applicationAcknowledgement, applicantDecision],
  retention: [{ name: 'applications', apply: (db, now) => removeExpiredApplications(db, { now }) }],
  // The launch role goes in once, on every kind of database (it is site content, not demo data);
  // closing it later does not bring it back.
  seed: (database) => runOnce(database.db, 'positions_seeded', () => addPositionsOnce(database.db)).then(() => undefined),
  commands: [positionsCommand],
};

const applicationForm = <R extends ApplicationRequest>(request: z.ZodObject & z.ZodType<R>) =>
  defineForm(request, async ({ db, queue, request: body, ip, now, spam }) => {
    await submitApplication(db, queue, body, { ip, now, spam });
  });

/** The forms of POST /rest/form this feature handles. */
export const applicationForms = [applicationForm(JobApplicationRequest), applicationForm(CvRequest)];

/** For `npm run leads -- cv | delete`: a lead's CV is one of this feature's uploads. */
export const applicationLeadFiles: LeadFiles = { readCv: (db, id) => readLeadCv(db, id), erase: (db, q, id) => eraseLead(db, q, id) };
