import { Link } from '@/i18n/link';
import { messages } from '@/i18n/messages';
import type { Locale } from '@/i18n/routing';
import { Wordmark } from '@/ui/brand/wordmark';
import { clientList } from '../brand-config';
import type { HomeContent, ServicesContent } from '../content-schema';
import { CASE_STUDIES_PATH } from '../case-study-paths';
import type { PublicCaseStudy } from '../server/case-studies';
import { CaseStudyCard } from './case-study-card';
import { ServiceIconImage } from './service-icon';

// The home page below the hero: server components only, plain HTML and inline SVG, so none of it
// adds JavaScript or a request.

const band = 'mx-auto max-w-6xl px-4';
const sectionHeading = 'text-2xl font-bold tracking-tight text-ink sm:text-3xl';

/**
 * The sections from the home page's copy, the services overview's cards from the services page's,
 * the case studies from the records the editor put on the home page.
 */
export function HomeSections({
  c,
  services,
  caseStudies,
  locale,
}: {
  c: HomeContent;
  services: ServicesContent['services'];
  caseStudies: PublicCaseStudy[];
  locale: Locale;
}) {
  const allLabel = messages[locale].CaseStudies.all;
  const clients = clientList();
  return (
    <>
      <section aria-labelledby="home-services" className={`${band} pt-4 pb-16 sm:pt-8`}>
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h2 id="home-services" className={sectionHeading}>
              {c.services.heading}
            </h2>
            <p className="mt-2 max-w-2xl text-muted">{c.services.intro}</p>
          </div>
          <Link href="/services" className="font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-800">
            {c.services.more}
          </Link>
        </div>
        <ul className="mt-8 grid gap-x-8 gap-y-8 sm:grid-cols-2 lg:grid-cols-3">
          {services.map((s) => (
            <li key={s.title} className="flex gap-4">
              <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                <ServiceIconImage icon={s.icon} />
              </span>
              <div>
                <h3 className="font-semibold text-ink">{s.title}</h3>
                <p className="mt-1 text-sm text-muted">{s.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="home-work" className="bg-gray-50 py-16">
        <div className={band}>
          <h2 id="home-work" className={sectionHeading}>
            {c.caseStudies.heading}
          </h2>
          <p className="mt-2 max-w-2xl text-muted">{c.caseStudies.intro}</p>
          <ul className="mt-8 grid gap-6 lg:grid-cols-3">
            {caseStudies.map((cs) => (
              <li key={cs.slug} className="flex">
                <CaseStudyCard study={cs} locale={locale} />
              </li>
            ))}
          </ul>
          <p className="mt-6">
            <Link href={CASE_STUDIES_PATH} className="font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-800">
              {allLabel}
            </Link>
          </p>
        </div>
      </section>

      <section aria-labelledby="home-clients" className={`${band} py-14`}>
        <h2 id="home-clients" className="text-center text-sm font-semibold tracking-wide text-muted uppercase">
          {c.clients.heading}
        </h2>
        <ul className="mt-6 flex flex-wrap items-center justify-center gap-x-8 gap-y-4">
          {clients.names.map((name) => (
            <li key={name}>
              <Wordmark name={name} />
            </li>
          ))}
        </ul>
        {clients.examples ? (
          <p data-testid="example-clients" className="mt-4 text-center text-xs text-muted">
            {c.clients.exampleNote}
          </p>
        ) : null}
      </section>

      <section aria-labelledby="home-numbers" className="bg-brand-900 py-14 text-white">
        <div className={band}>
          <h2 id="home-numbers" className="sr-only">
            {c.numbers.heading}
          </h2>
          <dl className="grid grid-cols-2 gap-8 lg:grid-cols-4">
            {c.numbers.items.map((n) => (
              <div key={n.label} className="flex flex-col-reverse justify-end">
                <dt className="mt-1 text-blue-100">{n.label}</dt>
                <dd className="text-4xl font-bold tracking-tight">{n.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section aria-labelledby="home-testimonials" className={`${band} py-16`}>
        <h2 id="home-testimonials" className={sectionHeading}>
          {c.testimonials.heading}
        </h2>
        <ul className="mt-8 grid gap-6 lg:grid-cols-3">
          {c.testimonials.items.map((q) => (
            <li key={q.name} className="flex">
              <figure data-testimonial="" className="flex flex-1 flex-col rounded-xl bg-brand-50 p-6">
                <svg viewBox="0 0 32 24" className="h-6 w-8 text-brand-600" aria-hidden="true" focusable="false">
                  <path
                    d="M0 24V14C0 6 4.5 1.4 12 0l1.5 3.2C8.8 4.6 6.7 7.4 6.5 11H12v13zm18 0V14c0-8 4.5-12.6 12-14l1.5 3.2c-4.7 1.4-6.8 4.2-7 7.8H30v13z"
                    fill="currentColor"
                  />
                </svg>
                <blockquote className="mt-4 flex-1 text-gray-800">
                  <p>{q.quote}</p>
                </blockquote>
                <figcaption className="mt-5">
                  <span className="block font-semibold text-ink">{q.name}</span>
                  <span className="block text-sm text-muted">{q.role}</span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
