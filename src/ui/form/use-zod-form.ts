'use client';

import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { z } from 'zod';
import { clearSchemaGone, markSchemaGone } from './schema-gone';

/**
 * A form's schema, or a function that imports it. Forms on marketing pages load their schema when
 * the visitor first reaches the form (focus, a click, typing): zod is about 30 KB (gzip) and 40 ms
 * of a phone's main thread that showing the page does not need (decision 020). The schema is the
 * same one the API checks with.
 */
export type SchemaSource<S extends z.ZodObject> = S | (() => Promise<S>);

const loaded = new WeakMap<() => Promise<z.ZodObject>, z.ZodObject>();

const ONLINE_FAILURES_BEFORE_GONE = 2;

function useSchema<S extends z.ZodObject>(source: SchemaSource<S>): [S | undefined, () => void, () => Promise<S | undefined>] {
  const eager = typeof source === 'function' ? (loaded.get(source) as S | undefined) : source;
  const [schema, setSchema] = useState<S | undefined>(eager);
  const [wanted, setWanted] = useState(false);
  const [failed, setFailed] = useState(false);
  const onlineFailures = useRef(0);
  useEffect(() => {
    if (!wanted || schema || typeof source !== 'function') return;
    let live = true;
    source().then(
      (s) => {
        loaded.set(source, s);
        clearSchemaGone();
        if (live) setSchema(s);
      },
      // A chunk that failed to load (a bad connection, a new deployment): tried again at the
      // visitor's next focus or change, or when the browser is back online; the form stays
      // unsendable meanwhile, and says why once trying again looks hopeless.
      () => {
        if (!live) return;
        if (navigator.onLine && ++onlineFailures.current >= ONLINE_FAILURES_BEFORE_GONE) markSchemaGone();
        setWanted(false);
        setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [wanted, schema, source]);
  // After a failure, one listener while it lasts: the connection coming back asks again.
  useEffect(() => {
    if (!failed) return;
    const again = () => {
      setFailed(false);
      setWanted(true);
    };
    window.addEventListener('online', again);
    return () => window.removeEventListener('online', again);
  }, [failed]);
  /** The schema now, loading it when needed (a press on Send before any field was reached). */
  const load = async (): Promise<S | undefined> => {
    if (schema) return schema;
    if (typeof source !== 'function') return source;
    try {
      const s = (loaded.get(source) as S | undefined) ?? (await source());
      loaded.set(source, s);
      setSchema(s);
      return s;
    } catch {
      // The effect above retries and says so when it cannot.
      setWanted(true);
      return undefined;
    }
  };
  return [schema, () => setWanted(true), load];
}

/** Moves focus to the first field of a form that shows an error (after `check` has marked them). */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}

/**
 * Form state checked by the same zod schema the API uses: the first error of each field (a
 * message key), shown once the field was left or the form was sent. Until a lazily loaded schema
 * has arrived the form has no errors and is not valid, so it cannot be sent; the form asks for it
 * with `prepare` (onFocus) and any change.
 */
export function useZodForm<S extends z.ZodObject>(source: SchemaSource<S>, initial: z.input<S>) {
  const [schema, want, load] = useSchema(source);
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const result = schema?.safeParse(values);
  const errors: Record<string, string> = {};
  if (result && !result.success) {
    for (const issue of result.error.issues) {
      const field = String(issue.path[0] ?? '');
      errors[field] ??= issue.message;
    }
  }
  return {
    values,
    ready: schema !== undefined,
    isValid: result?.success === true,
    data: result?.success ? (result.data as z.output<S>) : undefined,
    /** The error of a field the visitor has been through. */
    error: (field: string) => (touched[field] ? errors[field] : undefined),
    /** The error of a field, touched or not (to know whether a step is complete). */
    errorOf: (field: string) => errors[field],
    /** For the form's onFocus: the visitor has reached the form, its schema is fetched. */
    prepare: want,
    set: (field: string, value: unknown) => {
      want();
      setValues((v) => ({ ...v, [field]: value }));
    },
    touch: (field: string) => {
      want();
      setTouched((t) => ({ ...t, [field]: true }));
    },
    touchAll: () => setTouched(Object.fromEntries(Object.keys(schema?.shape ?? (initial as object)).map((k) => [k, true]))),
    /**
     * For the form's submit: the checked values as `data`, or `invalid` after every error has been
     * shown (rendered before it returns, so the caller can focus the first one), or neither when
     * the schema cannot be loaded (the form's hint says why). Loads the schema first when the
     * visitor pressed Send before reaching any field.
     */
    check: async (): Promise<{ data?: z.output<S>; invalid?: true }> => {
      const s = await load();
      if (!s) return {};
      const parsed = s.safeParse(values);
      if (parsed.success) return { data: parsed.data as z.output<S> };
      flushSync(() => setTouched(Object.fromEntries(Object.keys(s.shape).map((k) => [k, true]))));
      return { invalid: true };
    },
    reset: () => {
      setValues(initial);
      setTouched({});
    },
  };
}
