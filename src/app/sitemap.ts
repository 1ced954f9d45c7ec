import type { MetadataRoute } from 'next';
import { findCourses } from '@/features/courses/server/courses-repository';
import { dashboards } from '@/features/jobs/schema';
import { listLiveJobs } from '@/features/jobs/server/jobs-repository';
import { locales, localizedPath } from '@/i18n/routing';
import { database } from '@/server/db';
import { env } from '@/server/env';

// Read per request (it lists live jobs); search engines fetch it rarely.
export const dynamic = 'force-dynamic';

const MAX_JOBS = 20_000;

function entry(path: string, lastModified?: Date): MetadataRoute.Sitemap[number] {
  const base = env().PUBLIC_URL;
  const languages = Object.fromEntries(locales.map((l) => [l, `${base}${localizedPath(path, l)}`]));
  return { url: `${base}${localizedPath(path, 'en')}`, lastModified, alternates: { languages } };
}

/** Every page in every language (as alternates), every live job and every course. */
export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const { db } = await database();
  const [jobs, courses] = await Promise.all([listLiveJobs(db, MAX_JOBS), findCourses(db)]);
  return [
    entry('/'),
    entry('/add'),
    ...dashboards.map((d) => entry(`/jobs/${d}`, jobs[0]?.updatedAt)),
    ...jobs.map((job) => entry(`/jobs/all/specs/${job.id}`, job.updatedAt)),
    entry('/training'),
    entry('/education'),
    ...courses.map((course) => entry(`/education/${course.id}/specs`)),
  ];
}
