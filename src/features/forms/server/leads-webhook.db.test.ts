import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '#tests/eventually';
import { createTestDatabase, type TestDatabase } from '#tests/test-db';

// A CRM stand-in on this machine: it fails the first delivery, then accepts.
const received: { body: string; signature: string }[] = [];
let calls = 0;
const crm = createServer((req: IncomingMessage, res) => {
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', () => {
    calls++;
    if (calls === 1) return res.writeHead(503).end();
    received.push({ body, signature: String(req.headers['x-signature']) });
    res.writeHead(204).end();
  });
});

let t: TestDatabase;
beforeAll(async () => {
  await new Promise<void>((r) => crm.listen(0, '127.0.0.1', r));
  process.env.LEADS_WEBHOOK_URL = `http://127.0.0.1:${(crm.address() as AddressInfo).port}/leads`;
  process.env.LEADS_WEBHOOK_SECRET = 'crm-shared-secret-0123456789';
  t = await createTestDatabase();
});
afterAll(async () => {
  crm.close();
  await t.drop();
});

describe('lead webhook', () => {
  it('posts each lead as signed JSON, again until the CRM accepts it', async () => {
    const { Queue } = await import('@/server/queue/queue');
    const { registerHandlers } = await import('@/server/queue');
    const { createTransport } = await import('@/server/mail/transport');
    const { submitLead } = await import('@/features/leads/server/leads-service');
    const queue = new Queue(t.database, { work: true, retryDelaySeconds: 1, pollingIntervalSeconds: 0.5 });
    await queue.start();
    await registerHandlers(queue, t.database, createTransport(undefined, process.env.DATA_DIR));

    const request = {
      type: 'feedback' as const,
      form: { comments: 'Great site' },
      context: { locale: 'it' as const, page: '/it/feedback', referrer: '', utm: {} },
      traps: { website: '', elapsedMs: 10_000 },
    };
    const { id } = await submitLead(t.database.db, queue, request, { ip: '192.0.2.7' });
    await eventually(() => expect(received).toHaveLength(1), 15_000);
    const [delivery] = received;
    expect(JSON.parse(delivery!.body)).toMatchObject({ id, type: 'feedback', locale: 'it', form: { comments: 'Great site' } });
    // What the CRM computes on its side with the secret it was given.
    expect(delivery!.signature).toBe(`sha256=${createHmac('sha256', 'crm-shared-secret-0123456789').update(delivery!.body).digest('hex')}`);
    expect(calls).toBe(2);
    await queue.stop(2000);
  });
});
