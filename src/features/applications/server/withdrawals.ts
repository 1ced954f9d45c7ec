import 'server-only';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { findApplicantLead, moveApplicantLead } from '@/features/forms/server';
import type { Db } from '@/server/db';
import { authSecret, env } from '@/server/env';
import { audit } from '@/server/office/audit';
import { storage as defaultStorage, type Storage } from '@/server/storage/storage';
import { localizedPath, type Locale } from '@/i18n/routing';
import { deleteUploads, findUploadsOfLeads } from './applications-repository';

const signature = (leadId: string) =>
  createHmac('sha256', createHmac('sha256', authSecret()).update('application-withdraw').digest())
    .update(`withdraw:${leadId}`)
    .digest('base64url');

/** The acknowledgement mail's "withdraw my application" address: the lead, signed. */
export function withdrawUrl(leadId: string, locale: Locale): string {
  return `${env().PUBLIC_URL}${localizedPath(`/careers/withdraw/${leadId}.${signature(leadId)}`, locale)}`;
}

function leadOfToken(token: string): string | undefined {
  const [leadId = '', sig = '', ...rest] = token.split('.');
  if (!leadId || rest.length) return undefined;
  const expected = Buffer.from(signature(leadId));
  const given = Buffer.from(sig);
  return given.length === expected.length && timingSafeEqual(given, expected) ? leadId : undefined;
}

/** What the withdrawal page shows: the application's title and whether it is withdrawn; undefined for a bad or spent link. */
export async function withdrawalOf(db: Db, token: string): Promise<{ target: string | null; withdrawn: boolean } | undefined> {
  const leadId = leadOfToken(token);
  if (!leadId) return undefined;
  const lead = await findApplicantLead(db, leadId, { withSpam: true });
  if (!lead) return undefined;
  return { target: (lead.form.job as { title?: string } | undefined)?.title ?? null, withdrawn: lead.status === 'withdrawn' };
}

/**
 * The candidate withdraws (the page's button): the application is marked withdrawn, its CV file
 * deleted, and the step is in the audit log. Pressing again changes nothing.
 */
export async function withdrawApplication(
  db: Db,
  token: string,
  { ip, storage }: { ip: string; storage?: Storage },
): Promise<'withdrawn' | 'invalid'> {
  const leadId = leadOfToken(token);
  if (!leadId) return 'invalid';
  const moved = await db.transaction(async (tx) => {
    const lead = await findApplicantLead(tx, leadId, { lock: true, withSpam: true });
    if (!lead) return undefined;
    if (lead.status !== 'withdrawn') {
      // A withdrawn applicant is no longer hired, so no longer kept (keepApplicant).
      await moveApplicantLead(tx, leadId, { status: 'withdrawn', keptAt: null, keptBy: null });
      await audit(tx, { actor: null, action: 'applicant.withdraw', record: leadId, ip });
      if (lead.keptAt) await audit(tx, { actor: null, action: 'applicant.unkeep', record: leadId, ip });
    }
    return lead;
  });
  if (!moved) return 'invalid';
  const files = await findUploadsOfLeads(db, [leadId]);
  const store = storage ?? (await defaultStorage());
  for (const file of files) await store.remove(file.storageKey);
  await deleteUploads(
    db,
    files.map((f) => f.id),
  );
  return 'withdrawn';
}
