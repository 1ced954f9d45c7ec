import type { ReactNode } from 'react';
import { EmptyList } from './office-table';
import { Pager } from './pager';

/**
 * An office list page's body: its filters, then its rows, or the words that say there are none
 * (null past a list's first page: nothing), then the "Pages" navigation of a paged list.
 */
export function OfficeList({
  locale,
  filters,
  count,
  empty,
  pages,
  children,
}: {
  locale: string;
  filters?: ReactNode;
  /** How many rows the page has. */
  count: number;
  empty: string | null;
  /** The first page's and the next page's addresses (listQuery's `pages`). */
  pages?: { first?: string; next?: string };
  children: ReactNode;
}) {
  return (
    <>
      {filters}
      {count > 0 ? children : empty === null ? null : <EmptyList text={empty} />}
      {pages ? <Pager locale={locale} first={pages.first} next={pages.next} /> : null}
    </>
  );
}
