'use client';

import { useState, type ReactNode } from 'react';
import Link from 'next/link';
import { PasswordForgotBody, PasswordResetBody } from '@/server/office/office-schemas';
import { Field, FormAlert, buttonClass, secondaryButtonClass } from './field';
import { NewPasswordFields, newPasswordMismatch } from './new-password-fields';
import { officeFetch, retryMinutes } from './office-fetch';
import { useOfficeT } from './t';
import { useOfficeForm } from './use-office-form';

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
  const [sentTo, setSentTo] = useState<string>();
  const form = useOfficeForm({
    schema: PasswordForgotBody,
    send: async (body) => {
      await officeFetch('/auth/forgot-password', { method: 'POST', body });
      setSentTo(body.email);
    },
    refused: (err) => (err.status === 429 ? t('tooMany', { minutes: retryMinutes(err) }) : undefined),
  });

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
    <form noValidate className="grid gap-3" onSubmit={form.onSubmit}>
      <p className="text-sm">{t('forgotIntro')}</p>
      <FormAlert message={form.alert} />
      <Field label={t('email')} name="email" type="email" autoComplete="username" required error={form.errors.email} />
      <button type="submit" className={buttonClass} disabled={form.busy}>
        {form.busy ? t('sending') : t('send')}
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
  const [gone, setGone] = useState(false);
  const [done, setDone] = useState(false);
  const form = useOfficeForm({
    schema: PasswordResetBody,
    body: (fields) => {
      const token = window.location.hash.slice(1);
      // Opened without the mail's link, or with a piece of it.
      if (!PasswordResetBody.shape.token.safeParse(token).success) {
        setGone(true);
        return undefined;
      }
      return { token, password: fields.password };
    },
    also: (fields) => newPasswordMismatch(fields, 'password', v('mismatch')),
    send: async (body) => {
      await officeFetch('/auth/reset-password', { method: 'POST', body });
      setDone(true);
    },
    refused: (err) => {
      if (err.status !== 404) return undefined;
      setGone(true);
      return true;
    },
  });

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
    <form noValidate className="grid gap-3" onSubmit={form.onSubmit}>
      <p className="text-sm">{t('resetIntro')}</p>
      <FormAlert message={form.alert} />
      <NewPasswordFields
        name="password"
        label={t('password')}
        hint={v('passwordLength')}
        confirmLabel={t('confirm')}
        errors={form.errors}
      />
      <button type="submit" className={buttonClass} disabled={form.busy}>
        {form.busy ? t('saving') : t('submit')}
      </button>
    </form>
  );
}
