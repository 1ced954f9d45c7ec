'use client';

import { useEffect, useRef, useState } from 'react';
import { useRouter } from 'next/navigation';
import { ConfirmAction } from '../../_ui/confirm-action';
import { FormAlert, buttonClass } from '../../_ui/field';
import { OfficeProblem, officeFetch } from '../../_ui/office-fetch';
import { useOfficeT } from '../../_ui/t';
import { useProblemText } from '../../_ui/use-problem-text';
import { Fields, emptyOf, setAt, type CopySchema, type Path, type Value } from './copy-fields';
import { SearchPreview } from './search-preview';

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
  search,
}: {
  page: string;
  locale: string;
  /** Where the page is and the site's name, for its search result's preview (pages with a title of their own). */
  search: { url: string; siteName: string };
  schema: CopySchema;
  /** The draft or the published copy; null when there is neither. */
  initial: Value;
  hasDraft: boolean;
  state: string;
}) {
  const t = useOfficeT('Content');
  const problemText = useProblemText();
  const router = useRouter();
  // Nothing written yet (a case study's first copy in a language): the schema's empty fields.
  const [value, setValue] = useState<Value>(() => initial ?? emptyOf(schema));
  const [dirty, setDirty] = useState(false);
  // The page's copy changed on the server (a version restored, the draft discarded): the form shows
  // it. A save or a publish answers what the form already holds, and the form stays as it is.
  const initialJson = JSON.stringify(initial);
  const [shown, setShown] = useState(initialJson);
  if (shown !== initialJson) {
    setShown(initialJson);
    setValue(initial ?? emptyOf(schema));
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

  const meta = (value as { meta?: { title?: unknown; description?: unknown } } | null)?.meta;
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
      {meta ? <SearchPreview meta={meta} url={search.url} siteName={search.siteName} locale={locale} /> : null}
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
