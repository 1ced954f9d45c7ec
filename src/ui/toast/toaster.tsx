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
    if (toast.variant === 'error' || toast.action) return;
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
        onClick={() => {
          dismissToast(toast.id);
          toast.onClose?.();
        }}
        aria-label={closeLabel}
        className="col-start-2 row-span-2 row-start-1 self-start rounded p-1 text-xl leading-none text-muted hover:text-ink"
      >
        <span aria-hidden="true">×</span>
      </button>
      {toast.description ? <p className="col-start-1 mt-1 text-sm text-muted">{toast.description}</p> : null}
      {toast.action ? (
        <button
          type="button"
          // A question the visitor's last press raised: its answer is where the keyboard is next.
          autoFocus
          onClick={() => {
            dismissToast(toast.id);
            toast.action!.run();
          }}
          className="col-start-1 mt-3 justify-self-start rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
        >
          {toast.action.label}
        </button>
      ) : null}
    </li>
  );
}

/**
 * The notification area of the layout. Two live regions that exist from the start (before any
 * notification), so screen readers announce what is added: errors assertively, everything else
 * politely. While a modal is open the area moves into it (the rest of the page is inert then):
 * the same elements are moved, not made again, so a region keeps what it is announcing.
 *
 * Where it shows never hides what the visitor is filling in: in a modal it takes its place at the
 * top of the modal's content (above the heading, pushing the fields down, scrolled into view),
 * never over its fields or buttons; on the page it sits at the top of the screen on phones (the
 * forms' buttons are at the bottom, under the thumb) and in the bottom corner on wider screens.
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
    if (!container) return;
    if (host) host.prepend(container);
    else document.body.append(container);
  }, [container, host]);
  // In a modal, a new notification is scrolled into view (the visitor may be at the modal's bottom).
  const count = toasts.length;
  useEffect(() => {
    if (host && count > 0) container?.scrollIntoView({ block: 'nearest' });
  }, [host, count, container]);
  useEffect(() => () => container?.remove(), [container]);
  const list = (variant: 'error' | 'other') => toasts.filter((x) => (x.variant === 'error') === (variant === 'error'));
  const area = (
    <section
      aria-label={t('label')}
      className={
        host
          ? // In the modal's flow: no height while empty, so the live regions stay in place to announce.
            'px-4 sm:px-6 [&_li]:mt-4'
          : 'pointer-events-none fixed inset-x-0 top-0 z-50 flex flex-col gap-2 p-4 sm:inset-x-auto sm:top-auto sm:right-0 sm:bottom-0 sm:w-full sm:max-w-sm'
      }
    >
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
