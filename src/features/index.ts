import 'server-only';
import { installFeatures, type FeatureModule } from '@/server/features';
import { accountsModule } from './accounts/server/module';
import { alertsModule } from './alerts/server/module';
import { applicationForms, applicationsModule } from './applications/server/module';
import { courseForms, coursesModule } from './courses/server/module';
import { formsModule } from './forms/server/module';
import { jobsModule } from './jobs/server/module';
import { leadForms, leadsModule } from './leads/server/module';

/**
 * The application's features: the one place that names them all. The server reads this list
 * (routes under /rest in this order, mails, queues and ticks, retention rules, seeds); importing
 * this module installs it. A new feature is its folder plus one line here (docs/architecture.md).
 */
export const features: readonly FeatureModule[] = [
  jobsModule,
  alertsModule,
  // POST /rest/form: each feature's forms, handed to the forms kernel.
  formsModule([...leadForms, ...applicationForms, ...courseForms]),
  leadsModule,
  applicationsModule,
  accountsModule,
  coursesModule,
];

installFeatures(features);
