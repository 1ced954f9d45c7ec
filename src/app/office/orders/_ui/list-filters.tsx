import Link from 'next/link';
import { officeT } from '@/server/office/office-t';

const input = 'w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-sm';

type Select = { name: string; label: string; options: { value: string; label: string }[] };

/**
 * The filters of the registrations' and orders' lists as a GET form (shareable addresses, Back
 * works): a search, the lists' own choices, and a period.
 */
export function ListFilters({
  path,
  locale,
  values,
  selects,
}: {
  path: string;
  locale: string;
  values: Record<string, string | undefined>;
  selects: Select[];
}) {
  const t = officeT(locale, 'Orders');
  const set = Object.keys(values).filter((k) => k !== 'q' && values[k]).length;
  return (
    <form method="get" className="grid gap-3 rounded-lg border border-gray-200 bg-white p-4" aria-label={t('filters')}>
      <label className="grid gap-1 text-sm font-medium">
        {t('search')}
        <input name="q" type="search" defaultValue={values.q ?? ''} className={input} />
      </label>
      {/* The other filters fold away on a phone (open once one is set), so the list comes first. */}
      <details open={set > 0 || undefined}>
        <summary className="cursor-pointer text-sm font-medium text-brand-700">{t('moreFilters', { count: set })}</summary>
        <div className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {selects.map((s) => (
            <label key={s.name} className="grid gap-1 text-sm font-medium">
              {s.label}
              <select name={s.name} defaultValue={values[s.name] ?? ''} className={input}>
                <option value="">{t('any')}</option>
                {s.options.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            </label>
          ))}
          <label className="grid gap-1 text-sm font-medium">
            {t('from')}
            <input name="from" type="date" defaultValue={values.from ?? ''} className={input} />
          </label>
          <label className="grid gap-1 text-sm font-medium">
            {t('to')}
            <input name="to" type="date" defaultValue={values.to ?? ''} className={input} />
          </label>
        </div>
      </details>
      <div className="flex gap-2">
        <button type="submit" className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800">
          {t('apply')}
        </button>
        <Link href={path} className="rounded-md border border-gray-300 bg-white px-4 py-2 text-sm font-semibold">
          {t('clear')}
        </Link>
      </div>
    </form>
  );
}

export const tableHead = 'bg-gray-50 text-xs tracking-wide text-muted uppercase';
export const cell = 'px-3 py-2';
