import { Link } from '@/i18n/link';
import { pageMetadata } from '@/i18n/metadata';
import type { Locale } from '@/i18n/routing';
import type { Metadata } from 'next';
import { contentValues, fill } from '../content';
import type { LegalContent, ProcessContent, ProductContent, ProductsContent, ServicesContent } from '../content-schema';
import { CallToAction, Card, PageIntro } from './blocks';

/** Title, description, canonical, alternates and sharing cards from a page's copy. */
export function contentMetadata(meta: { title: string; description: string }, path: string, locale: Locale): Metadata {
  const values = contentValues(locale);
  return pageMetadata(path, locale, { title: fill(meta.title, values), description: fill(meta.description, values) });
}

export const frame = 'mx-auto max-w-6xl px-4 py-12';

export function ProcessView({ c }: { c: ProcessContent }) {
  return (
    <div className={frame}>
      <PageIntro heading={c.heading} intro={c.intro} />
      <ol className="mt-10 grid gap-6 md:grid-cols-3">
        {c.steps.map((s, i) => (
          <li key={s.label} className="flex">
            <Card label={`${i + 1}. ${s.label}`} title={s.title} text={s.text} points={s.points} />
          </li>
        ))}
      </ol>
      <CallToAction text={c.cta.text} href="/contact" button={c.cta.link} />
    </div>
  );
}

export function ServicesView({ c }: { c: ServicesContent }) {
  return (
    <div className={frame}>
      <PageIntro heading={c.heading} intro={c.intro} />
      <div className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {c.services.map((s) => (
          <Card key={s.title} title={s.title} text={s.text} points={s.points} />
        ))}
      </div>
      <CallToAction text={c.cta.text} href="/contact" button={c.cta.link} />
    </div>
  );
}

export function ProductsView({ c }: { c: ProductsContent }) {
  return (
    <div className={frame}>
      <PageIntro heading={c.heading} intro={c.intro} />
      <div className="mt-10 grid gap-6 md:grid-cols-2">
        {c.products.map((p) => (
          <article key={p.slug} className="flex flex-col rounded-lg border border-gray-200 p-6 shadow-sm">
            <h2 className="text-2xl font-semibold text-ink">{p.name}</h2>
            <p className="mt-1 font-medium text-brand-700">{p.tagline}</p>
            <p className="mt-3 flex-1 text-gray-800">{p.text}</p>
            <Link href={`/products/${p.slug}`} className="mt-4 self-start font-semibold text-brand-700 underline underline-offset-4">
              {p.more}
            </Link>
          </article>
        ))}
      </div>
      <CallToAction heading={c.trial.heading} text={c.trial.text} href="/add" button={c.trial.button} note={c.trial.note} />
    </div>
  );
}

export function ProductView({ c }: { c: ProductContent }) {
  return (
    <div className={frame}>
      <PageIntro eyebrow={c.name} heading={c.tagline} intro={c.intro} />
      <section aria-labelledby="features" className="mt-12">
        <h2 id="features" className="text-2xl font-bold tracking-tight text-ink">
          {c.featuresHeading}
        </h2>
        <div className="mt-6 grid gap-6 md:grid-cols-2">
          {c.features.map((f) => (
            <Card key={f.title} title={f.title} text={f.text} headingLevel={3} />
          ))}
        </div>
      </section>
      <CallToAction heading={c.trial.heading} text={c.trial.text} href="/add" button={c.trial.button} note={c.trial.note} />
    </div>
  );
}

export function LegalView({ c, locale }: { c: LegalContent; locale: Locale }) {
  const values = contentValues(locale);
  const f = (text: string) => fill(text, values);
  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">{c.heading}</h1>
      <p className="mt-2 text-sm text-muted">{c.updated}</p>
      <p className="mt-6 text-lg text-gray-800">{f(c.intro)}</p>
      {c.sections.map((s) => (
        <section key={s.heading} className="mt-8">
          <h2 className="text-xl font-semibold text-ink">{s.heading}</h2>
          {s.paragraphs?.map((p) => (
            <p key={p} className="mt-3 text-gray-800">
              {f(p)}
            </p>
          ))}
          {s.list ? (
            <ul className="mt-3 list-disc space-y-2 pl-5 text-gray-800">
              {s.list.map((item) => (
                <li key={item}>{f(item)}</li>
              ))}
            </ul>
          ) : null}
          {s.link ? (
            <p className="mt-3">
              <Link href={s.link.href} className="font-semibold text-brand-700 underline underline-offset-4">
                {s.link.text}
              </Link>
            </p>
          ) : null}
        </section>
      ))}
    </article>
  );
}
