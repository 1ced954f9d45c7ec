import 'server-only';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { appMeta } from './meta-table';

/**
 * Runs `work` once per installation, keyed in app_meta (seeds: the demo jobs, the launch role, the
 * spec course). Once marked, deleting what it made does not bring it back. Undefined when it had
 * already run.
 */
export async function runOnce<T>(db: DbOrTx, key: string, work: () => Promise<T>, now = new Date()): Promise<T | undefined> {
  const [done] = await db.select().from(appMeta).where(eq(appMeta.key, key));
  if (done) return undefined;
  const result = await work();
  await db.insert(appMeta).values({ key, value: now.toISOString() }).onConflictDoNothing();
  return result;
}
