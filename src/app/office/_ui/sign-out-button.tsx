'use client';

import { officeNavigate } from './office-navigate';
import { officeFetch } from './office-fetch';
import { useOfficeT } from './t';

export function SignOutButton() {
  const t = useOfficeT('Common');
  return (
    <button
      type="button"
      className="rounded-md px-3 py-2 text-sm font-medium text-white hover:bg-brand-800"
      onClick={async () => {
        await officeFetch('/auth/sign-out', { method: 'POST' }).catch(() => undefined);
        officeNavigate('/office/sign-in');
      }}
    >
      {t('signOut')}
    </button>
  );
}
