'use client';

import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { OfficePrivacyRequestBody } from '@/features/privacy/schema';
import { locales } from '@/i18n/locale-path';
import { OFFICE_LANGUAGE_NAMES } from '@/server/office/office-locales';
import { Choice, optionsOf } from '../_ui/choice';
import { ConfirmAction } from '../_ui/confirm-action';
import { Field, FormAlert, buttonClass } from '../_ui/field';
import { officeFetch } from '../_ui/office-fetch';
import { useOfficeT } from '../_ui/t';
import { useFieldErrors, useProblemText } from '../_ui/use-problem-text';

/** Opens a request for an address that wrote in: asks first (it mails the address), then says it did. */
export function OpenPrivacyRequest() {
  const t = useOfficeT('Privacy');
  const v = useOfficeT('Validation');
  const problemText = useProblemText();
  const fieldErrors = useFieldErrors();
  const router = useRouter();
  const [draft, setDraft] = useState<OfficePrivacyRequestBody>();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string>();
  const [done, setDone] = useState<string>();
  return (
    <div className="grid gap-3">
      <form
        noValidate
        className="grid gap-3 sm:grid-cols-[2fr_1fr_1fr_auto] sm:items-start"
        onSubmit={(e) => {
          e.preventDefault();
          const parsed = OfficePrivacyRequestBody.safeParse(Object.fromEntries(new FormData(e.currentTarget)));
          setDone(undefined);
          if (!parsed.success) return setErrors({ email: v('email') });
          setErrors({});
          setDraft(parsed.data);
        }}
      >
        <Field label={t('email')} name="email" type="email" autoComplete="off" required error={errors.email} />
        <Choice
          label={t('openKind')}
          name="kind"
          defaultValue="copy"
          options={optionsOf(['copy', 'erasure'] as const, (k) => t(`kinds.${k}`))}
        />
        <Choice label={t('openLanguage')} name="locale" defaultValue="en" options={optionsOf(locales, (l) => OFFICE_LANGUAGE_NAMES[l])} />
        <button type="submit" className={`${buttonClass} sm:mt-6`}>
          {t('openSubmit')}
        </button>
      </form>
      <FormAlert message={alert} />
      {draft ? (
        // Asked at once: the form's own button was the press; cancelled or refused, the form holds what was sent.
        <ConfirmAction
          key={`${draft.email}-${draft.kind}-${draft.locale}`}
          open
          onCancel={() => setDraft(undefined)}
          label={t('openSubmit')}
          question={t('confirmOpen', { email: draft.email, kind: t(`kinds.${draft.kind}`) })}
          onConfirm={async () => {
            try {
              await officeFetch<{ id: string }>('/privacy-requests', { method: 'POST', body: draft });
              setDone(draft.email);
              setDraft(undefined);
              setAlert(undefined);
              router.refresh();
            } catch (err) {
              setDraft(undefined);
              setErrors(fieldErrors(err));
              setAlert(problemText(err));
            }
          }}
        />
      ) : null}
      <p role="status" className={done ? 'rounded-md border border-green-300 bg-green-50 px-3 py-2 text-sm' : 'sr-only'}>
        {done ? t('opened', { email: done }) : ''}
      </p>
    </div>
  );
}
