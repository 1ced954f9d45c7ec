import 'server-only';
import type { FeatureModule } from '@/server/features';
import { runOnce } from '@/server/db/run-once';
import { env } from '@/server/env';
import { log } from '@/server/log';
import { demoJobs } from './demo-jobs';
import { importJobs } from './import-jobs';
import { jobsImportCommand } from './import-command';
import { jobsRoutes } from './jobs-routes';
import { jobsChanged } from './jobs-changed';
import { jobsEndedWithin } from './jobs-repository';
import { startJobCounter, stopJobCounter } from './job-stats';
import { officeJobsRoutes } from './office-jobs-routes';

/** The remote job board: jobs, their search, feeds and import. */
export const jobsModule: FeatureModule = {
  name: 'jobs',
  routes: jobsRoutes,
  office: officeJobsRoutes(),
  commands: [jobsImportCommand],
  queues: [
    {
      // Jobs past their valid_through leave the cached pages at once, not at the pages' next regeneration.
      name: 'jobs-expiry',
      options: { policy: 'singleton', retryLimit: 0, expireInSeconds: 60 },
      schedule: '* * * * *',
      async work(_data, { database }) {
        if (await jobsEndedWithin(database.db, 120)) await jobsChanged();
      },
    },
  ],
  // Job page views and apply clicks, written every few seconds and at shutdown.
  start: startJobCounter,
  stop: stopJobCounter,
  // The demo jobs go once into a database that never had them (deleting them later does not bring them back).
  async seed(database) {
    if (!env().DEMO_DATA) return;
    const summary = await runOnce(database.db, 'demo_data_loaded', () => importJobs(database.db, demoJobs()));
    if (summary) log().info({ jobs: summary.added }, 'demo data loaded');
  },
};
