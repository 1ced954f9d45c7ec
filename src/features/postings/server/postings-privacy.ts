import 'server-only';
import { eq } from 'drizzle-orm';
import type { PrivacyContribution } from '@/server/features';
import { findPostingsByEmail } from './postings-repository';
import { jobPostings } from './postings-table';

/**
 * Employer postings' part in a privacy request: the postings sent from the address (contact name,
 * company, the job as sent and as reviewed). An erasure deletes them; a job they put on the board
 * stays there, as it does when retention deletes a posting, since it holds no contact's details.
 */
export const postingsPrivacy: PrivacyContribution = {
  async collect(db, email) {
    return { records: { job_postings: await findPostingsByEmail(db, email) }, files: [] };
  },
  async erase(db, _queue, email) {
    const rows = await db.delete(jobPostings).where(eq(jobPostings.email, email)).returning({ id: jobPostings.id });
    return { deleted: { job_postings: rows.length }, kept: [] };
  },
};
