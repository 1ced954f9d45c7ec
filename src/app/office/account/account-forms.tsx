'use client';

import { useState } from 'react';
import { OFFICE_LANGUAGE_NAMES, OFFICE_LOCALES, type OfficeLocale } from '@/server/office/office-locales';
import { FormAlert } from '../_ui/field';
import { officeFetch } from '../_ui/office-fetch';
import { useOfficeT } from '../_ui/t';
import { useProblemText } from '../_ui/use-problem-text';

export function LanguageChoice({ locale }: { locale: OfficeLocale }) {
  const t = useOfficeT('Account');
  const problemText = useProblemText();
  const [alert, setAlert] = useState<string>();
  return (
    <div className="grid gap-2">
      <FormAlert message={alert} />
      <label className="grid max-w-xs gap-1 text-sm font-medium">
        {t('language')}
        <select
          defaultValue={locale}
          className="rounded-md border border-gray-300 bg-white px-3 py-2 text-sm"
          onChange={async (e) => {
            try {
              await officeFetch('/me', { method: 'PATCH', body: { locale: e.target.value } });
              // The whole office changes language, the layout included.
              window.location.reload();
            } catch (err) {
              setAlert(problemText(err));
            }
          }}
        >
          {OFFICE_LOCALES.map((l) => (
            <option key={l} value={l} lang={l}>
              {OFFICE_LANGUAGE_NAMES[l]}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
