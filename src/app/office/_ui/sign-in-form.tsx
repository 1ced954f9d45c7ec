'use client';

import { useState } from 'react';
import Link from 'next/link';
import { useOfficeT } from './t';
import { BackupCodeBody, SignInBody, TotpBody } from '@/server/office/office-schemas';
import { CurrentPasswordField } from './new-password-fields';
import { Field, FormAlert, buttonClass } from './field';
import { officeNavigate } from './office-navigate';
import { officeReturnPath } from '@/server/office/return-path';
import { OfficeProblem, officeFetch, retryMinutes } from './office-fetch';
import { useFieldErrors, useProblemText } from './use-problem-text';

type Step = 'password' | 'code' | 'backup';

/** Email and password, then the authenticator's code (or a backup code). */
export function SignInForm() {
  const t = useOfficeT('SignIn');
  const v = useOfficeT('Validation');
  const problemText = useProblemText();
  const fieldErrors = useFieldErrors();
  const [step, setStep] = useState<Step>('password');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string>();
  const [busy, setBusy] = useState(false);

  const fail = (err: unknown, wrong: string) => {
    if (err instanceof OfficeProblem && err.status === 401) setAlert(wrong);
    else if (err instanceof OfficeProblem && err.status === 429) setAlert(t('locked', { minutes: retryMinutes(err) }));
    else if (err instanceof OfficeProblem && err.status === 422) setErrors(fieldErrors(err));
    else setAlert(problemText(err));
  };

  async function submit(form: HTMLFormElement) {
    const data = Object.fromEntries(new FormData(form)) as Record<string, string>;
    setAlert(undefined);
    const schema = step === 'password' ? SignInBody : step === 'code' ? TotpBody : BackupCodeBody;
    const parsed = schema.safeParse(data);
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(
          parsed.error.issues.map((i) => [
            String(i.path[0]),
            v(
              i.message === 'required' || i.message === 'email' || i.message === 'code' || i.message === 'backupCode'
                ? i.message
                : 'required',
            ),
          ]),
        ),
      );
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      if (step === 'password') {
        const { next } = await officeFetch<{ next: 'code' | 'enrol' }>('/auth/sign-in', { method: 'POST', body: parsed.data });
        // The link mailed after an authenticator reset (/office/enrol#…) came here to sign in first: it goes on.
        if (next === 'enrol') officeNavigate(window.location.hash ? `/office/enrol#${window.location.hash.slice(1)}` : '/office/enrol');
        else setStep('code');
      } else {
        await officeFetch('/auth/' + (step === 'code' ? 'code' : 'backup-code'), { method: 'POST', body: parsed.data });
        officeNavigate(officeReturnPath(new URLSearchParams(window.location.search).get('next')));
      }
    } catch (err) {
      if (step !== 'password' && err instanceof OfficeProblem && err.status === 401 && /expired|cookie/i.test(err.message))
        setStep('password');
      fail(err, step === 'password' ? t('wrong') : t('codeWrong'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      noValidate
      className="grid gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        void submit(e.currentTarget);
      }}
    >
      <FormAlert message={alert} />
      {step === 'password' ? (
        <>
          <Field key="email" label={t('email')} name="email" type="email" autoComplete="username" required error={errors.email} />
          <CurrentPasswordField key="password" label={t('password')} error={errors.password} />
        </>
      ) : (
        <>
          <h2 className="text-lg font-semibold">{t('codeTitle')}</h2>
          {step === 'code' ? (
            <Field
              key="code"
              label={t('code')}
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]*"
              maxLength={6}
              required
              autoFocus
              error={errors.code}
            />
          ) : (
            <Field key="backup" label={t('backup')} name="code" autoComplete="off" required autoFocus error={errors.code} />
          )}
        </>
      )}
      <button type="submit" className={buttonClass} disabled={busy}>
        {step === 'password' ? t('submit') : t('codeSubmit')}
      </button>
      {step === 'password' ? (
        <Link href="/office/forgot-password" className="justify-self-start text-sm text-brand-700 underline">
          {t('forgot')}
        </Link>
      ) : (
        <button
          type="button"
          className="justify-self-start text-sm text-brand-700 underline"
          onClick={() => setStep(step === 'code' ? 'backup' : 'code')}
        >
          {step === 'code' ? t('useBackup') : t('useApp')}
        </button>
      )}
      <p className="text-xs text-muted">{t('lost')}</p>
    </form>
  );
}
