import 'server-only';
import { cache } from 'react';
import { headers } from 'next/headers';
import { forbidden, redirect } from 'next/navigation';
import { database } from '../db';
import { staffOf, type Staff } from './access';
import { officeAuth } from './auth';
import { OFFICE_LOCALES, type OfficeLocale } from './office-locales';
import { OFFICE_PAGES, type OfficePage } from './page-roles';
import { officeReturnPath } from './return-path';
import type { OfficeRole } from './staff-tables';

/** Pages before a session: signing in, a forgotten password, accepting an invitation, enrolling the authenticator. */
export const OFFICE_OPEN_PAGES = [
  '/office/sign-in',
  '/office/forgot-password',
  '/office/reset-password',
  '/office/accept',
  '/office/enrol',
] as const;

/**
 * The member who may open this page. Nobody signed in goes to the sign-in; a session from the
 * password alone, without an authenticator yet, goes to the enrolment; another role gets 403.
 */
export async function officePage(page: OfficePage): Promise<Staff> {
  const db = (await database()).db;
  const requestHeaders = await headers();
  const staff = await currentStaff();
  if (!staff) {
    const session = await officeAuth(db).api.getSession({ headers: requestHeaders });
    if (session && !session.user.twoFactorEnabled && !(session.user as { banned?: boolean }).banned) redirect('/office/enrol');
    // Back to this page once signed in (a link in a mail to a lead, say).
    const back = officeReturnPath(requestHeaders.get('x-office-path'));
    redirect(back === '/office' ? '/office/sign-in' : `/office/sign-in?${new URLSearchParams({ next: back })}`);
  }
  if (!(OFFICE_PAGES[page] as readonly OfficeRole[]).includes(staff.role)) forbidden();
  return staff;
}

/**
 * The signed-in member when their role opens `page`, else undefined: for what the office shows at
 * a public address (a page's preview), where anyone else gets the site's 404, not a sign-in.
 */
export async function staffOpening(page: OfficePage): Promise<Staff | undefined> {
  const staff = await currentStaff();
  return staff && (OFFICE_PAGES[page] as readonly OfficeRole[]).includes(staff.role) ? staff : undefined;
}

/**
 * The office's language for this request: the member's own, or before a sign-in (the sign-in and
 * invitation pages) the first of the browser's languages the office speaks.
 */
export async function officeRequestLocale(): Promise<OfficeLocale> {
  const staff = await currentStaff();
  if (staff) return staff.locale;
  const accepted = (await headers()).get('accept-language') ?? '';
  for (const part of accepted.split(',')) {
    const tag = part.split(';')[0]!.trim().toLowerCase().split('-')[0];
    if (OFFICE_LOCALES.includes(tag as OfficeLocale)) return tag as OfficeLocale;
  }
  return 'en';
}

/** The signed-in member of this request, read once however many components ask. */
export const currentStaff = cache(async (): Promise<Staff | undefined> => staffOf((await database()).db, await headers()));

/** The pages a member's role opens, for the office's navigation. */
export function pagesOf(role: OfficeRole): Exclude<OfficePage, `${string}]`>[] {
  return (Object.keys(OFFICE_PAGES) as OfficePage[]).filter(
    (p): p is Exclude<OfficePage, `${string}]`> => !p.endsWith(']') && (OFFICE_PAGES[p] as readonly OfficeRole[]).includes(role),
  );
}
