import type { Metadata } from 'next';
import type { Locale } from '@/i18n/routing';
import { Board, boardMetadata } from '../board';

// A board address that carries a search, filters or a page (`/jobs/all?q=react&page=2`): the proxy
// sends it here, and it is rendered per request with those results, not indexed, its canonical
// address the board's (decision 009 keeps the unfiltered board cached).
export const dynamic = 'force-dynamic';

type Props = {
  params: Promise<{ locale: Locale; dashboard: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, dashboard } = await params;
  return boardMetadata(locale, dashboard, { searching: true });
}

export default async function JobSearchPage({ params, searchParams }: Props) {
  const [{ locale, dashboard }, query] = await Promise.all([params, searchParams]);
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) for (const v of [value ?? []].flat()) search.append(name, v);
  return <Board locale={locale} dashboard={dashboard} params={search} />;
}
