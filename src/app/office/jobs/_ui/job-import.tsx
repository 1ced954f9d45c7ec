'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { IMPORT_MAX_BYTES } from '@/features/jobs/office-schema';
import { ConfirmAction } from '../../_ui/confirm-action';
import { FormAlert, secondaryButtonClass } from '../../_ui/field';
import { officeFetch } from '../../_ui/office-fetch';
import { useOfficeT } from '../../_ui/t';
import { useProblemText } from '../../_ui/use-problem-text';

interface Outcome {
  added: number;
  updated: number;
  rejected: unknown[];
  rows: {
    row: number;
    externalId?: string;
    position?: string;
    outcome: 'add' | 'update' | 'reject';
    errors?: { path: string; message: string }[];
  }[];
}

/** Import by upload: the file is checked first (nothing written), then imported on confirmation. */
export function JobImport() {
  const t = useOfficeT('Jobs');
  const problemText = useProblemText();
  const router = useRouter();
  const [file, setFile] = useState<{ format: 'csv' | 'json'; text: string } | null>(null);
  const [plan, setPlan] = useState<Outcome | null>(null);
  const [done, setDone] = useState('');
  const [error, setError] = useState('');

  async function check() {
    if (!file) return;
    setError('');
    setDone('');
    try {
      setPlan(await officeFetch<Outcome>('/jobs/import/preview', { method: 'POST', body: file }));
    } catch (err) {
      setError(problemText(err));
    }
  }

  return (
    <section aria-labelledby="job-import" className="grid gap-3 rounded-lg border border-gray-200 bg-white p-4">
      <h2 id="job-import" className="text-lg font-semibold">
        {t('importTitle')}
      </h2>
      <p className="text-sm text-muted">{t('importHint')}</p>
      <label className="grid gap-1 text-sm font-medium">
        {t('file')}
        <input
          type="file"
          accept=".csv,.json,text/csv,application/json"
          onChange={async (e) => {
            const chosen = e.target.files?.[0];
            setPlan(null);
            setDone('');
            if (!chosen) return setFile(null);
            if (chosen.size > IMPORT_MAX_BYTES) return setError(t('importHint'));
            setError('');
            setFile({ format: /\.json$/i.test(chosen.name) ? 'json' : 'csv', text: await chosen.text() });
          }}
        />
      </label>
      <div>
        <button type="button" className={secondaryButtonClass} disabled={!file} onClick={check}>
          {t('check')}
        </button>
      </div>
      <FormAlert message={error} />
      {plan ? (
        <>
          <p aria-live="polite">{t('planned', { added: plan.added, updated: plan.updated, rejected: plan.rejected.length })}</p>
          <div className="max-h-96 overflow-auto">
            <table className="w-full text-left text-sm">
              <thead className="bg-gray-50 text-xs uppercase">
                <tr>
                  <th className="px-2 py-1">{t('row')}</th>
                  <th className="px-2 py-1">external_id</th>
                  <th className="px-2 py-1">{t('position')}</th>
                  <th className="px-2 py-1">{t('outcome')}</th>
                  <th className="px-2 py-1">{t('reasons')}</th>
                </tr>
              </thead>
              <tbody>
                {plan.rows.map((r) => (
                  <tr key={r.row} className={r.outcome === 'reject' ? 'bg-red-50' : undefined}>
                    <td className="px-2 py-1">{r.row}</td>
                    <td className="px-2 py-1">{r.externalId ?? ''}</td>
                    <td className="px-2 py-1">{r.position ?? ''}</td>
                    <td className="px-2 py-1">{t(`outcomes.${r.outcome}`)}</td>
                    <td className="px-2 py-1">{r.errors?.map((e) => `${e.path || '—'}: ${e.message}`).join('; ')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {plan.added + plan.updated > 0 ? (
            <ConfirmAction
              label={t('confirm')}
              question={t('confirmQuestion')}
              onConfirm={async () => {
                try {
                  const result = await officeFetch<Outcome>('/jobs/import', { method: 'POST', body: file });
                  setPlan(null);
                  setDone(t('imported', { added: result.added, updated: result.updated }));
                  router.refresh();
                } catch (err) {
                  setError(problemText(err));
                }
              }}
            />
          ) : null}
        </>
      ) : null}
      {done ? <p role="status">{done}</p> : null}
    </section>
  );
}
