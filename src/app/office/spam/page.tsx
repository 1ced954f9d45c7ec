import { visibleSpam } from '@/features/forms/server/spam-folder';
import '@/features';
import { spamFolders } from '@/features/forms/server/module';
import { database } from '@/server/db';
import { officeT } from '@/server/office/office-t';
import { officePage } from '@/server/office/pages';
import { officeDate } from '../_ui/format';
import { OfficeList } from '../_ui/office-list';
import { OfficeShell } from '../_ui/office-shell';
import { ConfirmRequest } from '../_ui/confirm-request';

export const metadata = { title: 'Spam folder' };

export default async function SpamPage() {
  const staff = await officePage('/office/spam');
  const t = officeT(staff.locale, 'Spam');
  const l = officeT(staff.locale, 'Leads');
  const rows = await visibleSpam((await database()).db, spamFolders(), staff.role);
  const kind = (type: string) => {
    const base = type.split(' ')[0]!;
    return l.has(`kinds.${base}` as never) ? `${l(`kinds.${base}` as never)}${type.slice(base.length)}` : type;
  };
  return (
    <OfficeShell staff={staff} current="/office/spam" title={t('title')}>
      <p className="max-w-3xl text-sm text-muted">{t('intro')}</p>
      <OfficeList locale={staff.locale} count={rows.length} empty={t('empty')}>
        <ul className="grid gap-3">
          {rows.map((row) => (
            <li key={row.id} className="grid gap-3 rounded-lg border border-gray-200 bg-white p-4 sm:grid-cols-[1fr_auto] sm:items-start">
              <div className="grid gap-1 text-sm">
                <p className="font-medium">
                  {row.name || row.email} · {kind(row.type)}
                </p>
                <p className="text-muted">
                  {row.email} · {officeDate(row.received, staff.locale)} · {row.reason === 'too_fast' ? t('tooFast') : row.reason}
                </p>
                {row.about ? <p className="break-words">{row.about}</p> : null}
              </div>
              {/* Released, its mails go to the sender and sales. */}
              <ConfirmRequest
                label={t('release')}
                question={t('confirmRelease', { name: row.name || row.email })}
                path={`/spam/${encodeURIComponent(row.id)}/release`}
              />
            </li>
          ))}
        </ul>
      </OfficeList>
    </OfficeShell>
  );
}
