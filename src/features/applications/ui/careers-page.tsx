import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { getTranslations } from 'next-intl/server';
import { pageMetadata } from '@/i18n/metadata';
import { messages } from '@/i18n/messages';
import { isLocale, type Locale } from '@/i18n/routing';
import { database } from '@/server/db';
import { openPositions } from '../server/positions-service';
import { CvForm } from './cv-form';
import { PositionLinks } from './position-links';
import { applicationLabels } from './labels';

export async function careersPageMetadata(locale: Locale): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace: 'Applications.careers' });
  return pageMetadata('/careers', locale, { title: t('metaTitle'), description: t('metaDescription') });
}

/**
 * `/careers`: the open roles, read from the database when the page is rendered (then cached until
 * a role changes, see src/app/[locale]/listings), the way to the job board (`jobsTeaser`, the pages
 * feature's) and the CV form.
 */
export async function CareersPage({ locale, jobsTeaser }: { locale: Locale; jobsTeaser: ReactNode }) {
  const t = await getTranslations('Applications');
  const positions = await openPositions((await database()).db);
  return (
    <div className="mx-auto max-w-4xl px-4 py-12">
      <h1 className="text-3xl font-bold tracking-tight text-ink">{t('careers.heading')}</h1>
      <p className="mt-2 max-w-2xl text-muted">{t('careers.intro')}</p>
      {jobsTeaser}
      {positions.length === 0 ? (
        <p className="mt-8 rounded-lg border border-gray-200 bg-white p-5 text-gray-800">{t('careers.empty')}</p>
      ) : (
        <div className="relative mt-8 overflow-x-auto rounded-lg border border-gray-200 bg-white">
          <table className="w-full text-left text-sm">
            <thead className="bg-gray-50 text-xs uppercase tracking-wide text-muted">
              <tr>
                <th scope="col" className="px-4 py-3">
                  {t('careers.role')}
                </th>
                {/* On phones the two links sit under the role: three columns do not fit. */}
                <th scope="col" className="hidden px-4 py-3 sm:table-cell">
                  {t('careers.description')}
                </th>
                <th scope="col" className="hidden px-4 py-3 sm:table-cell">
                  {t('careers.apply')}
                </th>
                <th scope="col" className="px-4 py-3 sm:hidden">
                  {t('careers.apply')}
                </th>
              </tr>
            </thead>
            <tbody>
              {positions.map((p) => (
                <tr key={p.id} className="border-t border-gray-100 align-top">
                  <th scope="row" className="px-4 py-3 font-semibold text-ink" lang={p.locale}>
                    {p.role}
                    {p.location ? <span className="block font-normal text-muted">{p.location}</span> : null}
                    {/* A role posted in another language than the page's says which. */}
                    {p.locale !== locale && isLocale(p.locale) ? (
                      <span
                        lang={locale}
                        className="mt-1.5 block w-fit rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-800"
                      >
                        {t(`careers.inLanguage.${p.locale}`)}
                      </span>
                    ) : null}
                  </th>
                  <PositionLinks
                    id={p.id}
                    role={p.role}
                    locale={locale}
                    description={t('careers.descriptionLink')}
                    apply={t('careers.applyLink')}
                  />
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <section aria-labelledby="send-cv" className="mt-14 max-w-xl">
        <h2 id="send-cv" className="text-2xl font-bold tracking-tight text-ink">
          {t('cv.heading')}
        </h2>
        <p className="mt-2 text-muted">{t('cv.intro')}</p>
        <div className="mt-6">
          <CvForm locale={locale} labels={applicationLabels(messages[locale])} />
        </div>
      </section>
    </div>
  );
}
