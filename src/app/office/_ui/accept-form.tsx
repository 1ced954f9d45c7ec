'use client';

import { useEffect, useState } from 'react';
import { useOfficeT } from './t';
import { AcceptBody } from '@/server/office/office-schemas';
import { TotpEnrolment, type EnrolmentData } from './enrolment';
import { Field, FormAlert, buttonClass } from './field';
import { OfficeProblem, officeFetch } from './office-fetch';
import { newPasswordMismatch } from './new-password-fields';
import { useOfficeForm } from './use-office-form';
import { useProblemText } from './use-problem-text';

/**
 * The invitation link's page: the token is in the address's fragment (never sent to a server
 * log); the member chooses a password, then enrols the authenticator.
 */
export function AcceptForm() {
  const t = useOfficeT('Accept');
  const v = useOfficeT('Validation');
  const roles = useOfficeT('Roles');
  const problemText = useProblemText();
  const [token, setToken] = useState<string>();
  const [invitation, setInvitation] = useState<{ email: string | null; role: string } | 'invalid'>();
  const [lookupAlert, setLookupAlert] = useState<string>();
  const [enrolment, setEnrolment] = useState<EnrolmentData>();
  const form = useOfficeForm({
    schema: AcceptBody,
    body: (fields) => ({
      token,
      name: fields.name,
      password: fields.password,
      ...(invitation !== 'invalid' && invitation?.email ? {} : { email: fields.email }),
    }),
    also: (fields) => newPasswordMismatch(fields, 'password', v('mismatch')),
    send: async (body) => setEnrolment(await officeFetch<EnrolmentData>('/invitations/accept', { method: 'POST', body })),
    refused: (err) => {
      if (err.status === 409) return t('taken');
      if (err.status !== 404) return undefined;
      setInvitation('invalid');
      return true;
    },
  });
  const { errors } = form;

  useEffect(() => {
    const fromHash = window.location.hash.slice(1);
    officeFetch<{ email: string | null; role: string }>('/invitations/lookup', { method: 'POST', body: { token: fromHash } })
      .then((found) => {
        setToken(fromHash);
        setInvitation(found);
      })
      .catch((err: unknown) => {
        // Gone (404) is an invitation's own end; anything else (opened at another address) says what it is.
        if (err instanceof OfficeProblem && err.status !== 404) setLookupAlert(problemText(err));
        setInvitation('invalid');
      });
    // Once, on opening: the link's token does not change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (enrolment) return <TotpEnrolment enrolment={enrolment} />;
  if (!invitation) return <p aria-live="polite">{t('checking')}</p>;
  if (invitation === 'invalid') return <FormAlert message={lookupAlert ?? t('invalid')} />;

  return (
    <form noValidate className="grid gap-3" onSubmit={form.onSubmit}>
      <p>{t('intro', { role: roles.has(invitation.role as never) ? roles(invitation.role as never) : invitation.role })}</p>
      <FormAlert message={form.alert} />
      <Field label={t('name')} name="name" autoComplete="name" required error={errors.name} />
      {invitation.email ? (
        <Field label={t('email')} name="email-shown" value={invitation.email} readOnly />
      ) : (
        <Field label={t('email')} name="email" type="email" autoComplete="username" required error={errors.email} />
      )}
      <Field
        label={t('password')}
        hint={t('passwordHint')}
        name="password"
        type="password"
        autoComplete="new-password"
        required
        error={errors.password}
      />
      <Field label={t('confirm')} name="confirm" type="password" autoComplete="new-password" required error={errors.confirm} />
      <button type="submit" className={buttonClass} disabled={form.busy}>
        {t('submit')}
      </button>
    </form>
  );
}
