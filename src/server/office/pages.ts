import 'server-only';
import { cache } from 'react';
import { headers } from 'next/headers';
import { forbidden, redirect } from 'next/navigation';
import { database } from '../db';
import { staffOf, type Staff } from './access';
import { officeAuth } from './auth';
import { OFFICE_LOCALES, type OfficeLocale } from './office-locales';
import { officeReturnPath } from './return-path';
import type { OfficeRole } from './staff-tables';

const everyone: readonly OfficeRole[] = ['admin', 'sales', 'recruiting', 'training'];

/**
 * Every office page and the roles that open it. A page asks for its own entry (officePage): a
 * page missing here does not compile, and a test checks each page file names its route.
 */
export const OFFICE_PAGES = {
  '/office': everyone,
  '/office/leads': ['sales', 'admin'],
  '/office/leads/[id]': ['sales', 'admin'],
  '/office/spam': ['sales', 'admin'],
  '/office/applicants': ['recruiting', 'admin'],
  '/office/applicants/[id]': ['recruiting', 'admin'],
  '/office/jobs': ['recruiting', 'admin'],
  '/office/jobs/[id]': ['recruiting', 'admin'],
  '/office/positions': ['recruiting', 'admin'],
  '/office/postings': ['recruiting', 'admin'],
  '/office/postings/[id]': ['recruiting', 'admin'],
  '/office/courses': ['training', 'sales', 'admin'],
  '/office/courses/[id]': ['training', 'sales', 'admin'],
  '/office/registrations': ['training', 'sales', 'admin'],
  '/office/registrations/[id]': ['training', 'sales', 'admin'],
  '/office/orders': ['training', 'sales', 'admin'],
  '/office/orders/[id]': ['training', 'sales', 'admin'],
  '/office/staff': ['admin'],
  '/office/audit': ['admin'],
  '/office/privacy': ['admin'],
  '/office/privacy/[id]': ['admin'],
  '/office/account': everyone,
} as const satisfies Record<string, readonly OfficeRole[]>;
export type OfficePage = keyof typeof OFFICE_PAGES;

/** Pages before a session: signing in, accepting an invitation, enrolling the authenticator. */
export const OFFICE_OPEN_PAGES = ['/office/sign-in', '/office/accept', '/office/enrol'] as const;

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
