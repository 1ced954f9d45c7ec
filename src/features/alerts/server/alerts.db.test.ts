import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '#tests/eventually';
import { jobInput } from '#tests/job-factory';
import { SmtpSink } from '#tests/smtp-sink';
import { createTestDatabase, type TestDatabase } from '#tests/test-db';
import { importJobs } from '@/features/jobs/server/import-jobs';
import { openDatabase, type Database } from '@/server/db/client';
import { registerHandlers } from '@/server/queue';
import { Queue } from '@/server/queue/queue';
import { createTransport } from '@/server/mail/transport';
import { openSubscription, removeSubscription, subscribe } from './alerts-service';
import { removeStalePending, sendDueDigests } from './digests-service';
import { subscriptionToken } from './tokens';
import { alertSubscriptions } from './alerts-table';

const DAY = 86_400_000;
let t: TestDatabase;
let queue: Queue;
const sink = new SmtpSink();
const search = { dashboard: 'frontendjobs' as const, queryText: 'react', filters: { remote_work_allowance: 'fullremote' as const } };

beforeAll(async () => {
  t = await createTestDatabase();
  await sink.start();
  queue = new Queue(t.database, { work: true, retryDelaySeconds: 1, pollingIntervalSeconds: 0.5 });
  await queue.start();
  await registerHandlers(queue, t.database, createTransport(sink.url));
});
afterAll(async () => {
  await queue.stop(2000);
  await sink.stop();
  await t.drop();
});

const linkIn = (html: string, pattern: RegExp) => html.match(pattern)?.[0];

describe('job alerts', () => {
  let token = '';
  const t0 = new Date('2027-01-04T09:00:00Z');

  it('mail a confirmation that restates the search, at most once a day', async () => {
    await subscribe(
      t.database.db,
      queue,
      { email: 'Ana@Example.com', search, frequency: 'weekly', locale: 'es' },
      { ip: '203.0.113.9', now: t0 },
    );
    const [mail] = await sink.waitFor(1);
    expect(mail!.subject).toBe('Confirma tu alerta de empleo');
    expect(mail!.text).toContain('«Empleos de frontend · “react” · Totalmente en remoto» una vez a la semana');
    const url = linkIn(mail!.html as string, /http:\/\/localhost:3000\/sp\/alerts\/[\w.-]+/)!;
    token = url.split('/').at(-1)!;
    expect(token.length).toBeGreaterThan(40);

    await subscribe(
      t.database.db,
      queue,
      { email: 'ana@example.com', search, frequency: 'monthly', locale: 'es' },
      { ip: '203.0.113.9', now: new Date(t0.getTime() + 3_600_000) },
    );
    await new Promise((r) => setTimeout(r, 1500));
    expect(sink.messages).toHaveLength(1);
    await subscribe(
      t.database.db,
      queue,
      { email: 'ana@example.com', search, frequency: 'weekly', locale: 'es' },
      { ip: '203.0.113.9', now: new Date(t0.getTime() + DAY + 1) },
    );
    await sink.waitFor(2);
  });

  it('sends nothing before the address is confirmed', async () => {
    await importJobs(t.database.db, [
      jobInput({
        external_id: 'early',
        dashboards: ['frontendjobs'],
        tags: ['React'],
        remote_allowance: 'oneday',
        posted_at: new Date(t0.getTime() + 2 * DAY),
      }),
    ]);
    expect(await sendDueDigests(t.database.db, queue, new Date(t0.getTime() + 30 * DAY))).toEqual({ sent: 0, empty: 0 });
  });

  it('confirms from the link, then sends exactly the new matching jobs once per period', async () => {
    const opened = await openSubscription(t.database.db, token, t0);
    expect(opened).toMatchObject({ status: 'active', justConfirmed: true, frequency: 'weekly' });
    expect((await openSubscription(t.database.db, token, t0))!.justConfirmed).toBe(false);

    const day = (n: number) => new Date(t0.getTime() + n * DAY);
    await importJobs(t.database.db, [
      jobInput({
        external_id: 'match-1',
        position: 'React Engineer',
        dashboards: ['frontendjobs'],
        tags: ['React'],
        remote_allowance: 'fullremote',
        posted_at: day(1),
      }),
      jobInput({
        external_id: 'match-2',
        position: 'React Native Dev',
        dashboards: ['frontendjobs'],
        tags: ['React'],
        remote_allowance: 'fullremote',
        posted_at: day(3),
      }),
      jobInput({
        external_id: 'office',
        position: 'React Office Dev',
        dashboards: ['frontendjobs'],
        tags: ['React'],
        remote_allowance: 'oneday',
        posted_at: day(2),
      }),
      jobInput({
        external_id: 'vue',
        position: 'Vue Dev',
        dashboards: ['frontendjobs'],
        tags: ['Vue'],
        remote_allowance: 'fullremote',
        posted_at: day(2),
      }),
      jobInput({
        external_id: 'old',
        position: 'React Old',
        dashboards: ['frontendjobs'],
        tags: ['React'],
        remote_allowance: 'fullremote',
        posted_at: day(-1),
      }),
    ]);
    const before = sink.messages.length;
    expect(await sendDueDigests(t.database.db, queue, day(6))).toEqual({ sent: 0, empty: 0 }); // not due yet
    expect(await sendDueDigests(t.database.db, queue, day(8))).toEqual({ sent: 1, empty: 0 });
    const digest = (await sink.waitFor(before + 1)).at(-1)!;
    expect(digest.subject).toBe('2 ofertas nuevas para «Empleos de frontend · “react” · Totalmente en remoto»');
    const titles = [...(digest.html as string).matchAll(/>Testcorp - ([^<]+)</g)].map((m) => m[1]);
    expect(titles).toEqual(['React Native Dev', 'React Engineer']);
    // Folded header lines unfolded, as a mail client reads them.
    const header = (name: string) => digest.headerLines.find((h) => h.key === name)?.line.replace(/\r\n\s+/g, ' ');
    expect(header('list-unsubscribe')).toMatch(/^List-Unsubscribe: <http:\/\/localhost:3000\/rest\/newsletter\/unsubscribe\/[\w.-]+>$/);
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(digest.html).toMatch(/href="http:\/\/localhost:3000\/sp\/alerts\/[\w.-]+\?unsubscribe=1"/);
    expect(digest.text).toContain('Darme de baja');

    // The same period again, and a later one with nothing new: no mail.
    expect(await sendDueDigests(t.database.db, queue, day(8))).toEqual({ sent: 0, empty: 0 });
    expect(await sendDueDigests(t.database.db, queue, day(16))).toEqual({ sent: 0, empty: 1 });
    await new Promise((r) => setTimeout(r, 1500));
    expect(sink.messages).toHaveLength(before + 1);
  });

  it('sends each digest once when two workers run at the same time', async () => {
    const now = new Date(t0.getTime() + 60 * DAY);
    const all = { dashboard: 'all' as const, queryText: '', filters: {} };
    await t.database.db.insert(alertSubscriptions).values(
      Array.from({ length: 6 }, (_, i) => ({
        id: `worker-test-${i}`,
        email: `w${i}@example.com`,
        locale: 'en',
        search: all,
        searchKey: `all-${i}`,
        frequency: 'weekly',
        status: 'active',
        lastDigestAt: t0,
        nextDigestAt: t0,
      })),
    );
    await importJobs(t.database.db, [jobInput({ external_id: 'for-all', posted_at: new Date(t0.getTime() + DAY) })]);

    // A second worker: its own connection (on PostgreSQL) and its own queue.
    let other: Database = t.database;
    let otherQueue = queue;
    if (t.url) {
      other = await openDatabase({ url: t.url, pgliteDir: '' });
      otherQueue = new Queue(other, { work: false });
      await otherQueue.start();
    }
    const before = sink.messages.length;
    const [a, b] = await Promise.all([sendDueDigests(t.database.db, queue, now), sendDueDigests(other.db, otherQueue, now)]);
    expect(a.sent + b.sent).toBe(6);
    expect(a.empty + b.empty).toBe(1); // the first subscriber's search has nothing new
    await eventually(() => expect(sink.messages.length).toBe(before + 6), 20_000);
    await new Promise((r) => setTimeout(r, 1500));
    expect(new Set(sink.messages.slice(before).map((m) => (m.to as { text: string }).text)).size).toBe(6);
    expect(sink.messages.length).toBe(before + 6);
    if (other !== t.database) {
      await otherQueue.stop(1000);
      await other.close();
    }
  });

  it('sends nothing queued for a subscription after its unsubscribe', async () => {
    const idle = new Queue(t.database, { work: false });
    await idle.start();
    await t.database.db.insert(alertSubscriptions).values({
      id: 'quits-before-mail',
      email: 'quits@example.com',
      locale: 'en',
      search: { dashboard: 'all', queryText: '', filters: {} },
      searchKey: 'quits',
      frequency: 'weekly',
      status: 'active',
      lastDigestAt: t0,
      nextDigestAt: t0,
    });
    // The running worker must not take the mail before the unsubscribe: pause it by holding the digest in a queue without workers.
    await queue.stop(2000);
    expect((await sendDueDigests(t.database.db, idle, new Date(t0.getTime() + 90 * DAY))).sent).toBe(1);
    expect(await removeSubscription(t.database.db, idle, subscriptionToken('quits-before-mail'))).toBe(true);
    const { rows } = await t.database.query(
      `select state from pgboss.job where name = 'mail-send' and singleton_key like 'alert-digest:quits-before-mail:%'`,
    );
    expect(rows.map((r) => r.state)).toEqual(['cancelled']);
    await idle.stop(1000);
    queue = new Queue(t.database, { work: true, retryDelaySeconds: 1, pollingIntervalSeconds: 0.5 });
    await queue.start();
    await registerHandlers(queue, t.database, createTransport(sink.url));
  });

  it('forgets unconfirmed subscriptions after 7 days', async () => {
    await subscribe(
      t.database.db,
      queue,
      { email: 'late@example.com', search, frequency: 'weekly', locale: 'en' },
      { ip: '203.0.113.9', now: t0 },
    );
    expect(await removeStalePending(t.database.db, new Date(t0.getTime() + 6 * DAY))).toBe(0);
    expect(await removeStalePending(t.database.db, new Date(t0.getTime() + 8 * DAY))).toBe(1);
  });
});
