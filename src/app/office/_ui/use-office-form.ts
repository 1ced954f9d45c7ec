'use client';

import { useState, type FormEvent } from 'react';
import type { ZodType } from 'zod';
import { OfficeProblem } from './office-fetch';
import { useFieldErrors, useIssueText, useProblemText } from './use-problem-text';

export interface OfficeFormOptions<T> {
  /** The schema the API checks the body with: the form checks it first. */
  schema: ZodType<T>;
  /**
   * The body to check, from the form's fields (the fields themselves when left out); undefined
   * when the form cannot be sent and shows why itself (a link opened without its token).
   */
  body?: (fields: Record<string, string>) => unknown;
  /** Field errors the schema cannot see, such as a second password that differs. */
  also?: (fields: Record<string, string>) => Record<string, string>;
  send: (body: T, form: HTMLFormElement) => Promise<void>;
  /**
   * A refusal this form has its own words for (a lock, a link gone): the text, or true when the
   * form showed it another way. Left undefined, the office's common words say it.
   */
  refused?: (err: OfficeProblem) => string | boolean | undefined;
}

/**
 * An office form's submission: its fields checked with the API's schema (each field's error in the
 * member's words), one send at a time (`busy`), and a refusal shown by field (422) or as the
 * form's alert.
 */
export function useOfficeForm<T>({ schema, body, also, send, refused }: OfficeFormOptions<T>) {
  const issueText = useIssueText();
  const fieldErrors = useFieldErrors();
  const problemText = useProblemText();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string>();
  const [busy, setBusy] = useState(false);

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const fields = Object.fromEntries(new FormData(form)) as Record<string, string>;
    const values = body ? body(fields) : fields;
    if (values === undefined) return;
    const parsed = schema.safeParse(values);
    const found = { ...(parsed.success ? {} : issueText(parsed.error.issues)), ...also?.(fields) };
    setErrors(found);
    setAlert(undefined);
    if (!parsed.success || Object.keys(found).length) return;
    setBusy(true);
    try {
      await send(parsed.data, form);
    } catch (err) {
      fail(err);
    } finally {
      setBusy(false);
    }
  };

  /** Shows a refused call as the form does (for a call made after a confirmation, outside onSubmit). */
  const fail = (err: unknown) => {
    const own = err instanceof OfficeProblem ? refused?.(err) : undefined;
    const byField = err instanceof OfficeProblem && err.status === 422 ? fieldErrors(err) : {};
    if (typeof own === 'string') setAlert(own);
    else if (own === true) return;
    else if (Object.keys(byField).length) setErrors(byField);
    else setAlert(problemText(err));
  };
  return { errors, alert, busy, onSubmit, fail };
}
