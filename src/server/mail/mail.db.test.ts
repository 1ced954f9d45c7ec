import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { signUpCode } from '@/features/accounts/server/accounts-mails';
import { sealCode } from '@/features/accounts/server/sealed-code';
import { createTestDatabase, type TestDatabase } from '#tests/test-db';
import { SmtpSink, freePort } from '#tests/smtp-sink';
import { eventually } from '#tests/eventually';
import { registerHandlers } from '../queue';
import { Queue } from '../queue/queue';
import { enqueueMail } from './mail';
import { testMail } from './test-mail';
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
    const lines: string[] = [];
    const key = Symbol.for('site.logger');
    const g = globalThis as Record<symbol, unknown>;
    const saved = g[key];
    g[key] = pino({ level: 'info', base: { service: 'site' } }, { write: (line: string) => lines.push(line) });
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
      g[key] = saved;
    }
  });

  it('delivers later when the SMTP server was down at first', async () => {
    const port = await freePort();
    await registerHandlers(queue, t.database, createTransport(`smtp://127.0.0.1:${port}?ignoreTLS=true`));
    await enqueueMail(queue, { key: 'late-1', to: 'late@example.com', locale: 'fr', template: testMail, props: {} });

    // The first attempt fails against the closed port and is scheduled again.
    await eventually(async () => {
      const job = await t.database.query(`select state, retry_count from pgboss.job where name = 'mail-send'`);
      expect(job.rows[0]).toMatchObject({ state: 'retry' });
    });

    const sink = new SmtpSink();
    sinks.push(sink);
    await sink.start(port);
    const [mail] = await sink.waitFor(1, 25_000);
    expect(mail!.subject).toBe('Message de test de Acme Digital');
    await new Promise((r) => setTimeout(r, 1500));
    expect(sink.messages).toHaveLength(1);
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
