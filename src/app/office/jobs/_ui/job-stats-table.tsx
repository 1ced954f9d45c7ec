import type { JobDailyStats } from '@/features/jobs/server/job-stats';
import { officeT } from '@/server/office/office-t';
import { officeDay } from '../../_ui/format';

/** A job's views and apply clicks per day: totals first, then the days that had any. */
export function JobStatsTable({ stats, locale }: { stats: JobDailyStats; locale: string }) {
  const t = officeT(locale, 'Jobs');
  return (
    <section aria-labelledby="job-stats" className="space-y-3" data-testid="job-stats">
      <h2 id="job-stats" className="text-lg font-semibold">
        {t('stats.title')}
      </h2>
      <p className="text-sm font-medium">{t('stats.totals', stats.totals)}</p>
      {stats.days.length === 0 ? (
        <p className="rounded-lg border border-dashed border-gray-300 bg-white p-6 text-center text-muted">{t('stats.empty')}</p>
      ) : (
        <div className="relative overflow-x-auto rounded-lg border border-gray-200 bg-white">
          <table className="w-full text-left text-sm">
            <thead className="bg-gray-50 text-xs tracking-wide text-muted uppercase">
              <tr>
                <th scope="col" className="px-3 py-2">
                  {t('stats.day')}
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  {t('stats.views')}
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  {t('stats.applyClicks')}
                </th>
              </tr>
            </thead>
            <tbody>
              {stats.days.map((d) => (
                <tr key={d.day} data-day={d.day} className="border-t border-gray-100">
                  <td className="px-3 py-2">{officeDay(d.day, locale)}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{d.views}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{d.applyClicks}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="text-xs text-muted">{t('stats.note')}</p>
    </section>
  );
}
