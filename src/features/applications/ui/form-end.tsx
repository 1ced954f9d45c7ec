'use client';

import type { Locale } from '@/i18n/routing';
import { ConsentNotice } from '@/features/forms';
import { FormUnsendableHint, useOnline } from '@/ui/online-status';

/** The end of both CV forms: the alert, the consent notice, the button and what is happening. */
export function FormEnd({
  alert,
  locale,
  consent,
  submitLabel,
  busy,
  status,
}: {
  alert?: string | null;
  locale: Locale;
  consent: { consent: string; privacyPolicy: string; newTab: string };
  submitLabel: string;
  busy: boolean;
  status: string;
}) {
  const online = useOnline();
  return (
    <>
      {alert ? (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm font-semibold text-red-900">
          {alert}
        </p>
      ) : null}
      <ConsentNotice locale={locale} labels={consent} />
      <FormUnsendableHint />
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <button
          type="submit"
          disabled={busy || !online}
          className="rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800 disabled:opacity-50"
        >
          {submitLabel}
        </button>
        <p aria-live="polite" className="text-sm text-muted">
          {status}
        </p>
      </div>
    </>
  );
}
