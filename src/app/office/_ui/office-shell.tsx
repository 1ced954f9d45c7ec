import type { ReactNode } from 'react';
import Link from 'next/link';
import { spamFolderCount } from '@/features/forms/server/module';
import { database } from '@/server/db';
import type { Staff } from '@/server/office/access';
import { officeT } from '@/server/office/office-t';
import type { OfficePage } from '@/server/office/page-roles';
import { pagesOf } from '@/server/office/pages';
import { SignOutButton } from './sign-out-button';

/** The office around a signed-in page: its navigation (the pages the role opens) and the page's heading. */
export async function OfficeShell({
  staff,
  current,
  title,
  children,
}: {
  staff: Staff;
  current: OfficePage;
  title: string;
  children: ReactNode;
}) {
  const t = officeT(staff.locale, 'Nav');
  const c = officeT(staff.locale, 'Common');
  const r = officeT(staff.locale, 'Roles');
  const pages = pagesOf(staff.role);
  // Forms sent too fast wait in the spam folder: its count beside its link, so none goes unseen.
  const spam = pages.includes('/office/spam') ? await spamFolderCount((await database()).db, staff.role) : 0;
  return (
    <div className="min-h-screen">
      <a href="#content" className="sr-only focus:not-sr-only focus:absolute focus:m-2 focus:rounded focus:bg-white focus:p-2">
        {c('skip')}
      </a>
      <header className="bg-brand-900 text-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3">
          <Link href="/office" className="text-lg font-bold">
            {c('office')}
          </Link>
          {/* On a phone the links wrap onto more lines rather than scroll sideways, where those past
              the edge could not be seen to exist. */}
          <nav aria-label={t('label')} className="order-3 w-full md:order-none md:w-auto md:flex-1">
            <ul className="flex flex-wrap gap-1">
              {pages.map((page) => (
                <li key={page}>
                  <Link
                    href={page}
                    aria-current={page === current ? 'page' : undefined}
                    className="block rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap hover:bg-brand-800 aria-[current=page]:bg-brand-700"
                  >
                    {t(page)}
                    {page === '/office/spam' && spam > 0 ? (
                      <>
                        <span aria-hidden="true" className="ml-1.5 rounded-full bg-amber-300 px-1.5 text-xs font-bold text-ink">
                          {spam}
                        </span>
                        <span className="sr-only">{t('spamCount', { count: spam })}</span>
                      </>
                    ) : null}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <div className="ml-auto flex items-center gap-2 text-sm">
            <span className="hidden sm:inline">{c('signedInAs', { name: staff.name, role: r(staff.role) })}</span>
            <SignOutButton />
          </div>
        </div>
      </header>
      {/* One column no wider than the screen: a wide table scrolls inside its own box (made
          `relative` so that its hidden labels scroll with it), never the page. */}
      <main id="content" className="mx-auto grid max-w-7xl grid-cols-1 gap-6 px-4 py-6">
        <h1 className="text-2xl font-bold">{title}</h1>
        {children}
      </main>
    </div>
  );
}

/** A signed-out page of the office: a card in the middle. */
export function OfficeCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main id="content" className="mx-auto grid max-w-md gap-4 px-4 py-12">
      <h1 className="text-2xl font-bold">{title}</h1>
      <div className="rounded-lg border border-gray-200 bg-white p-6 shadow-sm">{children}</div>
    </main>
  );
}
