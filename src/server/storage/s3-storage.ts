import 'server-only';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { AppError, isUnavailable } from '@/server/errors';
import { checkKey } from './storage-keys';
import type { Storage } from './storage-types';

/** A store that does not answer, or answers 5xx, is unavailable (a 503), not a crash. */
function storeError(err: unknown): unknown {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  const status = e.$metadata?.httpStatusCode ?? 0;
  if (status >= 500 || e.name === 'TimeoutError' || isUnavailable(err))
    return Object.assign(new AppError('unavailable', 'File storage is unavailable.'), { cause: err });
  return err;
}

export class S3Storage implements Storage {
  readonly kind = 's3' as const;
  readonly client: S3Client;
  constructor(
    readonly bucket: string,
    options: { endpoint?: string; region: string; accessKeyId?: string; secretAccessKey?: string; requestTimeoutMs?: number },
  ) {
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      // S3-compatible servers (MinIO, Ceph, R2) address buckets by path.
      forcePathStyle: !!options.endpoint,
      credentials:
        options.accessKeyId && options.secretAccessKey
          ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
          : undefined,
      // The browser sends the file as is; a checksum the SDK adds would not match its request.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // A form waits on the store (its file is checked): never longer than this per attempt. Without
      // throwOnRequestTimeout the SDK only logs a warning when the time is up, and goes on waiting.
      requestHandler: { connectionTimeout: 3000, requestTimeout: options.requestTimeoutMs ?? 10_000, throwOnRequestTimeout: true },
      maxAttempts: 2,
    });
  }

  /**
   * A presigned PUT bound to the type and exact length declared, which works once: the signed
   * `If-None-Match: *` makes the store refuse a second PUT to the same key.
   */
  async presignPut(key: string, contentType: string, size: number, expiresInSeconds: number) {
    const command = new PutObjectCommand({
      Bucket: this.bucket,
      Key: checkKey(key),
      ContentType: contentType,
      ContentLength: size,
      IfNoneMatch: '*',
    });
    const url = await getSignedUrl(this.client, command, {
      expiresIn: expiresInSeconds,
      signableHeaders: new Set(['content-type', 'content-length', 'if-none-match']),
    });
    return { url, headers: { 'content-type': contentType, 'if-none-match': '*' } };
  }

  async read(key: string, maxBytes: number): Promise<Buffer | null> {
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: checkKey(key), Range: `bytes=0-${maxBytes}` }));
      return Buffer.from(await out.Body!.transformToByteArray());
    } catch (err) {
      const name = (err as { name?: string }).name;
      if (name === 'NoSuchKey' || name === 'NotFound' || name === 'InvalidRange') return null;
      throw storeError(err);
    }
  }

  async write(key: string, bytes: Buffer, contentType: string): Promise<void> {
    await this.client
      .send(new PutObjectCommand({ Bucket: this.bucket, Key: checkKey(key), Body: bytes, ContentType: contentType }))
      .catch((err: unknown) => {
        throw storeError(err);
      });
  }

  async remove(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: checkKey(key) })).catch((err: unknown) => {
      throw storeError(err);
    });
  }
}
