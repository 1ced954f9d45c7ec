import 'server-only';
import { eq } from 'drizzle-orm';
import { demoJobs } from '@/features/jobs/server/demo-jobs';
import { importJobs } from '@/features/jobs/server/import-jobs';
import { addPositionsOnce } from '@/features/applications/server/applications-service';
import type { Database } from './db';
import { appMeta } from './db/meta-table';
import { log } from './log';

const DEMO_KEY = 'demo_data_loaded';

/**
 * Loads the demo data once, into a database that never had it (deleting the demo jobs later
 * does not bring them back).
 */
export async function loadDemoDataOnce(database: Database): Promise<void> {
  const { db } = database;
  const [done] = await db.select().from(appMeta).where(eq(appMeta.key, DEMO_KEY));
  if (done) return;
  const summary = await importJobs(db, demoJobs());
  await db.insert(appMeta).values({ key: DEMO_KEY, value: new Date().toISOString() }).onConflictDoNothing();
  log().info({ jobs: summary.added }, 'demo data loaded');
}

const POSITIONS_KEY = 'positions_seeded';

/**
 * The consultancy's launch role goes in once, on every kind of database (it is site content,
 * not demo data); closing it later does not bring it back.
 */
export async function loadPositionsOnce(database: Database): Promise<void> {
  const { db } = database;
  const [done] = await db.select().from(appMeta).where(eq(appMeta.key, POSITIONS_KEY));
  if (done) return;
  await addPositionsOnce(db);
  await db.insert(appMeta).values({ key: POSITIONS_KEY, value: new Date().toISOString() }).onConflictDoNothing();
}
