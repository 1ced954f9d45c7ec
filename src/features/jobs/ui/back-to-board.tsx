'use client';

import { localizedPath, type Locale } from '@/i18n/locale-path';
import { IntentLink as Link } from '@/ui/intent-link';
import { useLocationSearch } from '@/ui/use-location-search';
import { boardQuery, pageFromParams, searchFromParams, type Dashboard } from '../search';

/**
 * "Back to the job board" on a job page: back to the search and page the visitor came from, which
 * the board's card link carries in the job page's address. The page itself is cached without
 * them, so the link reads them in the browser (the plain board until then).
 */
export function BackToBoard({ dashboard, locale, label }: { dashboard: Dashboard; locale: Locale; label: string }) {
  const params = new URLSearchParams(useLocationSearch());
  const { page, after } = pageFromParams(params);
  const query = boardQuery(searchFromParams(dashboard, params), page, after);
  return (
    <Link
      href={`${localizedPath(`/jobs/${dashboard}`, locale)}${query ? `?${query}` : ''}`}
      className="text-sm font-semibold text-brand-700 underline underline-offset-4"
    >
      <span aria-hidden="true">← </span>
      {label}
    </Link>
  );
}
