'use client';

import { useSyncExternalStore } from 'react';
import { useStrings } from './client-strings';

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
  return useSyncExternalStore(subscribe, () => navigator.onLine, () => true);
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

/** For forms: says why the form cannot be sent while offline (use with a disabled submit). */
export function FormOfflineHint() {
  const t = useStrings('Status');
  const online = useOnline();
  return online ? null : (
    <p role="alert" className="text-sm font-medium text-amber-900">
      {t('formOffline')}
    </p>
  );
}
