'use client';

import { useOfficeT } from './t';
import { OfficeProblem } from './office-fetch';

/** A failed call in words the member can act on. */
export function useProblemText() {
  const t = useOfficeT('Common');
  return (err: unknown): string => {
    if (!(err instanceof OfficeProblem)) return t('failed');
    if (err.status === 0) return t('offline');
    if (err.status === 401) return t('sessionEnded');
    if (err.status === 403) return t('notAllowed');
    if (err.status >= 500) return t('failed');
    return err.message;
  };
}

/** Field errors of a 422 by field, in the office's words (the schemas' messages are keys of Validation). */
export function useFieldErrors() {
  const t = useOfficeT('Validation');
  return (err: unknown): Record<string, string> => {
    if (!(err instanceof OfficeProblem)) return {};
    return Object.fromEntries(err.errors.map((e) => [e.path, t.has(e.message as never) ? t(e.message as never) : e.message]));
  };
}
