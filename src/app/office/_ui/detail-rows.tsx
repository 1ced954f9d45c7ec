import type { ReactNode } from 'react';
import Link from 'next/link';

/** The box a section of a record's page sits in. */
const detailSection = 'grid content-start gap-3 rounded-lg border border-gray-200 bg-white p-4';

/** A section of a record's page, in its box, named by its heading (`id` is the heading's). */
export function DetailSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className={detailSection} aria-labelledby={id}>
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * A record's fields as label and value, the value a link to the office page of the record it names
 * when there is one (`href`); an empty value shows as a dash.
 */
export function DetailRows({ rows }: { rows: ([string, string] | [string, string, string | undefined])[] }) {
  return (
    <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[12rem_1fr]">
      {rows.map(([k, v, href]) => (
        <div key={k} className="contents">
          <dt className="font-medium text-muted">{k}</dt>
          <dd className="break-words whitespace-pre-wrap">
            {href && v ? (
              <Link href={href} className="text-brand-700 underline">
                {v}
              </Link>
            ) : (
              v || '—'
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
