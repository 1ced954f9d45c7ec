import 'server-only';
import { messages } from '@/i18n/messages';
import type { Locale } from '@/i18n/routing';
import { fieldsInOrder, plainValue, type FieldRow } from '@/features/forms/server';
import { formatRemuneration, toCard, toJobRow, type JobRow } from '@/features/jobs/server';
import { officeIntlLocale, officeLocale } from '@/server/office/office-locales';
import { officeT } from '@/server/office/office-t';
import type { JobCard } from '@/features/jobs/schema';
import { JobListing } from '../schema';
import { listingToJobInput } from './postings-service';

// A posting as the recruiter reviews it: the listing's fields in the order of the employer's form,
// each choice in the words the board shows it with, and the job as the board will show it.

/** The listing's fields in the order of the form (stored as jsonb, a listing keeps its keys in an order of its own). */
export const LISTING_ORDER = Object.keys(JobListing.shape);

/**
 * A listing's fields, named and valued in words in the member's language: the board's own words
 * for its choices (board, remote work, candidate location…), amounts as numbers of that language.
 */
export function postingFieldRows(listing: Record<string, unknown>, locale: string): FieldRow[] {
  const t = officeT(locale, 'Postings');
  const jobs = messages[officeLocale(locale)].Jobs;
  const choices: Record<string, Record<string, string>> = {
    dashboard: jobs.dashboards,
    industry: jobs.options.industry,
    remote_allowance: jobs.options.remote_work_allowance,
    candidate_location: jobs.options.candidate_location_allowance,
    contract_type: jobs.options.contract_type,
    work_schedule: jobs.options.work_schedule_type,
    salary_period: jobs.period,
    apply: { site: t('applyWays.site'), link: t('applyWays.link') },
  };
  const number = new Intl.NumberFormat(officeIntlLocale(locale));
  return fieldsInOrder(listing, LISTING_ORDER).map(([k, v]): FieldRow => {
    const label = t.has(`fields.${k}` as never) ? t(`fields.${k}` as never) : k;
    const words = choices[k];
    if (words && typeof v === 'string' && Object.hasOwn(words, v)) return { label, value: words[v]! };
    if ((k === 'salary_min' || k === 'salary_max') && typeof v === 'number') return { label, value: number.format(v) };
    return { label, value: plainValue(v) };
  });
}

/** The job a listing becomes once approved, as its card and page show it in `locale`; undefined for a listing the board would not take. */
export function postingPreview(
  postingId: string,
  listing: Record<string, unknown>,
  locale: Locale,
  now = new Date(),
): { card: JobCard; job: JobRow; remuneration: string | null } | undefined {
  const parsed = JobListing.safeParse(listing);
  if (!parsed.success) return undefined;
  let input;
  try {
    input = listingToJobInput(postingId, parsed.data);
  } catch {
    return undefined;
  }
  const job = { ...toJobRow({ ...input, posted_at: now }, 'preview'), closedAt: null, search: null } as JobRow;
  return { card: toCard(job, locale), job, remuneration: formatRemuneration(job, locale) };
}
