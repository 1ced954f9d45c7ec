'use client';

import { useEffect, useState, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { useStrings } from '../client-strings';
import { dismissToast, useToastHost, useToasts, type ToastMessage, type ToastVariant } from './toast-store';

const variantClass: Record<ToastVariant, string> = {
  success: 'border-green-700 bg-green-50',
  error: 'border-red-700 bg-red-50',
  info: 'border-brand-700 bg-white',
};

const noSubscription = () => () => {};

/** How long a notification stays; errors stay until closed so they are not missed. */
const DISMISS_AFTER_MS = 6000;

function ToastItem({ toast, closeLabel }: { toast: ToastMessage; closeLabel: string }) {
  useEffect(() => {
    if (toast.variant === 'error') return;
    const timer = setTimeout(() => dismissToast(toast.id), DISMISS_AFTER_MS);
    return () => clearTimeout(timer);
  }, [toast]);
  return (
    <li
      className={`pointer-events-auto grid grid-cols-[1fr_auto] gap-x-3 rounded-lg border-l-4 p-4 shadow-lg ${variantClass[toast.variant]}`}
      data-variant={toast.variant}
    >
      <p className="font-semibold text-ink">{toast.title}</p>
      <button
        type="button"
        onClick={() => dismissToast(toast.id)}
        aria-label={closeLabel}
        className="col-start-2 row-span-2 row-start-1 self-start rounded p-1 text-xl leading-none text-muted hover:text-ink"
      >
        <span aria-hidden="true">×</span>
      </button>
      {toast.description ? <p className="col-start-1 mt-1 text-sm text-muted">{toast.description}</p> : null}
    </li>
  );
}

/**
 * The notification area of the layout. Two live regions that exist from the start (before any
 * notification), so screen readers announce what is added: errors assertively, everything else
 * politely. While a modal is open the area moves into it (the rest of the page is inert then):
 * the same elements are moved, not made again, so a region keeps what it is announcing.
 */
export function Toaster() {
  const t = useStrings('Toast');
  const toasts = useToasts();
  const host = useToastHost();
  // Made in the browser only, and filled once hydration is over (the server renders nothing here).
  const [container] = useState(() => (typeof document === 'undefined' ? null : document.createElement('div')));
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  useEffect(() => {
    if (container) (host ?? document.body).append(container);
  }, [container, host]);
  useEffect(() => () => container?.remove(), [container]);
  const list = (variant: 'error' | 'other') => toasts.filter((x) => (x.variant === 'error') === (variant === 'error'));
  const area = (
    <section aria-label={t('label')} className="pointer-events-none fixed right-0 bottom-0 z-50 flex w-full max-w-sm flex-col gap-2 p-4">
      {/* A list may not take a live-region role itself: the regions wrap the lists. */}
      <div role="alert" aria-live="assertive">
        <ol className="flex flex-col gap-2">
          {list('error').map((toast) => (
            <ToastItem key={toast.id} toast={toast} closeLabel={t('close')} />
          ))}
        </ol>
      </div>
      <div role="status" aria-live="polite">
        <ol className="flex flex-col gap-2">
          {list('other').map((toast) => (
            <ToastItem key={toast.id} toast={toast} closeLabel={t('close')} />
          ))}
        </ol>
      </div>
    </section>
  );
  return hydrated && container ? createPortal(area, container) : null;
}
