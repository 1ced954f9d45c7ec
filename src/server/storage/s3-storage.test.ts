import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3Storage } from './s3-storage';

// A bucket that answers 503 to everything, one that takes requests and never answers, and an
// address where nothing listens.
const down = createServer((_req, res) =>
  res.writeHead(503, { 'content-type': 'application/xml' }).end('<Error><Code>ServiceUnavailable</Code></Error>'),
);
const hanging = createServer(() => {});
const port = (server: typeof down) => (server.address() as AddressInfo).port;
beforeAll(() => Promise.all([down, hanging].map((s) => new Promise<void>((r) => s.listen(0, '127.0.0.1', r)))));
afterAll(() => Promise.all([down, hanging].map((s) => new Promise<void>((r) => (s.closeAllConnections(), s.close(() => r()))))));

const store = (endpoint: string, requestTimeoutMs?: number) =>
  new S3Storage('cvs', { endpoint, region: 'us-east-1', accessKeyId: 'key', secretAccessKey: 'secret', requestTimeoutMs });
const KEY = 'cv/abcdefghijklmnop';

describe('S3 storage that is down', () => {
  it('answers unavailable (a 503 for the visitor), for a store that errs and for one that is not there', async () => {
    const erring = store(`http://127.0.0.1:${port(down)}`);
    await expect(erring.read(KEY, 100)).rejects.toMatchObject({ code: 'unavailable', status: 503 });
    await expect(erring.remove(KEY)).rejects.toMatchObject({ code: 'unavailable' });
    await expect(store('http://127.0.0.1:1').read(KEY, 100)).rejects.toMatchObject({ code: 'unavailable' });
  });

  it('gives up on a store that never answers, after its time', async () => {
    const started = Date.now();
    await expect(store(`http://127.0.0.1:${port(hanging)}`, 500).read(KEY, 100)).rejects.toMatchObject({ code: 'unavailable' });
    // Two attempts of half a second each, not the default socket wait.
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
