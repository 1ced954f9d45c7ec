import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useApiDatabase } from '#tests/api-db';
import { exeFile, pdfFile } from '#tests/cv-files';
import { Queue } from '@/server/queue/queue';
import { S3Storage } from '@/server/storage/s3-storage';
import { CV_TYPES } from '../schema';
import { uploads } from './applications-table';
import { submitApplication } from './applications-service';
import { requestUpload } from './uploads-service';

// The bucket path against a local S3 server over HTTP, with the real SDK: presigned PUT from the
// browser, then the object read back, checked and (when refused) deleted. This server does not
// check V4 signatures, so what the URL binds is asserted on the URL itself.

let ctx: Awaited<ReturnType<typeof useApiDatabase>>;
let server: S3rver;
let storage: S3Storage;
let queue: Queue;
beforeAll(async () => {
  ctx = await useApiDatabase();
  server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: mkdtempSync(path.join(tmpdir(), 's3-')),
    configureBuckets: [{ name: 'cvs', configs: [] }],
  });
  const { port } = await server.run();
  storage = new S3Storage('cvs', {
    endpoint: `http://127.0.0.1:${port}`,
    region: 'eu-west-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
  });
  queue = new Queue(ctx.database, { work: false });
  await queue.start();
});
afterAll(async () => {
  await queue?.stop(1000);
  await server?.close();
  await ctx?.cleanup();
});

const PDF = CV_TYPES[0];
const ask = (bytes: Buffer, email: string) =>
  requestUpload(
    ctx.database.db,
    { file: { filename: 'cv.pdf', mimetype: PDF, size: bytes.length }, email, info: '', locale: 'en' },
    { ip: '192.0.2.10', storage },
  );
const put = (target: { uploadUrl: string; headers: Record<string, string> }, bytes: Buffer) =>
  fetch(target.uploadUrl, { method: 'PUT', headers: target.headers, body: new Uint8Array(bytes) });
const cvForm = (fileId: string) => ({
  type: 'cv' as const,
  form: { fileId },
  context: { locale: 'en' as const, page: '/careers', referrer: '', utm: {} },
  traps: { website: '', elapsedMs: 9000 },
});

describe('CV uploads to an S3 bucket', () => {
  it('presigns a PUT bound to the type, the exact length and a first write, for 15 minutes', async () => {
    const target = await ask(pdfFile(), 's3-sign@example.com');
    const url = new URL(target.uploadUrl);
    expect(url.pathname).toMatch(/^\/cvs\/cv\/[\w-]+$/);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('900');
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;content-type;host;if-none-match');
    expect(target.headers).toEqual({ 'content-type': PDF, 'if-none-match': '*' });
  });

  it('checks the object when the form arrives, and keeps it', async () => {
    const cv = pdfFile();
    const target = await ask(cv, 's3-ok@example.com');
    expect((await put(target, cv)).status).toBe(200);
    expect(await submitApplication(ctx.database.db, queue, cvForm(target.fileId), { ip: '192.0.2.11', storage })).toMatchObject({
      stored: true,
    });
    const [row] = await ctx.database.db.select().from(uploads).where(eq(uploads.id, target.fileId));
    expect(row).toMatchObject({ status: 'attached', contentType: PDF, size: cv.length });
    expect(Buffer.compare((await storage.read(row!.storageKey, 10_000_000))!, cv)).toBe(0);
  });

  it('refuses a program sent to the bucket, deletes it, and the form is not stored', async () => {
    const bytes = exeFile();
    const target = await ask(bytes, 's3-exe@example.com');
    expect((await put(target, bytes)).status).toBe(200);
    const [row] = await ctx.database.db.select().from(uploads).where(eq(uploads.id, target.fileId));
    await expect(submitApplication(ctx.database.db, queue, cvForm(target.fileId), { ip: '192.0.2.12', storage })).rejects.toMatchObject({
      status: 422,
    });
    expect(await storage.read(row!.storageKey, 10_000_000)).toBeNull();
    expect(await ctx.database.db.select().from(uploads).where(eq(uploads.id, target.fileId))).toEqual([]);
  });

  it('refuses a form whose file never reached the bucket', async () => {
    const target = await ask(pdfFile(), 's3-none@example.com');
    await expect(submitApplication(ctx.database.db, queue, cvForm(target.fileId), { ip: '192.0.2.13', storage })).rejects.toMatchObject({
      status: 422,
    });
  });
});
