'use client';

import { useOfficeT } from './t';
import { OfficeProblem } from './office-fetch';

/** A failed call in words the member can act on, in their language. */
export function useProblemText() {
  const t = useOfficeT('Common');
  const p = useOfficeT('Problems');
  return (err: unknown): string => {
    if (!(err instanceof OfficeProblem)) return t('failed');
    if (err.status === 0) return t('offline');
    // A refusal the office has words for: its key comes as an error of the whole request
    // (refused() in src/server/errors.ts), whatever its status.
    const key = err.errors.find((e) => e.path === '' && p.has(e.message as never))?.message;
    if (key) return p(key as never);
    if (err.status === 401) return t('sessionEnded');
    if (err.status === 403) return t('notAllowed');
    if (err.errors.some((e) => e.path !== '')) return p('checkFields');
    if (err.status === 404) return p('notFound');
    if (err.status === 429) return p('tooMany');
    if (err.status >= 500) return t('failed');
    // A refusal without a key yet: the API's own (English) words beat none.
    return err.message;
  };
}

/** Field errors of a 422 by field, in the office's words (the schemas' messages are keys of Validation). */
export function useFieldErrors() {
  const t = useOfficeT('Validation');
  return (err: unknown): Record<string, string> => {
    if (!(err instanceof OfficeProblem)) return {};
    return Object.fromEntries(
      err.errors.filter((e) => e.path !== '').map((e) => [e.path, t.has(e.message as never) ? t(e.message as never) : e.message]),
    );
  };
}

/**
 * A form's own check (its zod schema, shared with the API) by field, in the office's words: each
 * field's first issue, whose message is a key of Validation (`required` when it is not one).
 */
export function useIssueText() {
  const t = useOfficeT('Validation');
  return (issues: readonly { path: PropertyKey[]; message: string }[]): Record<string, string> => {
    const found: Record<string, string> = {};
    for (const i of issues) found[String(i.path[0])] ??= t(t.has(i.message as never) ? (i.message as never) : 'required');
    return found;
  };
}
