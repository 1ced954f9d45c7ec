import Link from 'next/link';
import { database } from '@/server/db';
import { applicantBoard, applicantsPage, applicantTargets } from '@/features/applications/server/applicants';
import { applicantFilterOf } from '@/features/applications/server/applicants-filter';
import { APPLICANT_STATUSES, ApplicantsPageQuery } from '@/features/applications/server/applicants-schema';
import { officeT } from '@/server/office/office-t';
import { officePage } from '@/server/office/pages';
import { officeDate } from '../_ui/format';
import { listQuery } from '../_ui/list-query';
import { LANGUAGE_OPTIONS, optionsOf } from '../_ui/choice';
import { ListFilters, type FilterField } from '../_ui/list-filters';
import { OfficeList } from '../_ui/office-list';
import { OfficeShell } from '../_ui/office-shell';
import { ApplicantsBoard } from './_ui/applicants-board';
import { ApplicantsTable } from './_ui/applicants-table';

export const metadata = { title: 'Applicants' };

const without = (filters: Record<string, string>, key: string) => Object.fromEntries(Object.entries(filters).filter(([k]) => k !== key));

/**
 * Every application and CV on spec, newest first, with the recruiters' filters and bulk rejection;
 * with a job or position chosen, its applicants also as a board by status (`view=board`).
 */
export default async function ApplicantsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const staff = await officePage('/office/applicants');
  const t = officeT(staff.locale, 'Applicants');
  const list = await listQuery(searchParams, ApplicantsPageQuery, '/office/applicants');
  const { query, filters } = list;
  const db = (await database()).db;
  const target = query.target;
  const board = query.view === 'board' && target ? await applicantBoard(db, { ...applicantFilterOf(query), target }) : undefined;
  const { rows, next } = board ? { rows: [], next: null } : await applicantsPage(db, applicantFilterOf(query), query.after);
  const targets = await applicantTargets(db);
  const listFilters = without(filters, 'view');
  const filtered = Object.keys(listFilters).length > 0;
  const listHref = (extra: Record<string, string> = {}) => `/office/applicants?${new URLSearchParams({ ...listFilters, ...extra })}`;
  // The board's columns are the statuses: its address drops a status filter.
  const boardFilters = without(listFilters, 'status');

  const more: FilterField[] = [
    {
      name: 'target',
      label: t('target'),
      options: [{ value: 'cv', label: t('onSpec') }, ...targets.map((o) => ({ value: o.value, label: o.title }))],
    },
    { name: 'status', label: t('status'), options: optionsOf(APPLICANT_STATUSES, (s) => t(`statuses.${s}`)) },
    { name: 'locale', label: t('language'), options: LANGUAGE_OPTIONS },
  ];

  return (
    <OfficeShell staff={staff} current="/office/applicants" title={t('title')}>
      <OfficeList
        locale={staff.locale}
        filters={
          <>
            <ListFilters
              list={list}
              t={t}
              hidden={board ? { view: 'board' } : undefined}
              more={more}
              moreColumns="sm:grid-cols-2 lg:grid-cols-5"
            />
            {target ? (
              <nav aria-label={t('views')} className="flex flex-wrap items-center gap-2 text-sm">
                <span className="text-muted">{t('views')}</span>
                {(
                  [
                    ['list', listHref(), !board],
                    ['board', `/office/applicants?${new URLSearchParams({ ...boardFilters, view: 'board' })}`, !!board],
                  ] as const
                ).map(([view, href, current]) => (
                  <Link
                    key={view}
                    href={href}
                    aria-current={current ? 'page' : undefined}
                    className={`rounded-md border px-3 py-1 font-semibold ${current ? 'border-brand-700 bg-brand-700 text-white' : 'border-gray-300 bg-white text-brand-700'}`}
                  >
                    {t(view)}
                  </Link>
                ))}
              </nav>
            ) : (
              <p className="text-sm text-muted">{t('boardHint')}</p>
            )}
          </>
        }
        // The board says itself when nobody has applied.
        count={board ? board.length : rows.length}
        empty={filtered ? t('empty') : t('emptyAll')}
        pages={list.pages(next)}
      >
        {board ? (
          <ApplicantsBoard columns={board} locale={staff.locale} listHref={`/office/applicants?${new URLSearchParams(boardFilters)}`} />
        ) : (
          <ApplicantsTable
            rows={rows.map((row) => ({
              id: row.id,
              received: officeDate(row.createdAt, staff.locale),
              name: row.name || row.email || row.id,
              email: row.email ?? '',
              kind: row.type,
              target: row.target,
              status: row.status,
              locale: row.locale,
            }))}
          />
        )}
      </OfficeList>
    </OfficeShell>
  );
}
