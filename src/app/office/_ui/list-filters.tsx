import type { ReactNode } from 'react';
import Link from 'next/link';
import { Choice, choiceClass, type ChoiceOption } from './choice';
import type { ListQuery } from './list-query';

/** A filter of a list: a choice (its first option, "any", sets nothing) or a typed value. */
export type FilterField =
  | { name: string; label: string; options: readonly ChoiceOption[]; any?: string }
  | { name: string; label: string; type?: 'search' | 'date'; placeholder?: string };

/** The words of a list's filters, in its page's namespace. */
type FilterWords = (key: 'filters' | 'apply' | 'clear' | 'any') => string;
/** Those of a list whose filters fold away, with a search and a period. */
type FoldingWords = FilterWords & ((key: 'search' | 'from' | 'to') => string) & ((key: 'moreFilters', values: { count: number }) => string);

/** The period a list is filtered by: from and to, whole days. */
export const period = (from: string, to: string): FilterField[] => [
  { name: 'from', label: from, type: 'date' },
  { name: 'to', label: to, type: 'date' },
];

function Filter({ field, value, any }: { field: FilterField; value: string | undefined; any: string }) {
  if ('options' in field)
    return (
      <Choice
        label={field.label}
        name={field.name}
        defaultValue={value ?? ''}
        options={[{ value: '', label: field.any ?? any }, ...field.options]}
      />
    );
  return (
    <label className="grid gap-1 text-sm font-medium">
      {field.label}
      <input name={field.name} type={field.type} defaultValue={value ?? ''} placeholder={field.placeholder} className={choiceClass} />
    </label>
  );
}

interface Common {
  /** The list's address (where Clear goes) and the filters set. */
  list: ListQuery;
  /** What the form sends unchanged (the view the list is in). */
  hidden?: Record<string, string>;
  footer?: ReactNode;
}

/**
 * A list's filters as a GET form (the address holds them: it can be shared, and Back works), in
 * the words of the list's namespace (`t`). Folded: the search in view beside Show and Clear,
 * the `more` filters and the period under "More filters" (open once one is set), so a phone shows
 * the list first; `footer` below them (the list's export). Open: every field in view, the buttons
 * after them.
 */
export function ListFilters(
  props: Common &
    (
      | { t: FoldingWords; more: FilterField[]; moreColumns: string; fields?: undefined }
      | { t: FilterWords; fields: FilterField[]; columns: string; more?: undefined }
    ),
) {
  const { list, hidden, footer } = props;
  const values: Record<string, string | undefined> = list.filters;
  const t = props.t;
  const folded = props.more ? { t: props.t, more: props.more, columns: props.moreColumns } : undefined;
  const columns = props.more ? 'sm:grid-cols-[1fr_auto]' : props.columns;
  const inView = folded ? [{ name: 'q', label: folded.t('search'), type: 'search' as const }] : (props.fields ?? []);
  const more = folded ? [...folded.more, ...period(folded.t('from'), folded.t('to'))] : [];
  const set = more.filter((f) => values[f.name]).length;
  return (
    <form method="get" className="grid gap-3 rounded-lg border border-gray-200 bg-white p-4" aria-label={t('filters')}>
      {Object.entries(hidden ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className={`grid gap-3 ${columns} sm:items-end`}>
        {inView.map((field) => (
          <Filter key={field.name} field={field} value={values[field.name]} any={t('any')} />
        ))}
        <div className="flex gap-2">
          <button type="submit" className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800">
            {t('apply')}
          </button>
          <Link href={list.path} className="rounded-md border border-gray-300 bg-white px-4 py-2 text-sm font-semibold">
            {t('clear')}
          </Link>
        </div>
      </div>
      {folded ? (
        <details open={set > 0 || undefined}>
          <summary className="cursor-pointer text-sm font-medium text-brand-700">{folded.t('moreFilters', { count: set })}</summary>
          <div className={`mt-3 grid gap-3 ${folded.columns}`}>
            {more.map((field) => (
              <Filter key={field.name} field={field} value={values[field.name]} any={t('any')} />
            ))}
          </div>
        </details>
      ) : null}
      {footer}
    </form>
  );
}
