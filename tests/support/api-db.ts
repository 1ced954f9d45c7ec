import type { Database } from '@/server/db';
import { pgliteDirFor } from '@/server/db/client';
import { copyPgliteTemplate, createTestDatabase } from './test-db';

/**
 * The API and services of this test file on a fresh, migrated database: a new PostgreSQL database
 * when the suite runs on PostgreSQL, else the embedded one in this file's own DATA_DIR (both
 * copies of the project's template).
 */
export async function useApiDatabase() {
  let drop: (() => Promise<void>) | undefined;
  if (process.env.TEST_DB === 'postgres') {
    const t = await createTestDatabase();
    await t.database.close();
    process.env.DATABASE_URL = t.url;
    drop = t.drop;
  } else {
    copyPgliteTemplate(pgliteDirFor(process.env.DATA_DIR!));
  }
  const { database, closeDatabase } = await import('@/server/db');
  const { createApi } = await import('@/server/api/app');
  const db: Database = await database();
  return {
    database: db,
    api: createApi(),
    async cleanup() {
      // A queue the routes started may be between two polls: stopped first, it does not query a closed database.
      const { stopQueue } = await import('@/server/queue');
      await stopQueue();
      await closeDatabase();
      await drop?.();
    },
  };
}

export const postJson = (body: unknown) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});
