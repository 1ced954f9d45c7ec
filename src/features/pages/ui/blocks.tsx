import type { ReactNode } from 'react';
import { Link } from '@/i18n/link';

/** The top of a content page: heading and a lead sentence. */
export function PageIntro({ heading, intro, eyebrow }: { heading: string; intro: string; eyebrow?: string }) {
  return (
    <header>
      {eyebrow ? <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{eyebrow}</p> : null}
      <h1 className="mt-1 text-3xl font-bold tracking-tight text-ink sm:text-4xl">{heading}</h1>
      <p className="mt-3 max-w-3xl text-lg text-muted">{intro}</p>
    </header>
  );
}

/** A card with a title, a text and optional bullet points. */
export function Card({
  title,
  text,
  points,
  label,
  headingLevel = 2,
}: {
  title: string;
  text: string;
  points?: string[];
  label?: string;
  headingLevel?: 2 | 3;
}) {
  const Heading = `h${headingLevel}` as const;
  return (
    <article className="flex flex-col rounded-lg border border-gray-200 bg-white p-6 shadow-sm">
      {label ? <p className="text-sm font-bold tracking-widest text-brand-700">{label}</p> : null}
      <Heading className="mt-1 text-xl font-semibold text-ink">{title}</Heading>
      <p className="mt-2 text-gray-800">{text}</p>
      {points?.length ? (
        <ul className="mt-4 list-disc space-y-1 pl-5 text-gray-800">
          {points.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      ) : null}
    </article>
  );
}

/** A highlighted call to action: a sentence and one button-styled link (a site page, or an external address). */
export function CallToAction({
  heading,
  text,
  href,
  button,
  note,
  external,
  className = 'mt-12',
}: {
  heading?: string;
  text: string;
  href: string;
  button: string;
  note?: ReactNode;
  external?: boolean;
  className?: string;
}) {
  const buttonClass = 'mt-4 inline-block rounded-md bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800';
  return (
    <section className={`${className} rounded-lg bg-brand-50 p-6 sm:p-8`} aria-label={heading ? undefined : button}>
      {heading ? <h2 className="text-2xl font-bold tracking-tight text-ink">{heading}</h2> : null}
      <p className="mt-2 max-w-2xl text-gray-800">{text}</p>
      {external ? (
        <a href={href} className={buttonClass}>
          {button}
        </a>
      ) : (
        <Link href={href} className={buttonClass}>
          {button}
        </Link>
      )}
      {note ? <p className="mt-3 text-sm text-muted">{note}</p> : null}
    </section>
  );
}
