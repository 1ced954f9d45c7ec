'use client';

import { useEffect } from 'react';
import { IntentLink as Link } from '@/ui/intent-link';
import { localizedPath } from '@/i18n/locale-path';
import { useClientLocale, useStrings } from '@/ui/client-strings';
import { handleChunkError } from '@/ui/chunk-reload';
import { ErrorPanel } from '@/ui/error-panel';
import { errorStatus } from '@/ui/error-status';

/** Any error while rendering a page: a generic, localized message, never the internals. */
export default function LocaleError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useStrings('Errors');
  const locale = useClientLocale();
  useEffect(() => handleChunkError(error), [error]);
  const status = errorStatus(error);
  return (
    <ErrorPanel
      status={t('status', { status })}
      title={status === 404 ? t('notFoundTitle') : t('genericTitle')}
      text={status === 404 ? t('notFoundText') : t('genericText')}
    >
      <button type="button" onClick={reset} className="rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800">
        {t('tryAgain')}
      </button>
      <Link href={localizedPath('/', locale)} className="font-semibold text-brand-700 underline underline-offset-4">
        {t('backHome')}
      </Link>
    </ErrorPanel>
  );
}
