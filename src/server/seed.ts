import 'server-only';
import { demoJobs } from '@/features/jobs/server/demo-jobs';
import { importJobs } from '@/features/jobs/server/import-jobs';
import { addPositionsOnce } from '@/features/applications/server/applications-service';
import type { Database } from './db';
import { runOnce } from './db/run-once';
import { log } from './log';

const DEMO_KEY = 'demo_data_loaded';

/**
 * Loads the demo data once, into a database that never had it (deleting the demo jobs later
 * does not bring them back).
 */
export async function loadDemoDataOnce(database: Database): Promise<void> {
  const summary = await runOnce(database.db, DEMO_KEY, () => importJobs(database.db, demoJobs()));
  if (summary) log().info({ jobs: summary.added }, 'demo data loaded');
}

const POSITIONS_KEY = 'positions_seeded';

/**
 * The consultancy's launch role goes in once, on every kind of database (it is site content,
 * not demo data); closing it later does not bring it back.
 */
export async function loadPositionsOnce(database: Database): Promise<void> {
  await runOnce(database.db, POSITIONS_KEY, () => addPositionsOnce(database.db));
}
