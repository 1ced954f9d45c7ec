'use client';

import { useStrings } from '@/ui/client-strings';

/** The spec's 'Error getting data' alert, when the API could not be read. */
export function LoadFailed() {
  const errors = useStrings('Errors');
  return (
    <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-red-900">
      <p className="font-semibold">{errors('dataTitle')}</p>
      <p className="mt-1 text-sm">{errors('dataText')}</p>
    </div>
  );
}
