import 'server-only';
import type { FeatureModule } from '@/server/features';
import { defineForm } from '@/features/forms/server';
import { JobPostRequest } from '../schema';
import { postingsCommand } from './postings-command';
import { postingMails } from './postings-mails';
import { countPendingPostings, deleteStalePostings, findPostingsByEmail } from './postings-repository';
import { officePostingsRoutes, postingsRoutes } from './postings-routes';
import { submitPosting } from './postings-employer';
import { sendExpiryNotices } from './postings-notices';
import { postingsPrivacy } from './postings-privacy';

const recruiters = ['recruiting', 'admin'] as const;

/** Jobs posted by employers: the form, the address confirmed by mail, review in the office, expiry and renewal. */
export const postingsModule: FeatureModule = {
  name: 'postings',
  routes: postingsRoutes,
  office: officePostingsRoutes(),
  mails: postingMails,
  queues: [
    {
      name: 'job-post-notices',
      // A tick that fails is the next one's work; each notice is queued once per end date.
      options: { policy: 'singleton', retryLimit: 0, expireInSeconds: 600 },
      schedule: '7 * * * *',
      async work(_data, { database, queue }) {
        await sendExpiryNotices(database.db, queue);
      },
    },
  ],
  commands: [postingsCommand],
  privacy: postingsPrivacy,
  retention: [{ name: 'jobPostings', apply: (db, now) => deleteStalePostings(db, now) }],
  dashboard: {
    waiting: [{ key: 'postingsToReview', roles: recruiters, href: '/office/postings', count: countPendingPostings }],
  },
  async personRecords(db, email) {
    const rows = await findPostingsByEmail(db, email);
    return rows.map((p) => ({ kind: 'job_posting', id: p.id, at: p.createdAt, state: p.state, officePath: `/office/postings/${p.id}` }));
  },
};

/** The form of POST /rest/form this feature handles. */
export const postingForms = [
  defineForm(JobPostRequest, async ({ db, queue, request, ip, now, spam }) => {
    await submitPosting(db, queue, request, { ip, now, spam });
  }),
];
