'use client';

import { useSyncExternalStore } from 'react';
import { useStrings } from './client-strings';
import { useSchemaGone } from './form/schema-gone';

function subscribe(listener: () => void) {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** Whether the browser has a connection; true during server rendering. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/** A notice at the top of every page while the browser is offline. */
export function OfflineNotice() {
  const t = useStrings('Status');
  const online = useOnline();
  return (
    <div role="status" aria-live="polite">
      {online ? null : (
        <p className="bg-amber-100 px-4 py-2 text-center text-sm font-medium text-amber-900" data-testid="offline-notice">
          {t('offline')}
        </p>
      )}
    </div>
  );
}

/**
 * For forms, with a disabled submit: says why the form cannot be sent, while the browser is
 * offline, or, for a form still waiting for its lazily loaded schema, when schemas can no longer
 * be loaded (the site was updated since the page was opened), with a button to reload the page.
 */
export function FormUnsendableHint({ waitingForSchema = false }: { waitingForSchema?: boolean }) {
  const t = useStrings('Status');
  const online = useOnline();
  const gone = useSchemaGone() && waitingForSchema;
  if (!online) {
    return (
      <p role="alert" className="text-sm font-medium text-amber-900">
        {t('formOffline')}
      </p>
    );
  }
  if (!gone) return null;
  return (
    <div role="alert" className="text-sm font-medium text-amber-900">
      <p>{t('formUpdated')}</p>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="mt-2 rounded-md border border-amber-900 px-3 py-1.5 font-semibold hover:bg-amber-50"
      >
        {t('reload')}
      </button>
    </div>
  );
}
