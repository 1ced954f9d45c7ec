'use client';

import { useState } from 'react';
import { ConfirmAction } from '../../_ui/confirm-action';
import { FormAlert } from '../../_ui/field';
import { officeFetch } from '../../_ui/office-fetch';
import { useOfficeT } from '../../_ui/t';
import { useRefreshingCall } from '../../_ui/use-refreshing-call';

/** Approve (on the board at once) or reject with a reason; either mails the employer, so each asks first. */
export function PostingReview({ id, version, live }: { id: string; version: string; live: boolean }) {
  const t = useOfficeT('Postings');
  const { alert, send } = useRefreshingCall();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string>();
  const run = async (path: string, body?: object) => {
    await send(() => officeFetch(`/postings/${id}/${path}`, { method: 'POST', body }));
  };
  return (
    <div className="grid gap-4 border-t border-gray-200 pt-4">
      <ConfirmAction
        label={t('approve')}
        question={live ? t('approveEditQuestion') : t('approveQuestion')}
        onConfirm={() => run('approve', { version })}
      />
      <div className="grid gap-2">
        <label htmlFor="reject-reason" className="text-sm font-medium">
          {t('reason')}
        </label>
        <p id="reject-reason-hint" className="text-xs text-muted">
          {t('reasonHint')}
        </p>
        <textarea
          id="reject-reason"
          rows={4}
          value={reason}
          aria-invalid={!!reasonError}
          aria-describedby={reasonError ? 'reject-reason-hint reject-reason-error' : 'reject-reason-hint'}
          onChange={(e) => setReason(e.target.value)}
          className={`w-full rounded-md border bg-white px-3 py-2 text-sm ${reasonError ? 'border-red-700' : 'border-gray-300'}`}
        />
        <p id="reject-reason-error" aria-live="polite" className="min-h-5 text-sm text-red-800">
          {reasonError}
        </p>
        <ConfirmAction
          label={t('reject')}
          danger
          question={t('rejectQuestion')}
          onConfirm={async () => {
            if (reason.trim().length < 5) {
              setReasonError(t('reasonRequired'));
              return;
            }
            setReasonError(undefined);
            await run('reject', { version, reason });
          }}
        />
      </div>
      <FormAlert message={alert} />
    </div>
  );
}
