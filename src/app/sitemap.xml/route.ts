import { sitemapIndexXml, xmlResponse } from '../sitemap-parts';

// Answered from the lists this process keeps until a job, a course or a position changes
// (sitemap-parts.ts): a request reads no database when nothing changed.
export const dynamic = 'force-dynamic';

/** The sitemap index: the parts that list every page (robots.txt names it). */
export async function GET() {
  return xmlResponse(await sitemapIndexXml());
}
