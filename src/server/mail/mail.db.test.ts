import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { signUpCode } from '@/features/accounts/server/accounts-mails';
import { sealCode } from '@/features/accounts/server/sealed-code';
import { createTestDatabase, type TestDatabase } from '#tests/test-db';
import { SmtpSink, freePort } from '#tests/smtp-sink';
import { eventually } from '#tests/eventually';
import { captureLogs } from '#tests/capture-logs';
import { registerHandlers } from '../queue';
import { Queue } from '../queue/queue';
import { enqueueMail } from './mail';
import { testMail } from './test-mail';
import { defineMail } from './mail-types';
import { mailDeliveries } from './mail-table';
import { createTransport } from './transport';

describe('mail through the queue', () => {
  let t: TestDatabase;
  let queue: Queue;
  const sinks: SmtpSink[] = [];

  beforeEach(async () => {
    t = await createTestDatabase();
    queue = new Queue(t.database, { work: true, retryDelaySeconds: 1, pollingIntervalSeconds: 0.5 });
    await queue.start();
  });

  afterEach(async () => {
    await queue.stop(2000);
    await Promise.all(sinks.splice(0).map((s) => s.stop()));
    await t.drop();
  });

  it('delivers a queued mail to the SMTP server, localized, once', async () => {
    const sink = new SmtpSink();
    sinks.push(sink);
    await sink.start();
    await registerHandlers(queue, t.database, createTransport(sink.url));

    await enqueueMail(queue, { key: 'test-de-1', to: 'kunde@example.com', locale: 'de', template: testMail, props: {} });

    const [mail] = await sink.waitFor(1);
    expect(mail!.subject).toBe('Testnachricht von Acme Digital');
    expect(mail!.to).toMatchObject({ text: 'kunde@example.com' });
    expect(mail!.text).toContain('Diese Nachricht wurde über die Warteschlange von Acme Digital gesendet.');
    expect(mail!.html).toContain('lang="de"');
    expect(mail!.text).toContain('Calle Ejemplo 12');

    // The same key again (a duplicate job) is not mailed twice.
    await enqueueMail(queue, { key: 'test-de-1', to: 'kunde@example.com', locale: 'de', template: testMail, props: {} });
    await new Promise((r) => setTimeout(r, 2500));
    expect(sink.messages).toHaveLength(1);
    const rows = await t.database.db.select().from(mailDeliveries);
    expect(rows).toHaveLength(1);
  });

  it('logs which mail was sent, never its subject: a sign-up code must not reach the logs', async () => {
    const logs = captureLogs();
    const { lines } = logs;
    try {
      const sink = new SmtpSink();
      sinks.push(sink);
      await sink.start();
      await registerHandlers(queue, t.database, createTransport(sink.url));
      const code = '918273';
      await enqueueMail(queue, {
        key: 'signup-code:log-1',
        to: 'ana@example.com',
        locale: 'en',
        template: signUpCode,
        props: { name: 'Ana Ruiz', sealedCode: sealCode(code), verifyUrl: 'http://localhost/verify', minutes: 10 },
      });
      const [mail] = await sink.waitFor(1);
      expect(mail!.subject).toContain(code);
      await eventually(() => expect(lines.some((l) => l.includes('"mail sent"'))).toBe(true));
      const sent = JSON.parse(lines.find((l) => l.includes('"mail sent"'))!);
      expect(sent).toMatchObject({ key: 'signup-code:log-1', template: 'signup-code' });
      expect(lines.join('\n')).not.toContain(code);
      expect(lines.join('\n')).not.toContain('Ana Ruiz');
    } finally {
      logs.restore();
    }
  });

  it('delivers later when the SMTP server was down at first', async () => {
    const port = await freePort();
    const logs = captureLogs();
    try {
      await registerHandlers(queue, t.database, createTransport(`smtp://127.0.0.1:${port}?ignoreTLS=true`));
      await enqueueMail(queue, { key: 'late-1', to: 'late@example.com', locale: 'fr', template: testMail, props: {} });

      // The first attempt fails against the closed port, is scheduled again, and the log says so.
      await eventually(async () => {
        const job = await t.database.query(`select state, retry_count from pgboss.job where name = 'mail-send'`);
        expect(job.rows[0]).toMatchObject({ state: 'retry' });
      });
      await eventually(() => expect(logs.find('job failed, will retry')).not.toHaveLength(0));
      const [failed] = logs.find('job failed, will retry');
      expect(failed).toMatchObject({ level: 40, queue: 'mail-send', attempt: 1, of: 13, err: { code: 'ESOCKET' } });
      expect(new Date(failed!.nextTry as string).getTime()).toBeGreaterThan(Date.now() - 5000);
      expect(logs.lines.join('\n')).not.toContain('late@example.com');
    } finally {
      logs.restore();
    }

    const sink = new SmtpSink();
    sinks.push(sink);
    await sink.start(port);
    const [mail] = await sink.waitFor(1, 25_000);
    expect(mail!.subject).toBe('Message de test de Acme Digital');
    await new Promise((r) => setTimeout(r, 1500));
    expect(sink.messages).toHaveLength(1);
  });

  it('sends every mail once when the SMTP server comes back, though two workers run', async () => {
    const port = await freePort();
    const second = new Queue(t.database, { work: true, retryDelaySeconds: 1, pollingIntervalSeconds: 0.5 });
    await second.start();
    try {
      for (const q of [queue, second]) await registerHandlers(q, t.database, createTransport(`smtp://127.0.0.1:${port}?ignoreTLS=true`));
      for (let i = 0; i < 30; i++)
        await enqueueMail(queue, { key: `outage-${i}`, to: `o${i}@example.com`, locale: 'en', template: testMail, props: {} });
      await eventually(async () => {
        const { rows } = await t.database.query(`select count(*)::int as n from pgboss.job where name = 'mail-send' and state = 'retry'`);
        expect(rows[0]!.n).toBeGreaterThan(0);
      });
      const sink = new SmtpSink();
      sinks.push(sink);
      await sink.start(port);
      await sink.waitFor(30, 40_000);
      await new Promise((r) => setTimeout(r, 2000));
      const to = sink.messages.map((m) => (m.to as { text: string }).text);
      expect(to).toHaveLength(30);
      expect(new Set(to).size).toBe(30);
    } finally {
      await second.stop(2000);
    }
  });

  it('sends again, with the same Message-ID and a warning, a mail whose earlier try never recorded its outcome', async () => {
    const sink = new SmtpSink();
    sinks.push(sink);
    await sink.start();
    await t.database.db
      .insert(mailDeliveries)
      .values({ key: 'unknown-1', recipient: 'u@example.com', subject: 'Test', messageId: '<x@localhost>', status: 'sending' });
    const logs = captureLogs();
    try {
      await registerHandlers(queue, t.database, createTransport(sink.url));
      await enqueueMail(queue, { key: 'unknown-1', to: 'u@example.com', locale: 'en', template: testMail, props: {} });
      await sink.waitFor(1);
      await eventually(() => expect(logs.find('mail sent again: an earlier try may have delivered it')).toHaveLength(1));
      await eventually(async () => expect((await t.database.db.select().from(mailDeliveries))[0]!.status).toBe('sent'));
    } finally {
      logs.restore();
    }
  });

  it('sends once when the database is away for a moment right after the SMTP server took the mail', async () => {
    const sink = new SmtpSink();
    sinks.push(sink);
    await sink.start();
    const smtp = createTransport(sink.url);
    let away = false;
    await registerHandlers(queue, t.database, {
      async send(message) {
        const sent = await smtp.send(message);
        if (!away) {
          // What a PostgreSQL restart does to the one statement that records the delivery.
          away = true;
          await t.database.exec('alter table mail_deliveries rename to mail_deliveries_away');
          setTimeout(() => void t.database.exec('alter table mail_deliveries_away rename to mail_deliveries'), 1500);
        }
        return sent;
      },
    });
    await enqueueMail(queue, { key: 'restart-1', to: 'r@example.com', locale: 'en', template: testMail, props: {} });
    await sink.waitFor(1);
    await eventually(async () => {
      const job = await t.database.query(`select state, retry_count from pgboss.job where name = 'mail-send'`);
      expect(job.rows[0]).toMatchObject({ state: 'completed', retry_count: 0 });
    });
    expect(sink.messages).toHaveLength(1);
    expect((await t.database.db.select().from(mailDeliveries))[0]!.status).toBe('sent');
  });

  it('sends the mails a visitor waits for before a backlog of digests', async () => {
    const sink = new SmtpSink();
    sinks.push(sink);
    await sink.start();
    const digest = defineMail(testMail.name, testMail.render, { bulk: true });
    for (let i = 0; i < 60; i++)
      await enqueueMail(queue, { key: `digest-${i}`, to: `d${i}@example.com`, locale: 'en', template: digest, props: {} });
    await enqueueMail(queue, { key: 'code-1', to: 'waiting@example.com', locale: 'en', template: testMail, props: {} });
    await registerHandlers(queue, t.database, createTransport(sink.url));
    await sink.waitFor(61, 60_000);
    const order = sink.messages.map((m) => (m.to as { text: string }).text);
    expect(order.indexOf('waiting@example.com')).toBeLessThan(5);
  });

  it('enqueues nothing when the transaction that wrote the record rolls back', async () => {
    const sink = new SmtpSink();
    sinks.push(sink);
    await sink.start();
    await registerHandlers(queue, t.database, createTransport(sink.url));

    await expect(
      t.database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await enqueueMail(queue, { key: 'rolled-back', to: 'a@example.com', locale: 'en', template: testMail, props: {} }, { tx });
        throw new Error('the record could not be stored');
      }),
    ).rejects.toThrow('the record could not be stored');

    await t.database.db.transaction(async (tx) => {
      await enqueueMail(queue, { key: 'committed', to: 'b@example.com', locale: 'en', template: testMail, props: {} }, { tx });
    });

    const [mail] = await sink.waitFor(1);
    expect(mail!.to).toMatchObject({ text: 'b@example.com' });
    await new Promise((r) => setTimeout(r, 1500));
    expect(sink.messages.map((m) => (m.to as { text: string }).text)).toEqual(['b@example.com']);
  });
});
