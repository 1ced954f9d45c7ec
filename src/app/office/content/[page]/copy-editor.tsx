'use client';

import { useEffect, useId, useRef, useState } from 'react';
import { useRouter } from 'next/navigation';
import { ConfirmAction } from '../../_ui/confirm-action';
import { FormAlert, buttonClass, secondaryButtonClass } from '../../_ui/field';
import { OfficeProblem, officeFetch } from '../../_ui/office-fetch';
import { useOfficeT } from '../../_ui/t';
import { useProblemText } from '../../_ui/use-problem-text';

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

type Value = unknown;
type Path = (string | number)[];

// Texts edited in a box of several lines: these fields, and any text longer than a line.
const LONG = /^(intro|text|description|quote|note|exampleNote|bio|paragraphs|list)$/;

/** A value the schema accepts the shape of, empty: what "Add" puts in a list. */
function emptyOf(schema: CopySchema): Value {
  if (schema.enum) return schema.enum[0];
  if (schema.type === 'array') return Array.from({ length: schema.minItems ?? 0 }, () => emptyOf(schema.items ?? {}));
  if (schema.type === 'object')
    return Object.fromEntries((schema.required ?? []).map((k) => [k, emptyOf(schema.properties?.[k] ?? {})]));
  return '';
}

function setAt(value: Value, path: Path, next: Value): Value {
  if (!path.length) return next;
  const [head, ...rest] = path;
  if (Array.isArray(value)) return value.map((v, i) => (i === head ? setAt(v, rest, next) : v));
  const record = { ...(value as Record<string, Value>) };
  const updated = setAt(record[head as string], rest, next);
  if (updated === undefined) delete record[head as string];
  else record[head as string] = updated;
  return record;
}

type Status = { kind: 'saving' | 'publishing' | 'saved' | 'published' | 'discarded'; version?: number } | undefined;

/**
 * A page's copy in one language, as fields made from its schema: Save draft, Publish (after a
 * question) and Discard draft. The server checks every save with the same schema; what it refuses
 * shows beside each field.
 */
export function CopyWorkspace({
  page,
  locale,
  schema,
  initial,
  hasDraft,
  state,
}: {
  page: string;
  locale: string;
  schema: CopySchema;
  initial: Value;
  hasDraft: boolean;
  state: string;
}) {
  const t = useOfficeT('Content');
  const problemText = useProblemText();
  const router = useRouter();
  const [value, setValue] = useState<Value>(initial);
  const [dirty, setDirty] = useState(false);
  // The page's copy changed on the server (a version restored, the draft discarded): the form shows
  // it. A save or a publish answers what the form already holds, and the form stays as it is.
  const initialJson = JSON.stringify(initial);
  const [shown, setShown] = useState(initialJson);
  if (shown !== initialJson) {
    setShown(initialJson);
    setValue(initial);
    setDirty(false);
  }
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string>();
  const [status, setStatus] = useState<Status>();
  const v = useOfficeT('Validation');
  const c = useOfficeT('Common');
  const base = `/content/${page}/${locale}`;
  const formRef = useRef<HTMLFormElement>(null);

  const send = async (kind: 'saving' | 'publishing', call: () => Promise<{ version?: number } | { ok: true }>) => {
    setStatus({ kind });
    setAlert(undefined);
    try {
      const answer = await call();
      setErrors({});
      setDirty(false);
      setStatus(kind === 'saving' ? { kind: 'saved' } : { kind: 'published', version: (answer as { version?: number }).version });
      router.refresh();
    } catch (err) {
      setStatus(undefined);
      if (err instanceof OfficeProblem && err.errors.some((e) => e.path !== '')) {
        const byField = Object.fromEntries(
          err.errors.map((e) => [e.path, v.has(e.message as never) ? v(e.message as never) : e.message] as const),
        );
        setErrors(byField);
        setAlert(t('fixErrors', { count: Object.keys(byField).length }));
        // To the first field refused, once the errors are drawn beside it.
        requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      } else setAlert(problemText(err));
    }
  };

  const change = (path: Path, next: Value) => {
    setValue((old: Value) => setAt(old, path, next));
    setDirty(true);
    setStatus(undefined);
  };

  // Closing or reloading the page with unsaved changes asks the browser's question first.
  useEffect(() => {
    if (!dirty) return;
    const ask = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);

  const busy = status?.kind === 'saving' || status?.kind === 'publishing';
  const said =
    status?.kind === 'saving'
      ? c('saving')
      : status?.kind === 'publishing'
        ? t('publishing')
        : status?.kind === 'saved'
          ? t('saved')
          : status?.kind === 'published'
            ? t('publishedNow', { version: status.version ?? 0 })
            : status?.kind === 'discarded'
              ? t('discarded')
              : dirty
                ? t('unsaved')
                : '';
  return (
    <form
      ref={formRef}
      noValidate
      aria-busy={busy}
      className="grid gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        void send('saving', () => officeFetch(`${base}/draft`, { method: 'PUT', body: { content: value } }));
      }}
    >
      <p className="text-sm text-muted">{state}</p>
      <FormAlert message={alert} />
      <Fields schema={schema} value={value} path={[]} errors={errors} onChange={change} />
      <div className="sticky bottom-0 grid gap-2 border-t border-gray-200 bg-slate-50 py-3">
        <div className="flex flex-wrap items-start gap-2">
          <button type="submit" className={buttonClass} disabled={busy}>
            {t('saveDraft')}
          </button>
          <ConfirmAction
            label={t('publish')}
            question={t('publishQuestion')}
            disabled={busy}
            onConfirm={() => send('publishing', () => officeFetch<{ version: number }>(`${base}/publish`, { method: 'POST', body: { content: value } }))}
          />
          {hasDraft ? (
            <ConfirmAction
              label={t('discard')}
              question={t('discardQuestion')}
              danger
              disabled={busy}
              onConfirm={async () => {
                try {
                  await officeFetch(`${base}/draft`, { method: 'DELETE' });
                  setStatus({ kind: 'discarded' });
                  router.refresh();
                } catch (err) {
                  setAlert(problemText(err));
                }
              }}
            />
          ) : null}
        </div>
        <p role="status" className={`min-h-5 text-sm ${status?.kind === 'saved' || status?.kind === 'published' ? 'text-green-800' : 'text-muted'}`}>
          {said}
        </p>
      </div>
    </form>
  );
}

const inputClass = (error?: string) => `w-full rounded-md border bg-white px-3 py-2 text-sm ${error ? 'border-red-700' : 'border-gray-300'}`;

function useLabel() {
  const f = useOfficeT('ContentFields');
  return (key: string) => (f.has(key as never) ? f(key as never) : key.replace(/([A-Z])/g, ' $1').replace(/^./, (c) => c.toUpperCase()));
}

/** One value of the copy and what is inside it, by the kind its schema says. */
function Fields({
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
