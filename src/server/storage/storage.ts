import 'server-only';
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import path from 'node:path';
import { AppError } from '../errors';
import { env } from '../env';
import { log } from '../log';
import { processSingleton } from '../singleton';
import { checkKey } from './storage-keys';
import type { Storage } from './storage-types';

export type { Storage } from './storage-types';

export class LocalStorage implements Storage {
  readonly kind = 'local' as const;
  constructor(readonly root: string) {}

  private file(key: string) {
    return path.join(this.root, checkKey(key));
  }

  /**
   * Streams a request body into a temporary file, counting bytes as they come: more than
   * `maxBytes` stops the upload and removes what arrived. Nothing is kept in memory.
   */
  async receive(body: ReadableStream<Uint8Array> | null, maxBytes: number): Promise<{ temp: string; size: number }> {
    const folder = path.join(this.root, 'tmp');
    await mkdir(folder, { recursive: true });
    const temp = path.join(folder, randomBytes(12).toString('base64url'));
    let size = 0;
    const count = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        if (size > maxBytes) done(new AppError('payload_too_large', `The file is larger than the ${maxBytes} bytes announced.`));
        else done(null, chunk);
      },
    });
    const source = body ? Readable.fromWeb(body as import('node:stream/web').ReadableStream<Uint8Array>) : Readable.from([]);
    let clientStopped = false;
    source.once('error', () => (clientStopped = true));
    const out = createWriteStream(temp, { flags: 'wx', mode: 0o600 });
    try {
      await pipeline(source, count, out);
      return { temp, size };
    } catch (err) {
      // The file may still be opening when the pipeline fails: removed before it closes, it
      // would be created again behind our back.
      if (!out.closed) await new Promise<void>((done) => out.once('close', () => done()));
      await rm(temp, { force: true });
      // The client closed the connection or stopped sending: its doing, not an outage (no 503,
      // no error log that anyone with a socket could produce at will).
      if (clientStopped && !(err instanceof AppError)) {
        log().info({ received: size }, 'upload stopped by the client');
        throw new AppError('bad_request', 'The upload stopped before the file was complete.');
      }
      throw err;
    }
  }

  /** Removes received files that were never kept (a crash or a kill in the middle of an upload). */
  async sweepTemp(olderThanMs: number, now = Date.now()): Promise<number> {
    const folder = path.join(this.root, 'tmp');
    let removed = 0;
    for (const name of await readdir(folder).catch(() => [] as string[])) {
      const file = path.join(folder, name);
      const info = await stat(file).catch(() => null);
      if (info && now - info.mtimeMs > olderThanMs) {
        await rm(file, { force: true });
        removed++;
      }
    }
    return removed;
  }

  /** Moves a received file to its key. */
  async commit(temp: string, key: string): Promise<void> {
    const target = this.file(key);
    await mkdir(path.dirname(target), { recursive: true });
    await rename(temp, target);
  }

  async read(key: string, maxBytes: number): Promise<Buffer | null> {
    try {
      // Local files were checked before they were kept, so they are never larger than that.
      const file = await readFile(this.file(key));
      return file.length > maxBytes ? file.subarray(0, maxBytes + 1) : file;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async write(key: string, bytes: Buffer): Promise<void> {
    // Written beside and renamed into place: a reader never sees half a file.
    const folder = path.join(this.root, 'tmp');
    await mkdir(folder, { recursive: true });
    const temp = path.join(folder, randomBytes(12).toString('base64url'));
    await writeFile(temp, bytes, { mode: 0o600, flag: 'wx' });
    await this.commit(temp, key);
  }

  async readTemp(temp: string): Promise<Buffer> {
    return readFile(temp);
  }

  async remove(key: string): Promise<void> {
    await rm(this.file(key), { force: true });
  }

  async discard(temp: string): Promise<void> {
    await rm(temp, { force: true });
  }
}

const instance = processSingleton<Storage>('storage');

/** The process's file storage, from S3_* when S3_BUCKET is set, else DATA_DIR/uploads. */
export function storage(): Promise<Storage> {
  return instance.get(async () => {
    const e = env();
    if (e.S3_BUCKET) {
      // Loaded only with a bucket: the SDK is large and most processes never need it.
      const { S3Storage } = await import('./s3-storage');
      return new S3Storage(e.S3_BUCKET, {
        endpoint: e.S3_ENDPOINT,
        region: e.S3_REGION,
        accessKeyId: e.S3_ACCESS_KEY_ID,
        secretAccessKey: e.S3_SECRET_ACCESS_KEY,
      });
    }
    return new LocalStorage(path.join(e.DATA_DIR, 'uploads'));
  });
}
