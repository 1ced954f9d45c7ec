'use client';

import { Toast } from 'radix-ui';
import { useTranslations } from 'next-intl';
import { dismissToast, useToasts, type ToastVariant } from './toast-store';

const variantClass: Record<ToastVariant, string> = {
  success: 'border-green-700 bg-green-50',
  error: 'border-red-700 bg-red-50',
  info: 'border-brand-700 bg-white',
};

/** The notification area of the layout. Errors stay until closed; others close after 6 s. */
export function Toaster() {
  const t = useTranslations('Toast');
  const toasts = useToasts();
  return (
    <Toast.Provider swipeDirection="right" label={t('label')}>
      {toasts.map((item) => (
        <Toast.Root
          key={item.id}
          type={item.variant === 'error' ? 'foreground' : 'background'}
          duration={item.variant === 'error' ? Infinity : 6000}
          onOpenChange={(open) => {
            if (!open) dismissToast(item.id);
          }}
          className={`grid grid-cols-[1fr_auto] gap-x-3 rounded-lg border-l-4 p-4 shadow-lg ${variantClass[item.variant]}`}
          data-variant={item.variant}
        >
          <Toast.Title className="font-semibold text-ink">{item.title}</Toast.Title>
          {item.description ? <Toast.Description className="col-start-1 mt-1 text-sm text-muted">{item.description}</Toast.Description> : null}
          <Toast.Close
            aria-label={t('close')}
            className="col-start-2 row-span-2 row-start-1 self-start rounded p-1 text-xl leading-none text-muted hover:text-ink"
          >
            <span aria-hidden="true">×</span>
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport
        label={t('region', { hotkey: '{hotkey}' })}
        className="fixed right-0 bottom-0 z-50 m-0 flex w-full max-w-sm list-none flex-col gap-2 p-4 outline-none" />
    </Toast.Provider>
  );
}
