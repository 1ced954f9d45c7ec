import Link from 'next/link';
import { officeRequests } from '@/features/privacy/server/privacy-service';
import { database } from '@/server/db';
import { officeT } from '@/server/office/office-t';
import { officePage } from '@/server/office/pages';
import { detailSection } from '../_ui/detail-rows';
import { officeDate } from '../_ui/format';
import { OfficeShell } from '../_ui/office-shell';
import { OpenPrivacyRequest } from './open-request';

export const metadata = { title: 'Privacy requests' };

/** Privacy requests, newest first, each with its legal deadline and state; and a request opened for an address that wrote in. */
export default async function PrivacyRequestsPage() {
  const staff = await officePage('/office/privacy');
  const t = officeT(staff.locale, 'Privacy');
  const rows = await officeRequests((await database()).db);
  return (
    <OfficeShell staff={staff} current="/office/privacy" title={t('title')}>
      <p className="text-sm text-muted">{t('intro')}</p>
      <section className={detailSection} aria-labelledby="open">
        <h2 id="open" className="text-lg font-semibold">
          {t('open')}
        </h2>
        <p className="text-sm text-muted">{t('openHint')}</p>
        <OpenPrivacyRequest />
      </section>
      {rows.length === 0 ? (
        <p className="rounded-lg border border-dashed border-gray-300 bg-white p-6 text-center text-muted">{t('empty')}</p>
      ) : (
        <div className="overflow-x-auto" role="region" aria-label={t('title')} tabIndex={0}>
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="border-b border-gray-300">
                <th scope="col" className="py-2 pr-3">
                  {t('email')}
                </th>
                <th scope="col" className="py-2 pr-3">
                  {t('kind')}
                </th>
                <th scope="col" className="py-2 pr-3">
                  {t('status')}
                </th>
                <th scope="col" className="py-2 pr-3">
                  {t('created')}
                </th>
                <th scope="col" className="py-2 pr-3">
                  {t('due')}
                </th>
                <th scope="col" className="py-2">
                  {t('completed')}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => {
                return (
                  <tr key={r.id} className="border-b border-gray-100">
                    <td className="py-2 pr-3">
                      <Link href={`/office/privacy/${r.id}`} className="font-medium break-all text-brand-700 underline">
                        {r.email}
                      </Link>
                    </td>
                    <td className="py-2 pr-3">{t(`kinds.${r.kind as 'copy'}`)}</td>
                    <td className="py-2 pr-3">{t(`statuses.${r.status as 'done'}`)}</td>
                    <td className="py-2 pr-3">{officeDate(r.createdAt, staff.locale)}</td>
                    <td className="py-2 pr-3">
                      {r.dueAt ? officeDate(r.dueAt, staff.locale) : '—'}
                      {r.overdue ? <strong className="ml-2 text-red-800">{t('overdue')}</strong> : null}
                    </td>
                    <td className="py-2">{r.completedAt ? officeDate(r.completedAt, staff.locale) : '—'}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </OfficeShell>
  );
}
