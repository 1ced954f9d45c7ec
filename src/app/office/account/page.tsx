import type { ReactNode } from 'react';
import { headers } from 'next/headers';
import { database } from '@/server/db';
import { officeAuth } from '@/server/office/auth';
import { officeT } from '@/server/office/office-t';
import { officePage } from '@/server/office/pages';
import { officeDate } from '../_ui/format';
import { OfficeShell } from '../_ui/office-shell';
import { ConfirmRequest } from '../_ui/confirm-request';
import { LanguageChoice, NewBackupCodes, PasswordChange } from './account-forms';

export const metadata = { title: 'My account' };

/** One part of the page, named by its heading. */
function AccountSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="grid gap-3 rounded-lg border border-gray-200 bg-white p-4" aria-labelledby={id}>
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

export default async function AccountPage() {
  const staff = await officePage('/office/account');
  const t = officeT(staff.locale, 'Account');
  const sessions = await officeAuth((await database()).db).api.listSessions({ headers: await headers() });
  return (
    <OfficeShell staff={staff} current="/office/account" title={t('title')}>
      <section className="rounded-lg border border-gray-200 bg-white p-4">
        <LanguageChoice locale={staff.locale} />
      </section>
      <AccountSection id="password" title={t('passwordTitle')}>
        <PasswordChange />
      </AccountSection>
      <AccountSection id="backup-codes" title={t('backupTitle')}>
        <NewBackupCodes />
      </AccountSection>
      <AccountSection id="sessions" title={t('sessions')}>
        <ul className="grid gap-3">
          {sessions
            .toSorted((a, b) => new Date(b.updatedAt).getTime() - new Date(a.updatedAt).getTime())
            .map((s) => (
              <li
                key={s.id}
                className="grid gap-2 border-t border-gray-100 pt-3 text-sm first:border-0 first:pt-0 sm:grid-cols-[1fr_auto] sm:items-start"
              >
                <div>
                  <div className="font-medium">{s.id === staff.sessionId ? t('current') : (s.userAgent ?? '—')}</div>
                  <div className="text-xs text-muted">
                    {t('started', { at: officeDate(s.createdAt, staff.locale) })},{' '}
                    {t('lastUsed', { at: officeDate(s.updatedAt, staff.locale) })}
                  </div>
                </div>
                {s.id === staff.sessionId ? null : (
                  <ConfirmRequest label={t('end')} question={t('confirmEnd')} path={`/me/sessions/${s.id}`} method="DELETE" />
                )}
              </li>
            ))}
        </ul>
      </AccountSection>
    </OfficeShell>
  );
}
