'use client';

import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { OFFICE_LANGUAGE_NAMES, OFFICE_LOCALES, type OfficeLocale } from '@/server/office/office-locales';
import { BackupCodesBody, PasswordChangeBody } from '@/server/office/office-schemas';
import { ConfirmAction } from '../_ui/confirm-action';
import { DoneNote, FormAlert, buttonClass, secondaryButtonClass } from '../_ui/field';
import { CurrentPasswordField, NewPasswordFields, newPasswordMismatch } from '../_ui/new-password-fields';
import { OfficeProblem, officeFetch, retryMinutes } from '../_ui/office-fetch';
import { useOfficeT } from '../_ui/t';
import { useOfficeForm } from '../_ui/use-office-form';
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

/** A refused password step's own words: the lock after wrong passwords. */
function useLockedText() {
  const t = useOfficeT('Account');
  return (err: OfficeProblem) => (err.status === 429 ? t('locked', { minutes: retryMinutes(err) }) : undefined);
}

export function PasswordChange() {
  const t = useOfficeT('Account');
  const v = useOfficeT('Validation');
  const router = useRouter();
  const [done, setDone] = useState<string>();
  const form = useOfficeForm({
    schema: PasswordChangeBody,
    body: (fields) => ({ currentPassword: fields.currentPassword, newPassword: fields.newPassword }),
    also: (fields) => newPasswordMismatch(fields, 'newPassword', v('mismatch')),
    send: async (body, element) => {
      await officeFetch('/me/password', { method: 'POST', body });
      element.reset();
      setDone(t('passwordChanged'));
      // The sessions listed below: only this one is left.
      router.refresh();
    },
    refused: useLockedText(),
  });
  const { errors } = form;
  return (
    <form
      noValidate
      className="grid max-w-md gap-3"
      onSubmit={(e) => {
        setDone(undefined);
        return form.onSubmit(e);
      }}
    >
      <p className="text-sm">{t('passwordIntro')}</p>
      <FormAlert message={form.alert} />
      <CurrentPasswordField name="currentPassword" label={t('currentPassword')} error={errors.currentPassword} />
      <NewPasswordFields
        name="newPassword"
        label={t('newPassword')}
        hint={t('newPasswordHint')}
        confirmLabel={t('confirmPassword')}
        errors={errors}
      />
      <div>
        <button type="submit" className={buttonClass} disabled={form.busy}>
          {form.busy ? t('changing') : t('changePassword')}
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
  const [asking, setAsking] = useState<{ password: string }>();
  const [codes, setCodes] = useState<string[]>();
  const [copied, setCopied] = useState<string>();
  // The form asks for the password; the call is made once the member confirms.
  const form = useOfficeForm({ schema: BackupCodesBody, send: async (body) => setAsking(body), refused: useLockedText() });

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
    <form noValidate className="grid max-w-md gap-3" onSubmit={form.onSubmit}>
      <p className="text-sm">{t('backupIntro')}</p>
      <FormAlert message={form.alert} />
      <CurrentPasswordField label={t('backupPassword')} error={form.errors.password} />
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
              form.fail(err);
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
