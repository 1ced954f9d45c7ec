import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '#tests/test-db';

describe('readiness', () => {
  let drop: (() => Promise<void>) | undefined;
  afterAll(async () => {
    const { closeDatabase } = await import('../db');
    await closeDatabase();
    await drop?.();
  });

  it('is ready when the database answers', async () => {
    if (process.env.TEST_DB === 'postgres') {
      const t = await createTestDatabase();
      await t.database.close();
      drop = t.drop;
      process.env.DATABASE_URL = t.url;
    }
    // Opened first, as the server's start does: a new embedded database is made by a process of
    // its own, which takes longer than the readiness check waits.
    await (await import('../db')).database();
    const { createApi } = await import('./app');
    const res = await createApi().request('/rest/ready');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });
});
