import Link from 'next/link';
import { listPostings } from '@/features/postings/server/postings-service';
import { database } from '@/server/db';
import { officeT } from '@/server/office/office-t';
import { officePage } from '@/server/office/pages';
import { officeDate } from '../_ui/format';
import { OfficeList } from '../_ui/office-list';
import { OfficeTable } from '../_ui/office-table';
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
      <OfficeList
        locale={staff.locale}
        filters={
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
        }
        count={rows.length}
        empty={t(`empty.${state}`)}
      >
        <OfficeTable
          plain
          rows={rows}
          columns={[
            {
              head: t('position'),
              cell: (p) => (
                <Link href={`/office/postings/${p.id}`} className="font-medium text-brand-700 underline">
                  {p.position || '—'}
                </Link>
              ),
            },
            { head: t('company'), cell: (p) => p.company },
            {
              head: state === 'pending' ? t('sent') : t('created'),
              cell: (p) => officeDate((state === 'pending' ? p.submittedAt : null) ?? p.createdAt, staff.locale),
            },
            {
              head: t('kind'),
              cell: (p) => (p.spam ? t('suspected') : state === 'pending' ? (p.jobId ? t('edit') : t('new')) : p.jobId ? t('hasJob') : '—'),
            },
          ]}
        />
      </OfficeList>
    </OfficeShell>
  );
}
