import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#tests/test-db';
import { Queue } from './queue';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t?.drop());

describe('queue start', () => {
  it('removes the schedule of the retention job under its former name, and keeps working the new one', async () => {
    const old = new Queue(t.database, { work: true });
    await old.start();
    await old.define([{ name: 'applications-retention', options: { policy: 'singleton' }, work: async () => {} }]);
    await old.schedule('applications-retention', '17 * * * *');
    await old.schedule('retention', '17 * * * *');
    await old.stop(1000);
    const scheduled = async () => (await t.database.query('select name from pgboss.schedule order by name')).rows.map((r) => r.name);
    expect(await scheduled()).toEqual(['applications-retention', 'retention']);

    const next = new Queue(t.database, { work: true });
    await next.start();
    await next.stop(1000);
    expect(await scheduled()).toEqual(['retention']);
  });
});
