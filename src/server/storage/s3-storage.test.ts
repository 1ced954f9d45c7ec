import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3Storage } from './s3-storage';

// A bucket that answers 503 to everything, and an address where nothing listens.
const down = createServer((_req, res) => res.writeHead(503, { 'content-type': 'application/xml' }).end('<Error><Code>ServiceUnavailable</Code></Error>'));
beforeAll(() => new Promise<void>((r) => down.listen(0, '127.0.0.1', r)));
afterAll(() => new Promise<void>((r) => down.close(() => r())));

const store = (endpoint: string) => new S3Storage('cvs', { endpoint, region: 'us-east-1', accessKeyId: 'key', secretAccessKey: 'secret' });
const KEY = 'cv/abcdefghijklmnop';

describe('S3 storage that is down', () => {
  it('answers unavailable (a 503 for the visitor), for a store that errs and for one that is not there', async () => {
    const erring = store(`http://127.0.0.1:${(down.address() as AddressInfo).port}`);
    await expect(erring.read(KEY, 100)).rejects.toMatchObject({ code: 'unavailable', status: 503 });
    await expect(erring.remove(KEY)).rejects.toMatchObject({ code: 'unavailable' });
    await expect(store('http://127.0.0.1:1').read(KEY, 100)).rejects.toMatchObject({ code: 'unavailable' });
  });
});
