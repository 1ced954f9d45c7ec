import { Link } from '@/i18n/link';
import type { Locale } from '@/i18n/routing';
import { caseStudyPath } from '../case-study-paths';
import type { CaseStudyContent } from '../content-schema';
import type { PublicCaseStudy } from '../server/case-studies';

/** A case study's card (the home page, /case-studies): its title, a heading of `level`, leads to its page. */
export function CaseStudyCard({ study, locale, level = 3 }: { study: PublicCaseStudy; locale: Locale; level?: 2 | 3 }) {
  const cs = study.copy;
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <article
      data-case-study={study.slug}
      // English shown in place of a locale's missing copy says so to screen readers and translators.
      lang={study.lang === locale ? undefined : study.lang}
      className="flex flex-1 flex-col rounded-xl border border-gray-200 bg-white p-6 shadow-sm"
    >
      <p className="text-xs font-bold tracking-widest text-brand-700 uppercase">{cs.sector}</p>
      <Heading className="mt-2 text-lg leading-snug font-semibold text-ink">
        <Link href={caseStudyPath(study.slug)} className="hover:text-brand-700 hover:underline">
          {cs.title}
        </Link>
      </Heading>
      <p className="mt-1 text-sm text-muted">{cs.client}</p>
      <p className="mt-3 flex-1 text-sm text-gray-800">{cs.summary}</p>
      <Figures figures={cs.figures} className="mt-5 border-t border-gray-200 pt-4" />
    </article>
  );
}

/** A case study's figures: each value above its label. */
export function Figures({ figures, className = '' }: { figures: CaseStudyContent['figures']; className?: string }) {
  return (
    <dl className={`grid grid-cols-3 gap-2 sm:gap-3 ${className}`}>
      {figures.map((f) => (
        // Value above its label (dt comes first in the markup, as a dl needs); justify-end is the
        // top in a reversed column, so the values line up. Long words ("Infrastrukturkosten",
        // "aprovechamiento") break inside their third of the card rather than run into the next.
        <div key={f.label} className="flex min-w-0 flex-col-reverse justify-end">
          <dt className="mt-1 text-xs leading-snug break-words hyphens-auto text-muted">{f.label}</dt>
          <dd className="text-lg font-bold tracking-tight break-words text-brand-700 sm:text-xl">
            <FigureValue value={f.value} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * A figure's number, with a unit written as a word ("9 weeks", "9 settimane", "5 min") in smaller
 * type: the word would not fit a third of a phone's card at the number's size.
 */
function FigureValue({ value }: { value: string }) {
  const match = /^(\S+)\s+(\p{L}.*)$/u.exec(value);
  if (!match) return value;
  return (
    <>
      {match[1]} <span className="text-sm font-semibold tracking-normal sm:text-base">{match[2]}</span>
    </>
  );
}
