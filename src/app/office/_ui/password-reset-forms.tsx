'use client';

import { useState, type ReactNode } from 'react';
import Link from 'next/link';
import { PasswordForgotBody, PasswordResetBody } from '@/server/office/office-schemas';
import { Field, FormAlert, buttonClass, secondaryButtonClass } from './field';
import { NewPasswordFields, newPasswordMismatch } from './new-password-fields';
import { OfficeProblem, officeFetch, retryMinutes } from './office-fetch';
import { useOfficeT } from './t';
import { useFieldErrors, useIssueText, useProblemText } from './use-problem-text';

const linkClass = 'justify-self-start text-sm text-brand-700 underline';

/** What a form says once it is done, with the ways on after it. */
function DoneCard({ text, children }: { text: string; children: ReactNode }) {
  return (
    <div className="grid gap-3">
      <p role="status" className="rounded-md border border-green-300 bg-green-50 px-3 py-2 text-sm text-green-900">
        {text}
      </p>
      {children}
    </div>
  );
}

/** "Forgot your password?": the address, then the same answer whether or not it is a member's. */
export function ForgotPasswordForm() {
  const t = useOfficeT('Reset');
  const issueText = useIssueText();
  const problemText = useProblemText();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string>();

  if (sentTo)
    return (
      <DoneCard text={t('sent', { email: sentTo })}>
        <button type="button" className={secondaryButtonClass} onClick={() => setSentTo(undefined)}>
          {t('again')}
        </button>
        <Link href="/office/sign-in" className={linkClass}>
          {t('back')}
        </Link>
      </DoneCard>
    );
  return (
    <form
      noValidate
      className="grid gap-3"
      onSubmit={async (e) => {
        e.preventDefault();
        const parsed = PasswordForgotBody.safeParse(Object.fromEntries(new FormData(e.currentTarget)));
        setErrors(parsed.success ? {} : issueText(parsed.error.issues));
        setAlert(undefined);
        if (!parsed.success) return;
        setBusy(true);
        try {
          await officeFetch('/auth/forgot-password', { method: 'POST', body: parsed.data });
          setSentTo(parsed.data.email);
        } catch (err) {
          setAlert(err instanceof OfficeProblem && err.status === 429 ? t('tooMany', { minutes: retryMinutes(err) }) : problemText(err));
        } finally {
          setBusy(false);
        }
      }}
    >
      <p className="text-sm">{t('forgotIntro')}</p>
      <FormAlert message={alert} />
      <Field label={t('email')} name="email" type="email" autoComplete="username" required error={errors.email} />
      <button type="submit" className={buttonClass} disabled={busy}>
        {busy ? t('sending') : t('send')}
      </button>
      <Link href="/office/sign-in" className={linkClass}>
        {t('back')}
      </Link>
    </form>
  );
}

/**
 * The mailed link's page (the token is the address's fragment, never sent to a server log): the
 * new password twice. Done, it says to sign in; it signs nobody in itself.
 */
export function ResetPasswordForm() {
  const t = useOfficeT('Reset');
  const v = useOfficeT('Validation');
  const p = useOfficeT('Problems');
  const issueText = useIssueText();
  const fieldErrors = useFieldErrors();
  const problemText = useProblemText();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string>();
  const [gone, setGone] = useState(false);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  if (done)
    return (
      <DoneCard text={t('done')}>
        <Link href="/office/sign-in" className={buttonClass}>
          {t('signIn')}
        </Link>
      </DoneCard>
    );
  if (gone)
    return (
      <div className="grid gap-3">
        <FormAlert message={p('resetLinkGone')} />
        <Link href="/office/forgot-password" className={linkClass}>
          {t('askAgain')}
        </Link>
      </div>
    );
  return (
    <form
      noValidate
      className="grid gap-3"
      onSubmit={async (e) => {
        e.preventDefault();
        const data = Object.fromEntries(new FormData(e.currentTarget));
        const parsed = PasswordResetBody.safeParse({ token: window.location.hash.slice(1), password: data.password });
        // Opened without the mail's link, or with a piece of it.
        if (!parsed.success && parsed.error.issues.some((i) => i.path[0] === 'token')) return setGone(true);
        const found = {
          ...(parsed.success ? {} : issueText(parsed.error.issues)),
          ...newPasswordMismatch(data, 'password', v('mismatch')),
        };
        setErrors(found);
        setAlert(undefined);
        if (!parsed.success || found.confirm) return;
        setBusy(true);
        try {
          await officeFetch('/auth/reset-password', { method: 'POST', body: parsed.data });
          setDone(true);
        } catch (err) {
          if (err instanceof OfficeProblem && err.status === 404) setGone(true);
          else if (err instanceof OfficeProblem && err.status === 422) setErrors(fieldErrors(err));
          else setAlert(problemText(err));
        } finally {
          setBusy(false);
        }
      }}
    >
      <p className="text-sm">{t('resetIntro')}</p>
      <FormAlert message={alert} />
      <NewPasswordFields name="password" label={t('password')} hint={v('passwordLength')} confirmLabel={t('confirm')} errors={errors} />
      <button type="submit" className={buttonClass} disabled={busy}>
        {busy ? t('saving') : t('submit')}
      </button>
    </form>
  );
}
