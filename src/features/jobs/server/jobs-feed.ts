import 'server-only';
import { messages } from '@/i18n/messages';
import type { Db } from '@/server/db';
import { PAGE_SIZE, searchToParams, type JobSearch } from '../schema';
import { searchJobs } from './jobs-service';

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** RSS 2.0 of the newest jobs of a search (the board's address with feed.xml instead). */
export async function jobsFeed(
  db: Db,
  search: JobSearch,
  { siteName, publicUrl }: { siteName: string; publicUrl: string },
): Promise<string> {
  const { items } = await searchJobs(db, search, { pageSize: PAGE_SIZE, locale: 'en' });
  const t = messages.en.Jobs;
  const query = searchToParams(search).toString();
  const boardUrl = `${publicUrl}/jobs/${search.dashboard}${query ? `?${query}` : ''}`;
  const title = `${t.dashboards[search.dashboard]}${search.queryText ? `: ${search.queryText}` : ''} — ${siteName}`;
  const entries = items
    .map((job) => {
      const url = `${publicUrl}/jobs/${search.dashboard}/specs/${job.id}`;
      return `<item><title>${escapeXml(job.company ? `${job.company} - ${job.position}` : job.position)}</title><link>${url}</link><guid isPermaLink="true">${url}</guid><pubDate>${new Date(job.created_at).toUTCString()}</pubDate><description>${escapeXml(job.short_description)}</description>${job.tags.map((tag) => `<category>${escapeXml(tag)}</category>`).join('')}</item>`;
    })
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel><title>${escapeXml(title)}</title><link>${escapeXml(boardUrl)}</link><atom:link href="${escapeXml(`${publicUrl}/jobs/${search.dashboard}/feed.xml${query ? `?${query}` : ''}`)}" rel="self" type="application/rss+xml"/><description>${escapeXml(t.metaDescription)}</description><language>en</language>${entries}</channel></rss>`;
}
