import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#tests/test-db';
import { captureLogs } from '#tests/capture-logs';
import { eventually } from '#tests/eventually';
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

describe('a failing job', () => {
  it('is logged with its attempt, and when it has no tries left; each job of a batch on its own', async () => {
    const q = new Queue(t.database, { work: true, retryDelaySeconds: 1, pollingIntervalSeconds: 0.5 });
    await q.start();
    await q.define([{ name: 'flaky', options: { retryLimit: 1 }, work: async () => {} }]);
    const done: string[] = [];
    const logs = captureLogs();
    try {
      await q.send('flaky', { n: 'bad' });
      await q.send('flaky', { n: 'good' });
      await q.work(
        'flaky',
        async (data) => {
          if ((data as { n: string }).n === 'bad') throw new Error('the thing is down');
          done.push('good');
        },
        { batchSize: 2, concurrency: 2 },
      );
      await eventually(() => expect(logs.find('job failed, no tries left')).toHaveLength(1), 20_000);
      const [retry] = logs.find('job failed, will retry');
      expect(retry).toMatchObject({ level: 40, queue: 'flaky', attempt: 1, of: 2, err: { message: 'the thing is down' } });
      expect(logs.find('job failed, no tries left')[0]).toMatchObject({ attempt: 2, of: 2, nextTry: null });
      expect(done).toEqual(['good']);
      const states = (await t.database.query(`select data->>'n' as n, state from pgboss.job where name = 'flaky' order by n`)).rows;
      expect(states).toEqual([
        { n: 'bad', state: 'failed' },
        { n: 'good', state: 'completed' },
      ]);
    } finally {
      logs.restore();
      await q.stop(1000);
    }
  });
});
