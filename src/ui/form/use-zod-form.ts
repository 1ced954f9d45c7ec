'use client';

import { useState } from 'react';
import type { z } from 'zod';

/**
 * Form state checked by the same zod schema the API uses: the first error of each field (a
 * message key), shown once the field was left or the form was sent.
 */
export function useZodForm<S extends z.ZodObject>(schema: S, initial: z.input<S>) {
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const result = schema.safeParse(values);
  const errors: Record<string, string> = {};
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = String(issue.path[0] ?? '');
      errors[field] ??= issue.message;
    }
  }
  return {
    values,
    isValid: result.success,
    data: result.success ? result.data : undefined,
    /** The error of a field the visitor has been through. */
    error: (field: string) => (touched[field] ? errors[field] : undefined),
    /** The error of a field, touched or not (to know whether a step is complete). */
    errorOf: (field: string) => errors[field],
    set: (field: string, value: unknown) => setValues((v) => ({ ...v, [field]: value })),
    touch: (field: string) => setTouched((t) => ({ ...t, [field]: true })),
    touchAll: () => setTouched(Object.fromEntries(Object.keys(schema.shape).map((k) => [k, true]))),
    reset: () => {
      setValues(initial);
      setTouched({});
    },
  };
}
