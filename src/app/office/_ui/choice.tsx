import type { ReactNode, SelectHTMLAttributes } from 'react';

export interface ChoiceOption {
  value: string;
  label: string;
  /** The option's language, when it is a language's own name. */
  lang?: string;
}

/** The languages of the site, as a list filters by a record's language. */
export const LANGUAGE_OPTIONS: ChoiceOption[] = ['en', 'es', 'fr', 'de', 'it'].map((l) => ({ value: l, label: l.toUpperCase() }));

/** A choice's options from its values and the words for each. */
export const optionsOf = <V extends string>(values: readonly V[], label: (value: V) => string): ChoiceOption[] =>
  values.map((value) => ({ value, label: label(value) }));

export const choiceClass = 'w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-sm';

/** A select with its label around it (which names it), for the office's filters and forms. */
export function Choice({
  label,
  options,
  ...select
}: { label: ReactNode; options: readonly ChoiceOption[] } & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <label className="grid gap-1 text-sm font-medium">
      {label}
      <select className={choiceClass} {...select}>
        {options.map((o) => (
          <option key={o.value} value={o.value} lang={o.lang}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}
