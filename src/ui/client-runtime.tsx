'use client';

import { useEffect } from 'react';
import { handleChunkError } from './chunk-reload';

/**
 * Page-wide browser behaviour with no UI: reload once after a failed chunk load (a new
 * deployment replaced the scripts), and register the service worker in production.
 */
export function ClientRuntime({ serviceWorker }: { serviceWorker: boolean }) {
  useEffect(() => {
    const onWindowError = (e: ErrorEvent) => handleChunkError(e.error ?? { message: e.message });
    const onRejection = (e: PromiseRejectionEvent) => handleChunkError(e.reason);
    window.addEventListener('error', onWindowError);
    window.addEventListener('unhandledrejection', onRejection);
    return () => {
      window.removeEventListener('error', onWindowError);
      window.removeEventListener('unhandledrejection', onRejection);
    };
  }, []);

  useEffect(() => {
    if (!serviceWorker || !('serviceWorker' in navigator)) return;
    const register = () => navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {});
    if (document.readyState === 'complete') register();
    else window.addEventListener('load', register, { once: true });
  }, [serviceWorker]);

  return null;
}
