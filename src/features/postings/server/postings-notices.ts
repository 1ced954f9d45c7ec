import 'server-only';
import type { Db } from '@/server/db';
import { enqueueMail } from '@/server/mail/mail';
import type { Queue } from '@/server/queue/queue';
import type { Locale } from '@/i18n/routing';
import { postingExpiring } from './postings-mails';
import { findEndingPostings, updatePosting } from './postings-repository';
import { longDate, pageUrl } from './postings-links';
import { NOTICE_DAYS } from './postings-state';

/**
 * Mails each employer whose listing ends within NOTICE_DAYS, once per end date, with a link to
 * renew it in one press. `now` is a parameter so the notice can be tried at any date.
 */
export async function sendExpiryNotices(db: Db, queue: Queue, now = new Date()): Promise<number> {
  const ending = await findEndingPostings(db, now, NOTICE_DAYS);
  for (const posting of ending) {
    await db.transaction(async (tx) => {
      await updatePosting(tx, posting.id, { noticeFor: posting.validThrough });
      const locale = posting.locale as Locale;
      const listing = posting.listing ?? posting.draft;
      await enqueueMail(
        queue,
        {
          key: `job-post-expiring:${posting.id}:${posting.validThrough.toISOString()}`,
          to: posting.email,
          locale,
          template: postingExpiring,
          props: {
            name: posting.contactName,
            position: listing?.position ?? posting.company,
            pageUrl: pageUrl(posting),
            renewUrl: pageUrl(posting, '?renew=1'),
            until: longDate(posting.validThrough, locale),
          },
        },
        { tx },
      );
    });
  }
  return ending.length;
}
