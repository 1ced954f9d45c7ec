import Link from 'next/link';
import { listPageCopy, editablePages, PageCopyListQuery, TRANSLATION_STATES, type TranslationState } from '@/features/pages/server/page-copy';
import { routing } from '@/i18n/routing';
import { database } from '@/server/db';
import { OFFICE_LANGUAGE_NAMES } from '@/server/office/office-locales';
import { officeT } from '@/server/office/office-t';
import { officePage } from '@/server/office/pages';
import { officeDate } from '../_ui/format';
import { ListFilters } from '../_ui/list-filters';
import { listQuery } from '../_ui/list-query';
import { OfficeShell } from '../_ui/office-shell';

export const metadata = { title: 'Site content' };

const stateClass: Record<TranslationState, string> = {
  source: 'sr-only',
  missing: 'rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-900',
  outdated: 'rounded-full bg-orange-100 px-2 py-0.5 text-xs font-semibold text-orange-950',
  current: 'sr-only',
};

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * Every editable page, with per language whether it has a draft, when it was last published and
 * how its translation stands against the English; `?state=outdated` shows only those in one state.
 */
export default async function ContentPage({ searchParams }: Props) {
  const staff = await officePage('/office/content');
  const t = officeT(staff.locale, 'Content');
  const list = await listQuery(searchParams, PageCopyListQuery, '/office/content');
  const rows = await listPageCopy((await database()).db, list.query);
  const state = new Map(rows.map((r) => [`${r.page}/${r.locale}`, r]));
  const pages = editablePages.filter((page) => routing.locales.some((locale) => state.has(`${page}/${locale}`)));
  return (
    <OfficeShell staff={staff} current="/office/content" title={t('title')}>
      <p className="max-w-3xl text-sm text-muted">{t('hint')}</p>
      <ListFilters
        list={list}
        t={t}
        fields={[{ name: 'state', label: t('translation'), options: TRANSLATION_STATES.map((s) => ({ value: s, label: t(`states.${s}`) })) }]}
        columns="sm:grid-cols-[minmax(0,20rem)_auto]"
      />
      {pages.length === 0 ? <p className="text-sm text-muted">{t('noneInState')}</p> : null}
      <ul className="grid gap-4">
        {pages.map((page) => (
          <li key={page} className="rounded-lg border border-gray-200 bg-white p-4">
            <h2 id={`page-${page}`} className="text-lg font-semibold">
              {t(`pages.${page}`)}
            </h2>
            <ul aria-labelledby={`page-${page}`} className="mt-3 grid gap-2 sm:grid-cols-2 lg:grid-cols-5">
              {routing.locales.flatMap((locale) => {
                const s = state.get(`${page}/${locale}`);
                if (!s) return [];
                return [
                  <li key={locale}>
                    <Link
                      href={`/office/content/${page}?locale=${locale}`}
                      className="flex h-full flex-wrap items-baseline justify-between gap-x-3 gap-y-1 rounded-md border border-gray-200 px-3 py-2 text-sm hover:border-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-700 sm:grid sm:content-start sm:p-3"
                    >
                      <span className="flex items-center gap-2 font-semibold text-brand-700 sm:justify-between">
                        {OFFICE_LANGUAGE_NAMES[locale]}
                        {s.hasDraft ? (
                          <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">{t('draft')}</span>
                        ) : (
                          <span className="sr-only">{t('noDraft')}</span>
                        )}
                      </span>
                      <span className={stateClass[s.translation]}>{t(`states.${s.translation}`)}</span>
                      {s.publishedAt ? (
                        <span className="text-xs text-muted sm:text-sm">
                          {s.publishedBy
                            ? t('publishedBy', { date: officeDate(s.publishedAt, staff.locale), name: s.publishedBy })
                            : `${t('published', { date: officeDate(s.publishedAt, staff.locale) })} (${t('release')})`}
                        </span>
                      ) : null}
                    </Link>
                  </li>,
                ];
              })}
            </ul>
          </li>
        ))}
      </ul>
    </OfficeShell>
  );
}
