import type { MetadataRoute } from 'next';
import { findCourses } from '@/features/courses/server/courses-repository';
import { dashboards } from '@/features/jobs/schema';
import { sitePages } from '@/features/pages/site-pages';
import { openPositions } from '@/features/applications/server/positions-service';
import { listLiveJobs } from '@/features/jobs/server/jobs-repository';
import { locales, localizedPath } from '@/i18n/routing';
import { database } from '@/server/db';
import { env } from '@/server/env';

// Read per request (it lists live jobs); search engines fetch it rarely.
export const dynamic = 'force-dynamic';

// A sitemap holds at most 50,000 addresses and each page is listed once per locale.
const MAX_JOBS = 9_900;

/** A page once per locale, each entry naming all its translations (and x-default, the English one). */
function entries(path: string, lastModified?: Date): MetadataRoute.Sitemap {
  const base = env().PUBLIC_URL;
  const languages = Object.fromEntries([
    ...locales.map((l) => [l, `${base}${localizedPath(path, l)}`]),
    ['x-default', `${base}${localizedPath(path, 'en')}`],
  ]);
  return locales.map((l) => ({ url: `${base}${localizedPath(path, l)}`, lastModified, alternates: { languages } }));
}

/** Every page in every language (as alternates, with x-default), the open positions, every course and every live job. */
export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const { db } = await database();
  const [jobs, positions, courses] = await Promise.all([listLiveJobs(db, MAX_JOBS), openPositions(db), findCourses(db)]);
  return [
    ...sitePages.flatMap((path) => entries(path)),
    ...dashboards.flatMap((d) => entries(`/jobs/${d}`, jobs[0]?.updatedAt)),
    ...positions.flatMap((p) => entries(`/careers/${p.id}`)),
    ...courses.flatMap((course) => entries(`/education/${course.id}/specs`)),
    ...jobs.flatMap((job) => entries(`/jobs/all/specs/${job.id}`, job.updatedAt)),
  ];
}
