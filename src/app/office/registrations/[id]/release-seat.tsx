'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { ConfirmAction } from '../../_ui/confirm-action';
import { detailSection } from '../../_ui/detail-rows';
import { FormAlert } from '../../_ui/field';
import { officeFetch } from '../../_ui/office-fetch';
import { useOfficeT } from '../../_ui/t';
import { useProblemText } from '../../_ui/use-problem-text';

/** Gives a registration's seat back, after asking (the registrant withdrew). */
export function ReleaseSeat({ id }: { id: string }) {
  const t = useOfficeT('Orders');
  const problemText = useProblemText();
  const router = useRouter();
  const [alert, setAlert] = useState('');
  return (
    <section className={detailSection} aria-labelledby="actions">
      <h2 id="actions" className="text-lg font-semibold">
        {t('actions')}
      </h2>
      <FormAlert message={alert} />
      <ConfirmAction
        danger
        label={t('release')}
        question={t('releaseQuestion')}
        onConfirm={async () => {
          setAlert('');
          try {
            await officeFetch(`/registrations/${id}/release`, { method: 'POST' });
            router.refresh();
          } catch (err) {
            setAlert(problemText(err));
          }
        }}
      />
    </section>
  );
}
