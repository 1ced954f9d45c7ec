import 'server-only';
import type { FeatureModule } from '@/server/features';
import { seedCaseStudies } from './case-studies';
import { seedPageCopy } from './page-copy';
import { PAGE_COPY_PUBLISH, publishScheduled } from './page-copy-schedule';
import { pageCopyRoutes } from './page-copy-routes';

/** The marketing and legal pages' copy: its content files, and the copy the office publishes over them. */
export const pagesModule: FeatureModule = {
  name: 'pages',
  // The content section (/office/content): drafts, publishing and history per page and locale.
  office: pageCopyRoutes(),
  // At every start: the content files fill the pages no member has published (decision 064).
  seed: async (database) => {
    await seedPageCopy(database.db);
    await seedCaseStudies(database.db);
  },
  queues: [
    {
      // A draft scheduled for a time (schedulePublish); a failure is tried again twice.
      name: PAGE_COPY_PUBLISH,
      options: { retryLimit: 2 },
      work: (data, { database }) => publishScheduled(database.db, data),
    },
  ],
};
