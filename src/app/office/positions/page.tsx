import Link from 'next/link';
import { countApplicants } from '@/features/applications/server/applicants';
import { listAllPositions } from '@/features/applications/server/applications-repository';
import { database } from '@/server/db';
import { officeT } from '@/server/office/office-t';
import { officePage } from '@/server/office/pages';
import { OfficeShell } from '../_ui/office-shell';
import { ConfirmRequest } from '../_ui/confirm-request';
import { PositionForm } from './position-form';

export const metadata = { title: 'Open positions' };

/** The consultancy's own roles on /careers: open, edit, close, reopen; a link to each one's applicants. */
export default async function PositionsPage() {
  const staff = await officePage('/office/positions');
  const t = officeT(staff.locale, 'Positions');
  const db = (await database()).db;
  const positions = await listAllPositions(db);
  // The consultancy has a handful of roles: one count each.
  const applicants = new Map(await Promise.all(positions.map(async (p) => [p.id, await countApplicants(db, `position:${p.id}`)] as const)));
  return (
    <OfficeShell staff={staff} current="/office/positions" title={t('title')}>
      <p className="text-sm text-muted">{t('hint')}</p>
      <div>
        <PositionForm />
      </div>
      <ul className="grid gap-3">
        {positions.map((p) => (
          // Its anchor is where an applicant's page links for the position they applied for.
          <li key={p.id} id={`position-${p.id}`} className="grid scroll-mt-4 gap-3 rounded-lg border border-gray-200 bg-white p-4">
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div>
                <p className="font-semibold">{p.role}</p>
                <p className="text-sm text-muted">
                  /careers/{p.id} · {p.locale.toUpperCase()} · {p.location || '—'} · {p.published ? t('open') : t('closed')}
                </p>
                <Link
                  href={`/office/applicants?${new URLSearchParams({ target: `position:${p.id}`, view: 'board' })}`}
                  className="text-sm text-brand-700 underline"
                >
                  {t('applicants', { count: applicants.get(p.id) ?? 0 })}
                </Link>
              </div>
              <ConfirmRequest
                label={p.published ? t('close') : t('reopen')}
                question={p.published ? t('closeQuestion') : t('reopenQuestion')}
                path={`/positions/${p.id}/${p.published ? 'close' : 'reopen'}`}
                danger={p.published}
              />
            </div>
            <PositionForm position={{ id: p.id, role: p.role, locale: p.locale, location: p.location, description: p.description }} />
          </li>
        ))}
      </ul>
    </OfficeShell>
  );
}
