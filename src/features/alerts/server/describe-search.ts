import 'server-only';
import { filterNames, type JobSearch } from '@/features/jobs/schema';
import { boardFilterOptions } from '@/features/jobs/server';
import { messages } from '@/i18n/messages';
import type { Locale } from '@/i18n/routing';

/** Quotes inside the quotes the alert messages put around a search (“…” in English, «…» in Spanish…). */
const INNER_QUOTES: Record<Locale, [string, string]> = {
  en: ['‘', '’'],
  es: ['“', '”'],
  fr: ['“', '”'],
  de: ['‚', '‘'],
  it: ['“', '”'],
};

/** The search in words, for mails and the manage page: "Frontend jobs · ‘react’ · Fully remote". */
export function describeSearch(search: JobSearch, locale: Locale): string {
  const jobs = messages[locale].Jobs;
  // The salary ranges as the board shows them: in its currency, with its limits converted.
  const options = boardFilterOptions(locale, search.dashboard, jobs.options);
  const parts: string[] = [jobs.dashboards[search.dashboard]];
  // The mails quote the whole description: the words typed take the language's inner quotes.
  if (search.queryText) parts.push(`${INNER_QUOTES[locale][0]}${search.queryText}${INNER_QUOTES[locale][1]}`);
  for (const name of filterNames) {
    const value = search.filters[name];
    if (value) parts.push((options[name] as Record<string, string>)[value]!);
  }
  return parts.join(' · ');
}
