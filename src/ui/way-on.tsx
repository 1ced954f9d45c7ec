import type { ReactNode } from 'react';

/** Where a visitor who hit a dead end most likely wants to go: the job board, services, contact, home. */
export const wayOnPages = ['/jobs', '/services', '/contact', '/'] as const;

/** The links of a dead-end page (404), as a labelled list. */
export function WayOn({ heading, links }: { heading: string; links: ReactNode[] }) {
  return (
    <nav aria-label={heading} className="w-full">
      <h2 className="text-sm font-semibold text-ink">{heading}</h2>
      <ul className="mt-2 flex flex-wrap gap-3">
        {links.map((link, i) => (
          <li key={i}>{link}</li>
        ))}
      </ul>
    </nav>
  );
}

export const wayOnLinkClass =
  'inline-block rounded-md border border-gray-300 px-4 py-2 text-sm font-semibold text-brand-700 hover:border-brand-700 hover:bg-brand-50';
