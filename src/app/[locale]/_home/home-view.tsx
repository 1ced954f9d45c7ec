import type { Metadata } from 'next';
import { pageMetadata } from '@/i18n/metadata';
import { jsonForScript } from '@/features/jobs/server/job-posting-ld';
import type { HomeContent, ServicesContent } from '@/features/pages/content-schema';
import { organizationJsonLd } from '@/features/pages/organization-ld';
import type { Locale } from '@/i18n/routing';
import { Link } from '@/i18n/link';
import { messages } from '@/i18n/messages';
import { QuoteWizard } from '@/features/leads/ui/quote-wizard';
import { companyAddress } from '@/server/brand';
import { env } from '@/server/env';
import { HeroArt } from '@/features/pages/ui/hero-art';
import { HomeSections } from '@/features/pages/ui/home-sections';
import type { PublicCaseStudy } from '@/features/pages/server/case-studies';

// The home page (`/`), drawn from its copy: the published one by the copy route, a draft by the
// preview (decision 065).

/** The site's own title (without the layout's "| site name" suffix) and description. */
export function homeMetadata(locale: Locale): Metadata {
  const { title, description } = messages[locale].Metadata;
  const full = title.replace('{siteName}', env().SITE_NAME);
  return { ...pageMetadata('/', locale, { title: full, description }), title: { absolute: full } };
}

export function HomeView({
  locale,
  c,
  services,
  caseStudies,
}: {
  locale: Locale;
  c: HomeContent;
  services: ServicesContent['services'];
  caseStudies: PublicCaseStudy[];
}) {
  const e = env();
  // The survey of the visitor's language when one is configured (Spanish for es, English for the rest).
  const survey = locale === 'es' ? e.SURVEY_URL_ES : e.SURVEY_URL_EN;
  const ld = organizationJsonLd({
    siteName: e.SITE_NAME,
    url: e.PUBLIC_URL,
    address: companyAddress(locale),
    email: e.SALES_EMAIL,
    sameAs: e.SOCIAL_URL ? [e.SOCIAL_URL] : [],
    description: messages[locale].Metadata.description,
  });
  return (
    <>
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonForScript(ld) }} />
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-16 sm:py-24 lg:grid-cols-[minmax(0,1fr)_400px]">
          <div>
            <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{c.hero.eyebrow}</p>
            <h1 className="mt-3 max-w-3xl text-4xl font-bold tracking-tight text-ink sm:text-5xl">{c.hero.title}</h1>
            <p className="mt-6 max-w-2xl text-lg text-muted">{c.hero.lead}</p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Link href="/contact" className="rounded-md bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800">
                {c.hero.primaryCta}
              </Link>
              <Link href="/demo" className="rounded-md border border-brand-700 px-5 py-3 font-semibold text-brand-700 hover:bg-brand-50">
                {c.hero.secondaryCta}
              </Link>
            </div>
          </div>
          <HeroArt className="hidden w-full lg:block" />
        </div>
      </section>
      <HomeSections c={c} services={services} caseStudies={caseStudies} locale={locale} />
      <section className="mx-auto max-w-3xl px-4 pt-4 pb-16">
        {survey ? (
          <iframe
            src={survey}
            title={messages[locale].Forms.quote.surveyTitle}
            className="h-[90dvh] w-full rounded-lg border border-gray-200"
            loading="lazy"
          />
        ) : (
          <QuoteWizard locale={locale} labels={messages[locale].Forms} />
        )}
      </section>
    </>
  );
}
