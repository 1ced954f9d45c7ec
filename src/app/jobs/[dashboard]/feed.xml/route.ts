import { isDashboard, searchFromParams, type Dashboard } from '@/features/jobs/schema';
import { jobsFeed } from '@/features/jobs/server/jobs-feed';
import { database } from '@/server/db';
import { env } from '@/server/env';

export const dynamic = 'force-dynamic';

/** /jobs/{dashboard}/feed.xml?q=…&industry=…: the newest jobs of that search, as RSS. */
export async function GET(request: Request, { params }: { params: Promise<{ dashboard: string }> }) {
  const { dashboard } = await params;
  if (!isDashboard(dashboard)) return new Response('Not found', { status: 404 });
  const search = searchFromParams(dashboard as Dashboard, new URL(request.url).searchParams);
  const e = env();
  const xml = await jobsFeed((await database()).db, search, { siteName: e.SITE_NAME, publicUrl: e.PUBLIC_URL });
  return new Response(xml, { headers: { 'content-type': 'application/rss+xml; charset=utf-8', 'cache-control': 'public, max-age=300' } });
}
