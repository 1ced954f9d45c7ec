import type { Metadata } from 'next';
import type { Locale } from '@/i18n/routing';
import { Board, boardMetadata } from './board';

// The unfiltered board, rendered on first request, then served from the cache and regenerated at
// most once a minute: a traffic spike costs no database work, and new jobs show within a minute.
// An address with a search or a page is rendered by ./search (src/proxy.ts sends it there).
export const revalidate = 60;
export function generateStaticParams() {
  return [];
}

type Params = { params: Promise<{ locale: Locale; dashboard: string }> };

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { locale, dashboard } = await params;
  return boardMetadata(locale, dashboard);
}

export default async function JobBoardPage({ params }: Params) {
  const { locale, dashboard } = await params;
  return <Board locale={locale} dashboard={dashboard} />;
}
