import Link from 'next/link';
import {
  listPageCopy,
  editablePages,
  PageCopyListQuery,
  TRANSLATION_STATES,
  type PageCopyState,
  type TranslationState,
} from '@/features/pages/server/page-copy';
import { caseStudyPath } from '@/features/pages/case-study-paths';
import { caseStudyKey } from '@/features/pages/copy-keys';
import { caseStudiesIn, listCaseStudyRecords } from '@/features/pages/server/case-studies';
import type { Db } from '@/server/db';
import { routing } from '@/i18n/routing';
import { database } from '@/server/db';
import { OFFICE_LANGUAGE_NAMES, type OfficeLocale } from '@/server/office/office-locales';
import { officeT } from '@/server/office/office-t';
import { officePage } from '@/server/office/pages';
import { officeDate } from '../_ui/format';
import { ListFilters } from '../_ui/list-filters';
import { listQuery } from '../_ui/list-query';
import { OfficeShell } from '../_ui/office-shell';
import { NewCaseStudyForm } from './case-study-forms';

export const metadata = { title: 'Site content' };

const stateClass: Record<TranslationState, string> = {
  source: 'sr-only',
  missing: 'rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-900',
  outdated: 'rounded-full bg-orange-100 px-2 py-0.5 text-xs font-semibold text-orange-950',
  current: 'sr-only',
};

/** The case studies with a language in the list's state, titled by their English copy (or address). */
async function caseStudyList(db: Db, state: Map<string, PageCopyState>) {
  const titles = new Map((await caseStudiesIn('en')).map((c) => [c.id, c.copy.title]));
  return (await listCaseStudyRecords(db))
    .map((r) => ({ ...r, key: caseStudyKey(r.id), title: titles.get(r.id) ?? r.slug }))
    .filter((r) => routing.locales.some((locale) => state.has(`${r.key}/${locale}`)));
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * Every editable page, with per language whether it has a draft, when it was last published and
 * how its translation stands against the English; `?state=outdated` shows only those in one state.
 */
export default async function ContentPage({ searchParams }: Props) {
  const staff = await officePage('/office/content');
  const t = officeT(staff.locale, 'Content');
  const list = await listQuery(searchParams, PageCopyListQuery, '/office/content');
  const db = (await database()).db;
  const rows = await listPageCopy(db, list.query);
  const state = new Map(rows.map((r) => [`${r.page}/${r.locale}`, r]));
  const pages = editablePages.filter((page) => routing.locales.some((locale) => state.has(`${page}/${locale}`)));
  const studies = await caseStudyList(db, state);
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
            <LocaleStates page={page} state={state} staff={staff} t={t} />
          </li>
        ))}
      </ul>
      <section aria-labelledby="case-studies" className="grid gap-4">
        <h2 id="case-studies" className="text-xl font-semibold">
          {t('caseStudies')}
        </h2>
        <p className="max-w-3xl text-sm text-muted">{t('caseStudiesHint')}</p>
        <NewCaseStudyForm />
        {studies.length === 0 ? <p className="text-sm text-muted">{t('noCaseStudies')}</p> : null}
        <ul className="grid gap-4">
          {studies.map((study) => (
            <li key={study.key} className="rounded-lg border border-gray-200 bg-white p-4">
              <h3 id={`page-${study.key}`} className="text-lg font-semibold">
                {study.title}
              </h3>
              <p className="text-sm text-muted">
                {caseStudyPath(study.slug)}
                {study.homeRank ? ` · ${t('homePlace', { place: study.homeRank })}` : ''}
              </p>
              <LocaleStates page={study.key} state={state} staff={staff} t={t} />
            </li>
          ))}
        </ul>
      </section>
    </OfficeShell>
  );
}

/** A page's or case study's languages: each links to its editor, with its draft and translation state. */
function LocaleStates({
  page,
  state,
  staff,
  t,
}: {
  page: string;
  state: Map<string, PageCopyState>;
  staff: { locale: OfficeLocale };
  t: ReturnType<typeof officeT<'Content'>>;
}) {
  return (
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
  );
}
