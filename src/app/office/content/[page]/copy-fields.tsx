'use client';

import { useId } from 'react';
import { secondaryButtonClass } from '../../_ui/field';
import { useOfficeT } from '../../_ui/t';

// The fields of a page's copy, drawn from its schema: what the copy editor (copy-editor.tsx) shows.

/** The part of JSON Schema a page's zod schema becomes (z.toJSONSchema) that the editor reads. */
export interface CopySchema {
  type?: 'object' | 'array' | 'string';
  properties?: Record<string, CopySchema>;
  required?: string[];
  items?: CopySchema;
  minItems?: number;
  maxItems?: number;
  enum?: string[];
}

export type Value = unknown;
export type Path = (string | number)[];

// Texts edited in a box of several lines: these fields, and any text longer than a line.
const LONG = /^(intro|text|description|quote|note|exampleNote|bio|paragraphs|list)$/;

/** A value the schema accepts the shape of, empty: what "Add" puts in a list. */
export function emptyOf(schema: CopySchema): Value {
  if (schema.enum) return schema.enum[0];
  if (schema.type === 'array') return Array.from({ length: schema.minItems ?? 0 }, () => emptyOf(schema.items ?? {}));
  if (schema.type === 'object')
    return Object.fromEntries((schema.required ?? []).map((k) => [k, emptyOf(schema.properties?.[k] ?? {})]));
  return '';
}

export function setAt(value: Value, path: Path, next: Value): Value {
  if (!path.length) return next;
  const [head, ...rest] = path;
  if (Array.isArray(value)) return value.map((v, i) => (i === head ? setAt(v, rest, next) : v));
  const record = { ...(value as Record<string, Value>) };
  const updated = setAt(record[head as string], rest, next);
  if (updated === undefined) delete record[head as string];
  else record[head as string] = updated;
  return record;
}

const inputClass = (error?: string) => `w-full rounded-md border bg-white px-3 py-2 text-sm ${error ? 'border-red-700' : 'border-gray-300'}`;

function useLabel() {
  const f = useOfficeT('ContentFields');
  return (key: string) => (f.has(key as never) ? f(key as never) : key.replace(/([A-Z])/g, ' $1').replace(/^./, (c) => c.toUpperCase()));
}

/** One value of the copy and what is inside it, by the kind its schema says. */
export function Fields({
  schema,
  value,
  path,
  errors,
  onChange,
  name,
}: {
  schema: CopySchema;
  value: Value;
  path: Path;
  errors: Record<string, string>;
  onChange: (path: Path, next: Value) => void;
  /** The key of the field (of the list, for an item), for its label and whether it is a long text. */
  name?: string;
}) {
  const label = useLabel();
  const t = useOfficeT('Content');
  const key = path.join('.');
  const error = errors[key];
  const id = useId();
  const last = path.at(-1);
  const title = typeof last === 'number' ? t('item', { label: label(name ?? ''), n: last + 1 }) : name ? label(name) : '';

  if (schema.type === 'object' && schema.properties) {
    const inner = Object.entries(schema.properties).map(([k, s]) => {
      const optional = !(schema.required ?? []).includes(k);
      const child = (value as Record<string, Value> | undefined)?.[k];
      if (optional && child === undefined)
        return (
          <div key={k}>
            <button type="button" className={secondaryButtonClass} onClick={() => onChange([...path, k], emptyOf(s))}>
              {t('optionalAdd', { label: label(k) })}
            </button>
          </div>
        );
      return (
        <div key={k} className="grid gap-2">
          <Fields schema={s} value={child} path={[...path, k]} errors={errors} onChange={onChange} name={k} />
          {optional ? (
            <div>
              <button type="button" className="text-sm text-red-800 underline" onClick={() => onChange([...path, k], undefined)}>
                {t('optionalRemove', { label: label(k) })}
              </button>
            </div>
          ) : null}
        </div>
      );
    });
    if (!path.length) return <div className="grid gap-4">{inner}</div>;
    return (
      <fieldset className="grid gap-3 rounded-lg border border-gray-200 bg-white p-3 sm:p-4">
        <legend className="px-1 text-sm font-semibold">{title}</legend>
        {error ? <p className="text-sm text-red-800">{error}</p> : null}
        {inner}
      </fieldset>
    );
  }

  if (schema.type === 'array') {
    const items = Array.isArray(value) ? value : [];
    const min = schema.minItems ?? 0;
    const max = schema.maxItems ?? Infinity;
    const itemSchema = schema.items ?? {};
    const move = (from: number, to: number) => {
      const next = [...items];
      const [moved] = next.splice(from, 1);
      next.splice(to, 0, moved);
      onChange(path, next);
    };
    return (
      <fieldset className="grid gap-3 rounded-lg border border-gray-200 bg-white p-3 sm:p-4" aria-describedby={error ? `${id}-error` : undefined}>
        <legend className="px-1 text-sm font-semibold">{title}</legend>
        {error ? (
          <p id={`${id}-error`} className="text-sm text-red-800">
            {error}
          </p>
        ) : null}
        {items.map((item, i) => {
          const itemLabel = t('item', { label: label(name ?? ''), n: i + 1 });
          return (
            <div key={i} className="grid gap-2 border-l-2 border-brand-100 pl-3">
              <Fields schema={itemSchema} value={item} path={[...path, i]} errors={errors} onChange={onChange} name={name} />
              {min === max && i === 0 && items.length === 1 ? null : (
                <div className="flex flex-wrap gap-2">
                  <button
                    type="button"
                    className="rounded border border-gray-300 px-2 py-1 text-xs disabled:opacity-50"
                    disabled={i === 0}
                    aria-label={`${t('moveUp')}: ${itemLabel}`}
                    onClick={() => move(i, i - 1)}
                  >
                    ↑ {t('moveUp')}
                  </button>
                  <button
                    type="button"
                    className="rounded border border-gray-300 px-2 py-1 text-xs disabled:opacity-50"
                    disabled={i === items.length - 1}
                    aria-label={`${t('moveDown')}: ${itemLabel}`}
                    onClick={() => move(i, i + 1)}
                  >
                    ↓ {t('moveDown')}
                  </button>
                  {items.length > min ? (
                    <button
                      type="button"
                      className="rounded border border-red-300 px-2 py-1 text-xs text-red-800"
                      aria-label={`${t('remove')}: ${itemLabel}`}
                      onClick={() => onChange(path, items.filter((_, j) => j !== i))}
                    >
                      {t('remove')}
                    </button>
                  ) : null}
                </div>
              )}
            </div>
          );
        })}
        {items.length < max ? (
          <div>
            <button type="button" className={secondaryButtonClass} onClick={() => onChange(path, [...items, emptyOf(itemSchema)])}>
              {t('add')}: {label(name ?? '')}
            </button>
          </div>
        ) : null}
      </fieldset>
    );
  }

  const text = typeof value === 'string' ? value : '';
  const describedBy = error ? `${id}-error` : undefined;
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {title}
      </label>
      {schema.enum ? (
        <select id={id} value={text} aria-invalid={!!error} aria-describedby={describedBy} className={inputClass(error)} onChange={(e) => onChange(path, e.target.value)}>
          {schema.enum.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      ) : LONG.test(name ?? '') || text.length > 90 ? (
        <textarea
          id={id}
          value={text}
          rows={Math.min(10, Math.max(3, Math.ceil(text.length / 80)))}
          aria-invalid={!!error}
          aria-describedby={describedBy}
          className={inputClass(error)}
          onChange={(e) => onChange(path, e.target.value)}
        />
      ) : (
        <input
          id={id}
          value={text}
          aria-invalid={!!error}
          aria-describedby={describedBy}
          className={inputClass(error)}
          onChange={(e) => onChange(path, e.target.value)}
        />
      )}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-800">
          {error}
        </p>
      ) : null}
    </div>
  );
}
