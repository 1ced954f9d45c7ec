import Link from 'next/link';
import { listPostings } from '@/features/postings/server/postings-service';
import { database } from '@/server/db';
import { officeT } from '@/server/office/office-t';
import { officePage } from '@/server/office/pages';
import { officeDate } from '../_ui/format';
import { OfficeShell } from '../_ui/office-shell';

export const metadata = { title: 'Job postings' };

const STATES = ['pending', 'approved', 'rejected', 'unconfirmed', 'closed'] as const;
type State = (typeof STATES)[number];

/** Jobs posted by employers: the review queue (oldest first), and the postings in each other state. */
export default async function PostingsPage({ searchParams }: { searchParams: Promise<{ state?: string }> }) {
  const staff = await officePage('/office/postings');
  const t = officeT(staff.locale, 'Postings');
  const asked = (await searchParams).state;
  const state: State = STATES.includes(asked as State) ? (asked as State) : 'pending';
  const rows = await listPostings((await database()).db, state);
  return (
    <OfficeShell staff={staff} current="/office/postings" title={t('title')}>
      <p className="text-sm text-muted">{t('hint')}</p>
      <nav aria-label={t('states')} className="flex flex-wrap gap-2">
        {STATES.map((s) => (
          <Link
            key={s}
            href={s === 'pending' ? '/office/postings' : `/office/postings?state=${s}`}
            aria-current={s === state ? 'page' : undefined}
            className={`rounded-full border px-3 py-1 text-sm ${s === state ? 'border-brand-700 bg-brand-700 text-white' : 'border-gray-300 bg-white'}`}
          >
            {t(`state.${s}`)}
          </Link>
        ))}
      </nav>
      {rows.length === 0 ? (
        <p className="rounded-lg border border-dashed border-gray-300 bg-white p-6 text-center text-muted">{t(`empty.${state}`)}</p>
      ) : (
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="border-b border-gray-300">
              <th scope="col" className="py-2 pr-3">
                {t('position')}
              </th>
              <th scope="col" className="py-2 pr-3">
                {t('company')}
              </th>
              <th scope="col" className="py-2 pr-3">
                {state === 'pending' ? t('sent') : t('created')}
              </th>
              <th scope="col" className="py-2">
                {t('kind')}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((p) => (
              <tr key={p.id} className="border-b border-gray-100">
                <td className="py-2 pr-3">
                  <Link href={`/office/postings/${p.id}`} className="font-medium text-brand-700 underline">
                    {p.position || '—'}
                  </Link>
                </td>
                <td className="py-2 pr-3">{p.company}</td>
                <td className="py-2 pr-3">{officeDate((state === 'pending' ? p.submittedAt : null) ?? p.createdAt, staff.locale)}</td>
                <td className="py-2">
                  {p.spam ? t('suspected') : state === 'pending' ? (p.jobId ? t('edit') : t('new')) : p.jobId ? t('hasJob') : '—'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </OfficeShell>
  );
}
