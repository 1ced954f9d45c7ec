'use client';

import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { ConfirmAction } from '../_ui/confirm-action';
import { FormAlert } from '../_ui/field';
import { officeFetch } from '../_ui/office-fetch';
import { useOfficeT } from '../_ui/t';
import { useProblemText } from '../_ui/use-problem-text';

/** Releases a form from the spam folder, after asking (it mails the sender and sales). */
export function ReleaseButton({ id, name }: { id: string; name: string }) {
  const t = useOfficeT('Spam');
  const problemText = useProblemText();
  const router = useRouter();
  const [alert, setAlert] = useState<string>();
  return (
    <div className="grid gap-2">
      <FormAlert message={alert} />
      <ConfirmAction
        label={t('release')}
        question={t('confirmRelease', { name })}
        onConfirm={async () => {
          try {
            await officeFetch(`/spam/${encodeURIComponent(id)}/release`, { method: 'POST' });
            router.refresh();
          } catch (err) {
            setAlert(problemText(err));
          }
        }}
      />
    </div>
  );
}
