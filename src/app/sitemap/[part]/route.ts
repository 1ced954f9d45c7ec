import { sitemapPartXml, xmlResponse } from '../../sitemap-parts';

// Answered from the lists this process keeps until a job, a course or a position changes (sitemap-parts.ts).
export const dynamic = 'force-dynamic';

/** A part of the sitemap the index names: /sitemap/pages.xml, /sitemap/jobs-1.xml, …; any other is a 404. */
export async function GET(_request: Request, { params }: { params: Promise<{ part: string }> }) {
  const name = /^([a-z0-9-]{1,20})\.xml$/.exec((await params).part)?.[1];
  const xml = name === undefined ? undefined : await sitemapPartXml(name);
  if (!xml) return new Response('No such sitemap.', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  return xmlResponse(xml);
}
