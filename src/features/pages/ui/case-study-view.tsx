import type { Metadata } from 'next';
import { Link } from '@/i18n/link';
import { messages } from '@/i18n/messages';
import { absoluteUrl, pageMetadata } from '@/i18n/metadata';
import { localeNames, localizedPath, type Locale } from '@/i18n/routing';
import { env } from '@/server/env';
import { CASE_STUDIES_PATH, caseStudyPath } from '../case-study-paths';
import type { PublicCaseStudy } from '../server/case-studies';
import { CallToAction, PageIntro } from './blocks';
import { CaseStudyCard, Figures } from './case-study-card';
import { frame } from './views';

// The case studies' pages: /case-studies and /case-studies/{slug}, in every locale.

export function caseStudiesMetadata(locale: Locale): Metadata {
  const t = messages[locale].CaseStudies;
  return pageMetadata(CASE_STUDIES_PATH, locale, { title: t.title, description: t.description });
}

export function CaseStudiesView({ studies, locale }: { studies: PublicCaseStudy[]; locale: Locale }) {
  const t = messages[locale].CaseStudies;
  return (
    <div className={frame}>
      <PageIntro heading={t.title} intro={t.intro} />
      {studies.length ? (
        <ul className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {studies.map((cs) => (
            <li key={cs.slug} className="flex">
              <CaseStudyCard study={cs} locale={locale} level={2} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-10 text-muted">{t.empty}</p>
      )}
      <CallToAction heading={t.ctaHeading} text={t.ctaText} href="/contact" button={t.ctaButton} />
    </div>
  );
}

/**
 * A case study's title, description and addresses. Shown in English in place of a locale's copy,
 * its canonical address is the English page's, which search engines index instead.
 */
export function caseStudyMetadata(study: PublicCaseStudy, locale: Locale): Metadata {
  const path = caseStudyPath(study.slug);
  const meta = pageMetadata(path, locale, { title: study.copy.meta.title, description: study.copy.meta.description });
  const languages: Record<string, string> = {};
  for (const l of study.locales) languages[l] = absoluteUrl(localizedPath(path, l));
  if (study.locales.includes('en')) languages['x-default'] = absoluteUrl(localizedPath(path, 'en'));
  return { ...meta, alternates: { canonical: absoluteUrl(localizedPath(path, study.lang)), languages } };
}

/** schema.org Article for a case study's page. */
export function caseStudyJsonLd(study: PublicCaseStudy) {
  const e = env();
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: study.copy.title,
    description: study.copy.meta.description,
    inLanguage: study.lang,
    url: absoluteUrl(localizedPath(caseStudyPath(study.slug), study.lang)),
    about: study.copy.sector,
    publisher: { '@type': 'Organization', name: e.SITE_NAME, url: e.PUBLIC_URL },
  };
}

export function CaseStudyView({ study, locale }: { study: PublicCaseStudy; locale: Locale }) {
  const t = messages[locale].CaseStudies;
  const cs = study.copy;
  const fallback = study.lang !== locale;
  const section = (id: string, heading: string, paragraphs: string[]) => (
    <section aria-labelledby={id} className="mt-10">
      <h2 id={id} className="text-2xl font-semibold text-ink">
        {heading}
      </h2>
      {paragraphs.map((p) => (
        <p key={p} className="mt-3 text-gray-800">
          {p}
        </p>
      ))}
    </section>
  );
  return (
    <div className={frame}>
      <p>
        <Link href={CASE_STUDIES_PATH} className="text-sm font-semibold text-brand-700 underline underline-offset-4">
          {t.all}
        </Link>
      </p>
      {fallback ? (
        <p role="note" className="mt-4 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          {t.onlyInEnglish.replace('{language}', localeNames[locale])}
        </p>
      ) : null}
      <article lang={fallback ? study.lang : undefined} className="mt-6 max-w-3xl">
        <PageIntro eyebrow={cs.sector} heading={cs.title} intro={cs.summary} />
        <p className="mt-2 text-sm text-muted">{cs.client}</p>
        <section aria-labelledby="case-figures" className="mt-8 rounded-xl bg-gray-50 p-6">
          <h2 id="case-figures" className="sr-only">
            {t.figures}
          </h2>
          <Figures figures={cs.figures} />
        </section>
        {section('case-challenge', t.challenge, cs.challenge)}
        {section('case-approach', t.approach, cs.approach)}
        {section('case-results', t.results, cs.results)}
        {cs.quote ? (
          <figure className="mt-10 border-l-4 border-brand-700 pl-5">
            {/* No quotation marks of the copy's own: the border marks the quote, as on the home page's testimonials. */}
            <blockquote className="text-lg text-ink">
              <p>{cs.quote.text}</p>
            </blockquote>
            <figcaption className="mt-2 text-sm text-muted">
              {cs.quote.name}, {cs.quote.role}
            </figcaption>
          </figure>
        ) : null}
        {cs.services.length ? (
          <section aria-labelledby="case-services" className="mt-10">
            <h2 id="case-services" className="text-lg font-semibold text-ink">
              {t.services}
            </h2>
            <ul className="mt-3 flex flex-wrap gap-2">
              {cs.services.map((s) => (
                <li key={s} className="rounded-full bg-brand-50 px-3 py-1 text-sm text-brand-800">
                  {s}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </article>
      <CallToAction heading={t.ctaHeading} text={t.ctaText} href="/contact" button={t.ctaButton} />
    </div>
  );
}
