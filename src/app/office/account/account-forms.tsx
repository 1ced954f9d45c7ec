'use client';

import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { OFFICE_LANGUAGE_NAMES, OFFICE_LOCALES, type OfficeLocale } from '@/server/office/office-locales';
import { BackupCodesBody, PasswordChangeBody } from '@/server/office/office-schemas';
import { ConfirmAction } from '../_ui/confirm-action';
import { DoneNote, Field, FormAlert, buttonClass, secondaryButtonClass } from '../_ui/field';
import { NewPasswordFields, newPasswordMismatch } from '../_ui/new-password-fields';
import { OfficeProblem, officeFetch, retryMinutes } from '../_ui/office-fetch';
import { useOfficeT } from '../_ui/t';
import { useFieldErrors, useIssueText, useProblemText } from '../_ui/use-problem-text';

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

/** A refused password step in words: the field's own error, the lock after wrong ones, or the problem. */
function usePasswordStepFailure(setErrors: (e: Record<string, string>) => void, setAlert: (a: string | undefined) => void) {
  const t = useOfficeT('Account');
  const fieldErrors = useFieldErrors();
  const problemText = useProblemText();
  return (err: unknown) => {
    if (err instanceof OfficeProblem && err.status === 422) setErrors(fieldErrors(err));
    else if (err instanceof OfficeProblem && err.status === 429) setAlert(t('locked', { minutes: retryMinutes(err) }));
    else setAlert(problemText(err));
  };
}

/** The current password and a new one (twice); done, every other session has ended and the list shows it. */
export function PasswordChange() {
  const t = useOfficeT('Account');
  const v = useOfficeT('Validation');
  const issueText = useIssueText();
  const router = useRouter();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string>();
  const fail = usePasswordStepFailure(setErrors, setAlert);
  return (
    <form
      noValidate
      className="grid max-w-md gap-3"
      onSubmit={async (e) => {
        e.preventDefault();
        const form = e.currentTarget;
        const data = Object.fromEntries(new FormData(form));
        const parsed = PasswordChangeBody.safeParse({ currentPassword: data.currentPassword, newPassword: data.newPassword });
        const found = {
          ...(parsed.success ? {} : issueText(parsed.error.issues)),
          ...newPasswordMismatch(data, 'newPassword', v('mismatch')),
        };
        setErrors(found);
        setAlert(undefined);
        setDone(undefined);
        if (!parsed.success || found.confirm) return;
        setBusy(true);
        try {
          await officeFetch('/me/password', { method: 'POST', body: parsed.data });
          form.reset();
          setDone(t('passwordChanged'));
          // The sessions listed below: only this one is left.
          router.refresh();
        } catch (err) {
          fail(err);
        } finally {
          setBusy(false);
        }
      }}
    >
      <p className="text-sm">{t('passwordIntro')}</p>
      <FormAlert message={alert} />
      <Field
        label={t('currentPassword')}
        name="currentPassword"
        type="password"
        autoComplete="current-password"
        required
        error={errors.currentPassword}
      />
      <NewPasswordFields
        name="newPassword"
        label={t('newPassword')}
        hint={t('newPasswordHint')}
        confirmLabel={t('confirmPassword')}
        errors={errors}
      />
      <div>
        <button type="submit" className={buttonClass} disabled={busy}>
          {busy ? t('changing') : t('changePassword')}
        </button>
      </div>
      <DoneNote text={done} />
    </form>
  );
}

/**
 * New backup codes: the password, a confirmation (the old codes stop working), then the new codes,
 * shown once, to copy or download.
 */
export function NewBackupCodes() {
  const t = useOfficeT('Account');
  const issueText = useIssueText();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string>();
  const [asking, setAsking] = useState<{ password: string }>();
  const [codes, setCodes] = useState<string[]>();
  const [copied, setCopied] = useState<string>();
  const fail = usePasswordStepFailure(setErrors, setAlert);

  if (codes) {
    const text = `${codes.join('\n')}\n`;
    return (
      <div className="grid gap-3">
        <p role="status" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-medium">
          {t('codesShown')}
        </p>
        <ul aria-label={t('codesListLabel')} className="grid max-w-md grid-cols-2 gap-1 font-mono text-sm" data-testid="new-backup-codes">
          {codes.map((code) => (
            <li key={code} className="rounded bg-gray-100 px-2 py-1">
              {code}
            </li>
          ))}
        </ul>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className={secondaryButtonClass}
            onClick={async () => {
              await navigator.clipboard.writeText(text);
              setCopied(t('copied'));
            }}
          >
            {t('copyCodes')}
          </button>
          <a
            className={secondaryButtonClass}
            href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
            download="office-backup-codes.txt"
          >
            {t('downloadCodes')}
          </a>
          <button type="button" className={buttonClass} onClick={() => setCodes(undefined)}>
            {t('codesKept')}
          </button>
        </div>
        <DoneNote text={copied} />
      </div>
    );
  }
  return (
    <form
      noValidate
      className="grid max-w-md gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        const parsed = BackupCodesBody.safeParse(Object.fromEntries(new FormData(e.currentTarget)));
        setErrors(parsed.success ? {} : issueText(parsed.error.issues));
        setAlert(undefined);
        if (parsed.success) setAsking(parsed.data);
      }}
    >
      <p className="text-sm">{t('backupIntro')}</p>
      <FormAlert message={alert} />
      <Field label={t('backupPassword')} name="password" type="password" autoComplete="current-password" required error={errors.password} />
      {asking ? (
        <ConfirmAction
          open
          danger
          label={t('newCodes')}
          question={t('confirmNewCodes')}
          onCancel={() => setAsking(undefined)}
          onConfirm={async () => {
            try {
              const made = await officeFetch<{ backupCodes: string[] }>('/me/backup-codes', { method: 'POST', body: asking });
              setCopied(undefined);
              setCodes(made.backupCodes);
            } catch (err) {
              fail(err);
            } finally {
              setAsking(undefined);
            }
          }}
        />
      ) : (
        <div>
          <button type="submit" className={buttonClass}>
            {t('newCodes')}
          </button>
        </div>
      )}
    </form>
  );
}
