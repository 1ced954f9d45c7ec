import Link from 'next/link';
import { database } from '@/server/db';
import { applicantBoard, applicantsPage, applicantTargets } from '@/features/applications/server/applicants';
import { applicantFilterOf } from '@/features/applications/server/applicants-filter';
import { APPLICANT_STATUSES, ApplicantsPageQuery } from '@/features/applications/server/applicants-schema';
import { officeT } from '@/server/office/office-t';
import { officePage } from '@/server/office/pages';
import { officeDate } from '../_ui/format';
import { listQuery } from '../_ui/list-query';
import { OfficeShell } from '../_ui/office-shell';
import { Pager } from '../_ui/pager';
import { ApplicantsBoard } from './_ui/applicants-board';
import { ApplicantsTable } from './_ui/applicants-table';

export const metadata = { title: 'Applicants' };

const without = (filters: Record<string, string>, key: string) => Object.fromEntries(Object.entries(filters).filter(([k]) => k !== key));

const input = 'w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-sm';

/**
 * Every application and CV on spec, newest first, with the recruiters' filters and bulk rejection;
 * with a job or position chosen, its applicants also as a board by status (`view=board`).
 */
export default async function ApplicantsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const staff = await officePage('/office/applicants');
  const t = officeT(staff.locale, 'Applicants');
  const { query, filters, params } = await listQuery(searchParams, ApplicantsPageQuery);
  const db = (await database()).db;
  const target = query.target;
  const board = query.view === 'board' && target ? await applicantBoard(db, { ...applicantFilterOf(query), target }) : undefined;
  const { rows, next } = board ? { rows: [], next: null } : await applicantsPage(db, applicantFilterOf(query), query.after);
  const targets = await applicantTargets(db);
  const listFilters = without(filters, 'view');
  const filtered = Object.keys(listFilters).length > 0;
  const moreSet = Object.keys(listFilters).filter((k) => k !== 'q').length;
  const listHref = (extra: Record<string, string> = {}) => `/office/applicants?${new URLSearchParams({ ...listFilters, ...extra })}`;
  // The board's columns are the statuses: its address drops a status filter.
  const boardFilters = without(listFilters, 'status');

  return (
    <OfficeShell staff={staff} current="/office/applicants" title={t('title')}>
      <form method="get" className="grid gap-3 rounded-lg border border-gray-200 bg-white p-4" aria-label={t('filters')}>
        {board ? <input type="hidden" name="view" value="board" /> : null}
        <div className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
          <label className="grid gap-1 text-sm font-medium">
            {t('search')}
            <input name="q" type="search" defaultValue={query.q ?? ''} className={input} />
          </label>
          <div className="flex gap-2">
            <button type="submit" className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800">
              {t('apply')}
            </button>
            <Link href="/office/applicants" className="rounded-md border border-gray-300 bg-white px-4 py-2 text-sm font-semibold">
              {t('clear')}
            </Link>
          </div>
        </div>
        {/* The other filters fold away (open once one is set), so a phone shows the applicants first. */}
        <details open={moreSet > 0 || undefined}>
          <summary className="cursor-pointer text-sm font-medium text-brand-700">{t('moreFilters', { count: moreSet })}</summary>
          <div className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
            <label className="grid gap-1 text-sm font-medium">
              {t('target')}
              <select name="target" defaultValue={query.target ?? ''} className={input}>
                <option value="">{t('any')}</option>
                <option value="cv">{t('onSpec')}</option>
                {targets.map((target) => (
                  <option key={target.value} value={target.value}>
                    {target.title}
                  </option>
                ))}
              </select>
            </label>
            <label className="grid gap-1 text-sm font-medium">
              {t('status')}
              <select name="status" defaultValue={query.status ?? ''} className={input}>
                <option value="">{t('any')}</option>
                {APPLICANT_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {t(`statuses.${s}`)}
                  </option>
                ))}
              </select>
            </label>
            <label className="grid gap-1 text-sm font-medium">
              {t('language')}
              <select name="locale" defaultValue={query.locale ?? ''} className={input}>
                <option value="">{t('any')}</option>
                {['en', 'es', 'fr', 'de', 'it'].map((l) => (
                  <option key={l} value={l}>
                    {l.toUpperCase()}
                  </option>
                ))}
              </select>
            </label>
            <label className="grid gap-1 text-sm font-medium">
              {t('from')}
              <input name="from" type="date" defaultValue={query.from ?? ''} className={input} />
            </label>
            <label className="grid gap-1 text-sm font-medium">
              {t('to')}
              <input name="to" type="date" defaultValue={query.to ?? ''} className={input} />
            </label>
          </div>
        </details>
      </form>

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

      {board ? (
        <ApplicantsBoard columns={board} locale={staff.locale} listHref={`/office/applicants?${new URLSearchParams(boardFilters)}`} />
      ) : rows.length === 0 ? (
        <p className="rounded-lg border border-dashed border-gray-300 bg-white p-8 text-center text-muted">
          {filtered ? t('empty') : t('emptyAll')}
        </p>
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
      <Pager
        locale={staff.locale}
        first={query.after ? `/office/applicants?${params({})}` : undefined}
        next={next ? `/office/applicants?${params({ after: next })}` : undefined}
      />
    </OfficeShell>
  );
}
