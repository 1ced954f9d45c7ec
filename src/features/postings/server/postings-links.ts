import 'server-only';
import { env } from '@/server/env';
import { idOfToken, signedToken } from '@/server/signed-token';
import { localizedPath, type Locale } from '@/i18n/routing';
import type { JobRow } from '@/features/jobs/server';
import type { JobPosting } from './postings-table';

// What the postings' mails and pages link to: the employer's private page (by a signed token) and
// the job on the board; and the dates the mails name.

const TOKEN_PURPOSE = 'job-posting';

const postingToken = (id: string) => signedToken(TOKEN_PURPOSE, id);

/** The posting a private page's token names, or null for a token that is not ours. */
export const postingIdOf = (token: string) => idOfToken(TOKEN_PURPOSE, token);

export function pageUrl(posting: Pick<JobPosting, 'id' | 'locale'>, query = ''): string {
  return `${env().PUBLIC_URL}${localizedPath(`/jobs/post/${postingToken(posting.id)}`, posting.locale as Locale)}${query}`;
}

export function jobPath(job: Pick<JobRow, 'id' | 'dashboards'>, locale: Locale): string {
  return localizedPath(`/jobs/${job.dashboards[0] ?? 'all'}/specs/${job.id}`, locale);
}

export const longDate = (date: Date, locale: Locale) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
