import Link from 'next/link';
import { officeT } from '@/server/office/office-t';

/**
 * The first-page and next-page links of a keyset-paged list, as a navigation named "Pages"; none
 * when the list fits on one page, so a screen reader's list of landmarks holds no empty one.
 */
export function Pager({ locale, first, next }: { locale: string; first?: string | undefined; next?: string | undefined }) {
  if (!first && !next) return null;
  const c = officeT(locale, 'Common');
  return (
    <nav aria-label={c('pages')} className="flex justify-between gap-4 text-sm">
      {first ? (
        <Link href={first} className="text-brand-700 underline">
          {c('first')}
        </Link>
      ) : (
        <span />
      )}
      {next ? (
        <Link href={next} className="text-brand-700 underline">
          {c('next')}
        </Link>
      ) : null}
    </nav>
  );
}
