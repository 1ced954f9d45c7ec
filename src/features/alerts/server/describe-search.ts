import 'server-only';
import { filterNames, type JobSearch } from '@/features/jobs/schema';
import { messages } from '@/i18n/messages';
import type { Locale } from '@/i18n/routing';

/** The search in words, for mails and the manage page: "Frontend jobs · “react” · Fully remote". */
export function describeSearch(search: JobSearch, locale: Locale): string {
  const jobs = messages[locale].Jobs;
  const parts: string[] = [jobs.dashboards[search.dashboard]];
  if (search.queryText) parts.push(`“${search.queryText}”`);
  for (const name of filterNames) {
    const value = search.filters[name];
    if (value) parts.push((jobs.options[name] as Record<string, string>)[value]!);
  }
  return parts.join(' · ');
}
