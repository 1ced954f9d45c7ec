import Link from 'next/link';
import { database } from '@/server/db';
import { dashboardFor } from '@/server/office/dashboard';
import { officeIntlLocale } from '@/server/office/office-locales';
import { officeT } from '@/server/office/office-t';
import { officePage } from '@/server/office/pages';
import { OfficeShell } from './_ui/office-shell';
import { WeekChart } from './_ui/week-chart';

export const metadata = { title: 'Dashboard' };

/** What happened this week and the 12 before, of what the member's role may see, and the work waiting. */
export default async function DashboardPage() {
  const staff = await officePage('/office');
  const t = officeT(staff.locale, 'Dashboard');
  const l = officeT(staff.locale, 'Leads');
  const { weeks, series, waiting, breakdowns } = await dashboardFor((await database()).db, staff.role);
  const number = new Intl.NumberFormat(officeIntlLocale(staff.locale));
  const day = new Intl.DateTimeFormat(officeIntlLocale(staff.locale), { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const label = (key: string, value: string) => {
    if (key === 'byKind') return l.has(`kinds.${value}` as never) ? l(`kinds.${value}` as never) : value;
    if (key === 'bySource') return value || t('direct');
    return value.toUpperCase();
  };
  return (
    <OfficeShell staff={staff} current="/office" title={t('title')}>
      {waiting.length > 0 ? (
        <section aria-labelledby="waiting" className="grid gap-3">
          <h2 id="waiting" className="text-lg font-semibold">
            {t('waiting')}
          </h2>
          <ul className="grid gap-3 sm:grid-cols-3">
            {waiting.map((w) => (
              <li key={w.key} className="rounded-lg border border-gray-200 bg-white p-4">
                <p className="text-3xl font-bold">{number.format(w.count)}</p>
                {w.href ? (
                  <Link href={w.href} className="text-sm font-medium text-brand-700 underline">
                    {t(w.key as 'newLeads')}
                  </Link>
                ) : (
                  <p className="text-sm font-medium">{t(w.key as 'newLeads')}</p>
                )}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="weeks" className="grid gap-3">
        <h2 id="weeks" className="text-lg font-semibold">
          {t('weekOf', { date: day.format(new Date(weeks.at(-1)!)) })}
        </h2>
        <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {series.map((s) => {
            const title = t(`series.${s.key}` as 'series.leads');
            const thisWeek = s.counts.at(-1) ?? 0;
            const before = s.counts.slice(0, -1).reduce((a, b) => a + b, 0);
            return (
              <li key={s.key} className="grid gap-2 rounded-lg border border-gray-200 bg-white p-4" data-series={s.key}>
                <h3 className="font-semibold">{title}</h3>
                <dl className="flex gap-6 text-sm">
                  <div>
                    <dt className="text-muted">{t('thisWeek')}</dt>
                    <dd className="text-2xl font-bold" data-testid={`${s.key}-this-week`}>
                      {number.format(thisWeek)}
                    </dd>
                  </div>
                  <div>
                    <dt className="text-muted">{t('before')}</dt>
                    <dd className="text-2xl font-bold">{number.format(before)}</dd>
                  </div>
                </dl>
                <WeekChart counts={s.counts} label={t('chartLabel', { title, count: thisWeek, total: before })} />
              </li>
            );
          })}
        </ul>
      </section>
      {breakdowns.length > 0 ? (
        <section className="grid gap-3 sm:grid-cols-3">
          {breakdowns.map((b) => {
            const max = Math.max(1, ...b.rows.map(([, n]) => n));
            return (
              <div key={b.key} className="grid content-start gap-2 rounded-lg border border-gray-200 bg-white p-4">
                <h2 className="font-semibold">{t(b.key as 'byKind')}</h2>
                {b.rows.length === 0 ? (
                  <p className="text-sm text-muted">{t('nothing')}</p>
                ) : (
                  <ul className="grid gap-1 text-sm">
                    {b.rows.map(([value, n]) => (
                      <li key={value} className="grid grid-cols-[8rem_1fr_2.5rem] items-center gap-2">
                        <span className="truncate">{label(b.key, value)}</span>
                        <span className="h-2 rounded bg-brand-600" style={{ width: `${(n / max) * 100}%` }} aria-hidden="true" />
                        <span className="text-right tabular-nums">{number.format(n)}</span>
                      </li>
                    ))}
                  </ul>
                )}
              </div>
            );
          })}
        </section>
      ) : null}
    </OfficeShell>
  );
}
