import { database } from '@/server/db';
import { officeT } from '@/server/office/office-t';
import { officePage } from '@/server/office/pages';
import { listStaff, recentLockOuts } from '@/server/office/staff-members';
import { officeDate } from '../_ui/format';
import { OfficeTable } from '../_ui/office-table';
import { OfficeShell } from '../_ui/office-shell';
import { ConfirmRequest } from '../_ui/confirm-request';
import { InviteForm, MemberActions } from './staff-actions';

export const metadata = { title: 'Staff' };

export default async function StaffPage() {
  const staff = await officePage('/office/staff');
  const t = officeT(staff.locale, 'Staff');
  const r = officeT(staff.locale, 'Roles');
  const db = (await database()).db;
  const { members, invitations } = await listStaff(db);
  const lockOuts = await recentLockOuts(db);
  return (
    <OfficeShell staff={staff} current="/office/staff" title={t('title')}>
      <section className="grid gap-3 rounded-lg border border-gray-200 bg-white p-4" aria-labelledby="invite">
        <h2 id="invite" className="text-lg font-semibold">
          {t('invite')}
        </h2>
        <InviteForm />
      </section>
      <section className="grid gap-3" aria-labelledby="members">
        <h2 id="members" className="text-lg font-semibold">
          {t('members')}
        </h2>
        {/* Focusable: on a phone the table scrolls sideways, and a keyboard must reach it. */}
        <OfficeTable
          rows={members}
          rowClassName="align-top"
          region={{ role: 'group', labelledBy: 'members' }}
          columns={[
            {
              head: t('name'),
              cell: (m) => (
                <>
                  <div className="font-medium">
                    {m.name}
                    {m.id === staff.id ? ` (${t('you')})` : ''}
                  </div>
                  <div className="text-xs text-muted">{m.email}</div>
                </>
              ),
            },
            { head: t('role'), cell: (m) => (r.has(m.role as never) ? r(m.role as never) : m.role) },
            { head: t('authenticator'), cell: (m) => (m.twoFactor ? t('enrolled') : t('notYet')) },
            {
              head: t('state'),
              cell: (m) => (
                <>
                  {m.disabled ? t('disabled') : t('active')}
                  {lockOuts.has(m.id) ? (
                    <div className="text-xs text-amber-800">
                      {t('lockedOut', { count: lockOuts.get(m.id)!.count, at: officeDate(lockOuts.get(m.id)!.last, staff.locale) })}
                    </div>
                  ) : null}
                </>
              ),
            },
            {
              head: <span className="sr-only">{t('role')}</span>,
              cell: (m) => <MemberActions id={m.id} name={m.name} role={m.role} disabled={m.disabled} self={m.id === staff.id} />,
            },
          ]}
        />
      </section>
      {invitations.length > 0 ? (
        <section className="grid gap-3" aria-labelledby="open">
          <h2 id="open" className="text-lg font-semibold">
            {t('open')}
          </h2>
          <ul className="grid divide-y divide-gray-100 rounded-lg border border-gray-200 bg-white text-sm">
            {invitations.map((i) => (
              <li key={i.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-2">
                <span>
                  {i.email ?? t('firstAdmin')} · {r.has(i.role as never) ? r(i.role as never) : i.role} · {t('expires')}{' '}
                  {officeDate(i.expiresAt, staff.locale)}
                </span>
                {/* Revoked, its link opens nothing. */}
                <ConfirmRequest
                  label={t('revoke')}
                  question={t('confirmRevoke', { email: i.email ?? t('firstAdmin') })}
                  path={`/staff/invitations/${i.id}`}
                  method="DELETE"
                  danger
                />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </OfficeShell>
  );
}
