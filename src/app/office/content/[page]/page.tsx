import Link from 'next/link';
import { notFound } from 'next/navigation';
import { z } from 'zod';
import { caseStudyPath } from '@/features/pages/case-study-paths';
import { caseStudyIdOf, isCaseStudyKey, isCopyKey, schemaOf, type CopyKey } from '@/features/pages/copy-keys';
import { caseStudyOf } from '@/features/pages/server/case-studies';
import { EDITABLE_PAGES, pageCopyOf, pageCopyVersionsOf } from '@/features/pages/server/page-copy';
import type { Db } from '@/server/db';
import { isLocale, localizedPath, routing } from '@/i18n/routing';
import { absoluteUrl } from '@/i18n/metadata';
import { database } from '@/server/db';
import { env } from '@/server/env';
import { OFFICE_LANGUAGE_NAMES } from '@/server/office/office-locales';
import { officeT } from '@/server/office/office-t';
import { officePage } from '@/server/office/pages';
import { ConfirmRequest } from '../../_ui/confirm-request';
import { officeDate } from '../../_ui/format';
import { OfficeShell } from '../../_ui/office-shell';
import { HomePlaceForm, SlugForm } from '../case-study-forms';
import { CopyWorkspace } from './copy-editor';
import { CopySchedule } from './copy-schedule';
import type { CopySchema } from './copy-fields';
import { fieldPathLabel } from './field-labels';

export const metadata = { title: 'Site content' };

/** The case study a key names (undefined for a page); a key of none is a 404. */
async function caseStudyFor(db: Db, page: CopyKey) {
  if (!isCaseStudyKey(page)) return undefined;
  return caseStudyOf(db, caseStudyIdOf(page)).catch(() => notFound());
}

type Params = { params: Promise<{ page: string }>; searchParams: Promise<{ locale?: string }> };

/** One page's copy in one language (`?locale=de`): the editor made from the page's schema, and its history. */
export default async function ContentEditorPage({ params, searchParams }: Params) {
  const staff = await officePage('/office/content/[page]');
  const { page } = await params;
  // One language at a time, English unless the switch chose another.
  const locale = (await searchParams).locale ?? 'en';
  if (!isCopyKey(page) || !isLocale(locale)) notFound();
  const t = officeT(staff.locale, 'Content');
  const f = officeT(staff.locale, 'ContentFields');
  const db = (await database()).db;
  const study = await caseStudyFor(db, page);
  const [copy, versions] = await Promise.all([pageCopyOf(db, page, locale), pageCopyVersionsOf(db, page, locale)]);
  const schema = z.toJSONSchema(schemaOf(page)) as CopySchema;
  const label = (key: string) => (f.has(key as never) ? f(key as never) : key);
  const name = study ? t('caseStudyName', { slug: study.slug }) : t(`pages.${page as keyof typeof EDITABLE_PAGES}`);
  const title = t('editorTitle', { page: name, language: OFFICE_LANGUAGE_NAMES[locale] });
  const address = study ? caseStudyPath(study.slug) : EDITABLE_PAGES[page as keyof typeof EDITABLE_PAGES];
  // A language with nothing written yet starts from the English, which it translates.
  const initial = copy.draft ?? copy.published ?? (locale === 'en' ? null : (await pageCopyOf(db, page, 'en')).published);
  return (
    <OfficeShell staff={staff} current="/office/content" title={title}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Link href="/office/content" className="text-sm text-brand-700 underline">
          {t('back')}
        </Link>
        <span className="flex flex-wrap gap-4">
          <a href={localizedPath(`/copy-preview/${page}`, locale)} className="text-sm text-brand-700 underline" target="_blank" rel="noreferrer">
            {t('preview')}
          </a>
          <a href={localizedPath(address, locale)} className="text-sm text-brand-700 underline" target="_blank" rel="noreferrer">
            {t('view')}
          </a>
        </span>
      </div>
      <nav aria-label={t('languages')}>
        <ul className="flex flex-wrap gap-1">
          {routing.locales.map((l) => (
            <li key={l}>
              <Link
                href={`/office/content/${page}?locale=${l}`}
                aria-current={l === locale ? 'page' : undefined}
                className="block rounded-md border border-gray-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-gray-50 aria-[current=page]:border-brand-700 aria-[current=page]:bg-brand-700 aria-[current=page]:text-white"
              >
                {OFFICE_LANGUAGE_NAMES[l]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {copy.translation === 'outdated' ? (
        <p className="max-w-3xl rounded-md border border-orange-200 bg-orange-50 p-3 text-sm text-orange-950">{t('outdatedNote')}</p>
      ) : null}
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <CopyWorkspace
          key={`${page}/${locale}`}
          page={page}
          locale={locale}
          schema={schema}
          initial={initial}
          search={{ url: absoluteUrl(localizedPath(address, locale)), siteName: env().SITE_NAME }}
          hasDraft={copy.hasDraft}
          state={
            copy.hasDraft && copy.draftSavedAt
              ? t('editingDraft', { date: officeDate(copy.draftSavedAt, staff.locale) })
              : t('editingPublished')
          }
        />
        <div className="grid gap-6">
          {study ? (
            <>
              <SlugForm key={study.slug} id={study.id} slug={study.slug} />
              <HomePlaceForm id={study.id} homeRank={study.homeRank} />
            </>
          ) : null}
          <CopySchedule
            key={`${page}/${locale}/${copy.scheduledAt}`}
            page={page}
            locale={locale}
            hasDraft={copy.hasDraft}
            scheduled={
              copy.scheduledAt && copy.scheduledBy ? { when: officeDate(copy.scheduledAt, staff.locale), by: copy.scheduledBy } : null
            }
          />
        <section aria-labelledby="history" className="grid gap-3 rounded-lg border border-gray-200 bg-white p-4">
          <h2 id="history" className="text-lg font-semibold">
            {t('history')}
          </h2>
          {versions.length === 0 ? <p className="text-sm text-muted">{t('noHistory')}</p> : null}
          <ol className="grid gap-3">
            {versions.map((v, i) => (
              <li key={v.version} className="grid gap-1 border-t border-gray-100 pt-3 text-sm first:border-0 first:pt-0">
                <p className="font-semibold">{t('version', { version: v.version })}</p>
                <p className="text-muted">
                  {officeDate(v.publishedAt, staff.locale)} · {v.publishedBy ? t('by', { name: v.publishedBy }) : t('release')}
                </p>
                <p className="break-words">
                  {i === versions.length - 1
                    ? t('allFields')
                    : v.changed.length
                      ? t('changed', {
                          fields:
                            v.changed
                              .slice(0, 6)
                              .map((p) => fieldPathLabel(p, label))
                              .join(', ') + (v.changed.length > 6 ? ` (+${v.changed.length - 6})` : ''),
                        })
                      : t('nothingChanged')}
                </p>
                {i > 0 ? (
                  <ConfirmRequest
                    fit
                    label={t('restore')}
                    question={t('restoreQuestion', { version: v.version })}
                    path={`/content/${page}/${locale}/versions/${v.version}/restore`}
                  />
                ) : null}
              </li>
            ))}
          </ol>
        </section>
        </div>
      </div>
    </OfficeShell>
  );
}
