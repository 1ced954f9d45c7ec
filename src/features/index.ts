import 'server-only';
import { installFeatures, type FeatureModule } from '@/server/features';
import { accountsModule } from './accounts/server/module';
import { alertsModule } from './alerts/server/module';
import { applicationForms, applicationLeadFiles, applicationsModule } from './applications/server/module';
import { registrationsSpamFolder } from './courses/server/courses-command';
import { courseForms, coursesModule } from './courses/server/module';
import { formsModule } from './forms/server/module';
import { jobsModule } from './jobs/server/module';
import { leadForms, leadsModule } from './leads/server/module';
import { pagesModule } from './pages/server/module';
import { postingForms, postingsModule } from './postings/server/module';
import { privacyForms, privacyModule } from './privacy/server/module';

/**
 * The application's features: the one place that names them all. The server reads this list
 * (routes under /rest in this order, mails, queues and ticks, retention rules, seeds, operator
 * commands); importing this module installs it. A new feature is its folder plus one line here
 * (docs/architecture.md).
 */
export const features: readonly FeatureModule[] = [
  jobsModule,
  alertsModule,
  // POST /rest/form: each feature's forms, handed to the forms kernel; `npm run leads` reads CVs
  // through applications and shows the course registrations suspected of spam with the leads.
  formsModule([...leadForms, ...applicationForms, ...courseForms, ...postingForms, ...privacyForms], {
    files: applicationLeadFiles,
    spamFolders: [registrationsSpamFolder],
  }),
  leadsModule,
  applicationsModule,
  accountsModule,
  coursesModule,
  postingsModule,
  pagesModule,
  // Last: a copy or an erasure goes through every feature's `privacy` part above.
  privacyModule,
];

installFeatures(features);
