import 'server-only';
import { findCourses } from '@/features/courses/server/courses-repository';
import { openPositions } from '@/features/applications/server/positions-service';
import { dashboards } from '@/features/jobs/schema';
import { listLiveJobs } from '@/features/jobs/server/jobs-repository';
import { CASE_STUDY_ROUTES, caseStudyPath } from '@/features/pages/case-study-paths';
import { caseStudiesIn } from '@/features/pages/server/case-studies';
import { sitePages } from '@/features/pages/site-pages';
import { locales, localizedPath, type Locale } from '@/i18n/routing';
import { database } from '@/server/db';
import { env } from '@/server/env';
import { routesMarkedAt } from '@/server/page-cache';

// The sitemap: an index at /sitemap.xml (sitemap.xml/route.ts) naming its parts, /sitemap/pages.xml
// (every page of the site, the open positions and the courses) and /sitemap/jobs-1.xml onwards (the
// live jobs, JOBS_PER_PART a part), each page once per locale with all its translations. What they
// list is read once and kept in this process until a job, a course or a position changes (their
// pages' marks, which jobsChanged, coursesChanged and positionsChanged make on every node), or
// MAX_AGE_MS at most; each part's XML is written from it when asked for, the last few kept.

/** The routes of the records the sitemap lists: a mark of their pages means it may list others. */
const LISTED_ROUTES = [
  '/[locale]/jobs/[dashboard]/specs/[id]',
  '/[locale]/education/[id]/specs',
  '/[locale]/careers/[id]',
  ...CASE_STUDY_ROUTES,
];
/** A job is five addresses: 200 jobs make a part of 1,000 (some 750 KB), a sitemap may hold 50,000. */
export const JOBS_PER_PART = 200;
/** Every live job is listed; an index may name 50,000 parts. */
const MAX_JOBS = 100_000;
/** However nothing was marked, the lists are read again after this long. */
const MAX_AGE_MS = 15 * 60_000;
/** The parts' XML kept at once, the most recently asked for: crawlers read one part after another. */
const KEPT_XML = 8;

interface Entry {
  path: string;
  lastModified?: Date;
  /** The locales the page has its own copy in (a case study's); every locale when left out. */
  locales?: readonly Locale[];
}

interface Part {
  name: string;
  entries: Entry[];
  lastModified?: Date;
}

interface Sitemap {
  /** When its reading began: a mark at or after it may not be in it. */
  startedAt: number;
  parts: Map<string, Part>;
  index?: Buffer<ArrayBuffer>;
  xml: Map<string, Buffer<ArrayBuffer>>;
}

interface State {
  current?: Sitemap;
  loading?: { startedAt: number; sitemap: Promise<Sitemap> };
}

// On globalThis: the index and the parts are route handlers, which Next bundles apart.
const key = Symbol.for('site.sitemap');
function state(): State {
  const g = globalThis as Record<symbol, State | undefined>;
  return (g[key] ??= {});
}

const fresh = (startedAt: number, now: number) => now - startedAt < MAX_AGE_MS && routesMarkedAt(LISTED_ROUTES) < startedAt;

/** The sitemap as this process has it, read again when what it lists may have changed. */
async function sitemap(): Promise<Sitemap> {
  const s = state();
  const now = Date.now();
  if (s.current && fresh(s.current.startedAt, now)) return s.current;
  // A reading under way is joined only if it began after the last mark.
  if (s.loading && fresh(s.loading.startedAt, now)) return s.loading.sitemap;
  const loading = { startedAt: now, sitemap: read(now) };
  s.loading = loading;
  try {
    const read = await loading.sitemap;
    if (!s.current || s.current.startedAt < read.startedAt) s.current = read;
    return read;
  } finally {
    if (s.loading === loading) s.loading = undefined;
  }
}

async function read(startedAt: number): Promise<Sitemap> {
  const { db } = await database();
  const [jobs, positions, courses, studies] = await Promise.all([
    listLiveJobs(db, MAX_JOBS),
    openPositions(db),
    findCourses(db),
    caseStudiesIn('en'),
  ]);
  const parts = new Map<string, Part>();
  const add = (name: string, entries: Entry[]) => {
    const dates = entries.flatMap((e) => (e.lastModified ? [e.lastModified.getTime()] : []));
    parts.set(name, { name, entries, lastModified: dates.length ? new Date(Math.max(...dates)) : undefined });
  };
  add('pages', [
    ...sitePages.map((path) => ({ path })),
    ...dashboards.map((d) => ({ path: `/jobs/${d}`, lastModified: jobs[0]?.updatedAt })),
    ...positions.map((p) => ({ path: `/careers/${p.id}` })),
    ...courses.map((course) => ({ path: `/education/${course.id}/specs` })),
    // In the languages it is written in: the others show its English, whose address is canonical.
    ...studies.map((study) => ({ path: caseStudyPath(study.slug), locales: study.locales })),
  ]);
  for (let i = 0; i < jobs.length; i += JOBS_PER_PART) {
    add(
      `jobs-${i / JOBS_PER_PART + 1}`,
      jobs.slice(i, i + JOBS_PER_PART).map((job) => ({ path: `/jobs/all/specs/${job.id}`, lastModified: job.updatedAt })),
    );
  }
  return { startedAt, parts, xml: new Map() };
}

/** An address as XML text (ids are plain, but a configured PUBLIC_URL may hold an `&`). */
const escapeXml = (text: string) => text.replace(/[&<>"]/g, (ch) => `&#${ch.charCodeAt(0)};`);

const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const partUrl = (name: string) => `${env().PUBLIC_URL}/sitemap/${name}.xml`;
const lastmod = (date: Date | undefined) => (date ? `<lastmod>${date.toISOString()}</lastmod>\n` : '');

/** /sitemap.xml: every part, with the date of its newest change where it has one. */
export async function sitemapIndexXml(): Promise<Buffer<ArrayBuffer>> {
  const map = await sitemap();
  if (!map.index) {
    let xml = `${HEAD}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n`;
    for (const part of map.parts.values())
      xml += `<sitemap>\n<loc>${escapeXml(partUrl(part.name))}</loc>\n${lastmod(part.lastModified)}</sitemap>\n`;
    map.index = Buffer.from(`${xml}</sitemapindex>\n`);
  }
  return map.index;
}

/** A part (`pages`, `jobs-1`, …): each page once per locale, each entry naming all its translations and x-default (English). */
export async function sitemapPartXml(name: string): Promise<Buffer<ArrayBuffer> | undefined> {
  const map = await sitemap();
  const kept = map.xml.get(name);
  if (kept) {
    map.xml.delete(name);
    map.xml.set(name, kept);
    return kept;
  }
  const part = map.parts.get(name);
  if (!part) return undefined;
  const xml = Buffer.from(urlset(part.entries));
  if (map.xml.size >= KEPT_XML) map.xml.delete(map.xml.keys().next().value!);
  map.xml.set(name, xml);
  return xml;
}

function urlset(entries: Entry[]): string {
  const base = env().PUBLIC_URL;
  const url = (path: string, locale: (typeof locales)[number]) => escapeXml(`${base}${localizedPath(path, locale)}`);
  let xml = `${HEAD}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n`;
  for (const { path, lastModified, locales: own = locales } of entries) {
    let alternates = '';
    for (const l of own) alternates += `<xhtml:link rel="alternate" hreflang="${l}" href="${url(path, l)}" />\n`;
    if (own.includes('en')) alternates += `<xhtml:link rel="alternate" hreflang="x-default" href="${url(path, 'en')}" />\n`;
    const date = lastmod(lastModified);
    for (const l of own) xml += `<url>\n<loc>${url(path, l)}</loc>\n${alternates}${date}</url>\n`;
  }
  return `${xml}</urlset>\n`;
}

/** A sitemap document as the server answers it; crawlers ask again for it whenever they come. */
export function xmlResponse(xml: Buffer<ArrayBuffer>): Response {
  return new Response(xml, {
    headers: { 'Content-Type': 'application/xml', 'Cache-Control': 'public, max-age=0, must-revalidate' },
  });
}
