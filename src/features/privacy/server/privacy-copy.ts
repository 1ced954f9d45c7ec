import 'server-only';
import type { Db } from '@/server/db';
import { env } from '@/server/env';
import { features } from '@/server/features';
import { enqueueMail } from '@/server/mail/mail';
import { audit } from '@/server/office/audit';
import type { Queue } from '@/server/queue/queue';
import { idOfToken, signedToken } from '@/server/signed-token';
import { storage as defaultStorage, type Storage } from '@/server/storage/storage';
import { newStorageKey } from '@/server/storage/storage-keys';
import type { Locale } from '@/i18n/routing';
import { COPY_DAYS, DAY } from './privacy-deadlines';
import { privacyCopyReady } from './privacy-mails';
import { findRequest, moveRequest } from './privacy-repository';
import type { PrivacyRequest } from './privacy-table';
import { zip } from './zip';

/** A copy holds CVs of 5 MB at most, a few of them: anything larger than this is not one of ours. */
const COPY_MAX_BYTES = 200 * 1024 * 1024;

const COPY = 'privacy-copy';

/** The copy's download address (an API route: the file comes as an attachment). */
function copyUrl(id: string): string {
  return `${env().PUBLIC_URL}/rest/privacy/copies/${signedToken(COPY, id)}`;
}

/** File names inside the copy: no folders of their own, no duplicates. */
function safeName(name: string, taken: Set<string>): string {
  const base = name.replace(/[\\/\u0000-\u001f]/g, '_').slice(0, 120) || 'file';
  let candidate = base;
  for (let n = 2; taken.has(candidate); n++) candidate = `${n}-${base}`;
  taken.add(candidate);
  return candidate;
}

/** Every feature's records and files for the address, as one zip: `data.json` and `files/…`. */
async function buildCopy(db: Db, email: string, now = new Date()): Promise<{ zip: Buffer; files: number }> {
  const records: Record<string, Record<string, unknown[]>> = {};
  const entries: { name: string; bytes: Buffer }[] = [];
  const taken = new Set<string>();
  for (const feature of features()) {
    if (!feature.privacy) continue;
    const data = await feature.privacy.collect(db, email);
    const kinds = Object.fromEntries(Object.entries(data.records).filter(([, rows]) => rows.length > 0));
    if (Object.keys(kinds).length) records[feature.name] = kinds;
    for (const file of data.files) entries.push({ name: `files/${feature.name}/${safeName(file.name, taken)}`, bytes: file.bytes });
  }
  const document = {
    email,
    madeAt: now.toISOString(),
    site: env().PUBLIC_URL,
    records,
    files: entries.map((e) => e.name),
  };
  const json = { name: 'data.json', bytes: Buffer.from(JSON.stringify(document, null, 2), 'utf8') };
  return { zip: zip([json, ...entries], now), files: entries.length };
}

/** A confirmed request for a copy: the zip stored, its download link mailed for COPY_DAYS. */
export async function makeCopy(
  db: Db,
  queue: Queue,
  request: PrivacyRequest,
  { storage, now = new Date() }: { storage?: Storage; now?: Date },
) {
  const store = storage ?? (await defaultStorage());
  const { zip: bytes } = await buildCopy(db, request.email, now);
  const key = newStorageKey('copy');
  await store.write(key, bytes, 'application/zip');
  const expires = new Date(now.getTime() + COPY_DAYS * DAY);
  const moved = await db.transaction(async (tx) => {
    const row = await moveRequest(tx, request.id, 'confirmed', { status: 'ready', fileKey: key, fileExpiresAt: expires, completedAt: now });
    if (!row) return undefined;
    await enqueueMail(
      queue,
      {
        key: `privacy-copy:${request.id}`,
        to: request.email,
        locale: request.locale as Locale,
        template: privacyCopyReady,
        props: { url: copyUrl(request.id), expiresAt: expires.toISOString() },
      },
      { tx },
    );
    await audit(tx, { actor: null, action: 'privacy.copy', record: request.id });
    return row;
  });
  // Another worker got there first (a retried job): this file is nobody's.
  if (!moved) await store.remove(key);
}

/** The copy behind a download link, while its link works; undefined for a bad, spent or expired link. */
export async function downloadCopy(
  db: Db,
  token: string,
  { ip, now = new Date(), storage }: { ip: string; now?: Date; storage?: Storage },
): Promise<Buffer | undefined> {
  const id = idOfToken(COPY, token);
  const request = id ? await findRequest(db, id) : undefined;
  if (!request?.fileKey || !request.fileExpiresAt || request.fileExpiresAt <= now) return undefined;
  const bytes = await (storage ?? (await defaultStorage())).read(request.fileKey, COPY_MAX_BYTES);
  if (!bytes) return undefined;
  await audit(db, { actor: null, action: 'privacy.download', record: request.id, ip });
  return bytes;
}
