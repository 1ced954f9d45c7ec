'use client';

import { useOfficeT } from '../../_ui/t';

/** About what search engines show of a title and a description before they cut it. */
const TITLE_SHOWN = 60;
const DESCRIPTION_SHOWN = 155;

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

/**
 * The copy's title and description as a search result shows them, with their lengths: what a
 * search engine cuts is cut here too, so the editor sees it before publishing.
 */
export function SearchPreview({
  meta,
  url,
  siteName,
  locale,
}: {
  meta: { title?: unknown; description?: unknown };
  url: string;
  siteName: string;
  locale: string;
}) {
  const t = useOfficeT('Content');
  const title = `${typeof meta.title === 'string' ? meta.title : ''} | ${siteName}`;
  const description = typeof meta.description === 'string' ? meta.description : '';
  const count = (n: number, max: number) => (n > max ? 'text-orange-900 font-semibold' : 'text-muted');
  return (
    <section aria-labelledby="search-preview" className="grid gap-2 rounded-lg border border-gray-200 bg-white p-4">
      <h2 id="search-preview" className="text-sm font-semibold">
        {t('searchPreview')}
      </h2>
      <div lang={locale} className="grid gap-0.5">
        <p className="truncate text-xs text-gray-700">{url}</p>
        <p className="text-lg leading-snug text-blue-800">{cut(title, TITLE_SHOWN)}</p>
        <p className="text-sm text-gray-700">{cut(description, DESCRIPTION_SHOWN)}</p>
      </div>
      <p className={`text-xs ${count(title.length, TITLE_SHOWN)}`}>{t('searchTitleLength', { count: title.length, shown: TITLE_SHOWN })}</p>
      <p className={`text-xs ${count(description.length, DESCRIPTION_SHOWN)}`}>
        {t('searchDescriptionLength', { count: description.length, shown: DESCRIPTION_SHOWN })}
      </p>
    </section>
  );
}
