import 'server-only';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db } from '@/server/db';
import { authSecret } from '@/server/env';
import { AppError } from '@/server/errors';
import { storage as defaultStorage, type Storage } from '@/server/storage/storage';
import { CV_MAX_BYTES } from '../schema';
import { findUploadOfLead } from './applications-repository';
import { findApplicant } from './applicants';

// An applicant's CV in the office: opened through a link made for one member, for five minutes.

/** How long a CV link works. */
const CV_LINK_MS = 5 * 60_000;
const cvKey = () => createHmac('sha256', authSecret()).update('office-cv-link').digest();
const cvSignature = (leadId: string, staffId: string, expires: number) =>
  createHmac('sha256', cvKey()).update(`cv:${leadId}:${staffId}:${expires}`).digest('base64url');

/** A CV link's token: the lead, its expiry (ms) and a signature binding both to one staff member. */
export function cvToken(leadId: string, staffId: string, expires: number): string {
  return `${leadId}.${expires}.${cvSignature(leadId, staffId, expires)}`;
}

/** The lead of a token this member was given and that has not expired; undefined otherwise. */
export function leadOfCvToken(token: string, staffId: string, now = Date.now()): string | undefined {
  const [leadId = '', expiresText = '', sig = ''] = token.split('.');
  const expires = Number(expiresText);
  if (!leadId || !Number.isSafeInteger(expires) || expires < now) return undefined;
  const expected = Buffer.from(cvSignature(leadId, staffId, expires));
  const given = Buffer.from(sig);
  return given.length === expected.length && timingSafeEqual(given, expected) ? leadId : undefined;
}

/** A CV link for this member, when the applicant has a CV. */
export async function cvLink(db: Db, leadId: string, staffId: string, now = Date.now()) {
  if (!(await findApplicant(db, leadId)) || !(await findUploadOfLead(db, leadId)))
    throw new AppError('not_found', 'No CV for this applicant.');
  const expires = now + CV_LINK_MS;
  return { url: `/rest/office/cv/${cvToken(leadId, staffId, expires)}`, expiresAt: new Date(expires) };
}

/** The CV file of an applicant, with the type found in its bytes. */
export async function applicantCv(db: Db, leadId: string, storage?: Storage) {
  if (!(await findApplicant(db, leadId))) return undefined;
  const upload = await findUploadOfLead(db, leadId);
  if (!upload) return undefined;
  const bytes = await (storage ?? (await defaultStorage())).read(upload.storageKey, CV_MAX_BYTES);
  return bytes ? { filename: upload.filename, contentType: upload.contentType ?? upload.declaredType, bytes } : undefined;
}
