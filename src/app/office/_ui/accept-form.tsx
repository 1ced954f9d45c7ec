'use client';

import { useEffect, useState } from 'react';
import { useOfficeT } from './t';
import { AcceptBody } from '@/server/office/office-schemas';
import { TotpEnrolment, type EnrolmentData } from './enrolment';
import { Field, FormAlert, buttonClass } from './field';
import { OfficeProblem, officeFetch } from './office-fetch';
import { useFieldErrors, useProblemText } from './use-problem-text';

/**
 * The invitation link's page: the token is in the address's fragment (never sent to a server
 * log); the member chooses a password, then enrols the authenticator.
 */
export function AcceptForm() {
  const t = useOfficeT('Accept');
  const v = useOfficeT('Validation');
  const roles = useOfficeT('Roles');
  const problemText = useProblemText();
  const fieldErrors = useFieldErrors();
  const [token, setToken] = useState<string>();
  const [invitation, setInvitation] = useState<{ email: string | null; role: string } | 'invalid'>();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [enrolment, setEnrolment] = useState<EnrolmentData>();

  useEffect(() => {
    const fromHash = window.location.hash.slice(1);
    officeFetch<{ email: string | null; role: string }>('/invitations/lookup', { method: 'POST', body: { token: fromHash } })
      .then((found) => {
        setToken(fromHash);
        setInvitation(found);
      })
      .catch((err: unknown) => {
        // Gone (404) is an invitation's own end; anything else (opened at another address) says what it is.
        if (err instanceof OfficeProblem && err.status !== 404) setAlert(problemText(err));
        setInvitation('invalid');
      });
    // Once, on opening: the link's token does not change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (enrolment) return <TotpEnrolment enrolment={enrolment} />;
  if (!invitation) return <p aria-live="polite">{t('checking')}</p>;
  if (invitation === 'invalid') return <FormAlert message={alert ?? t('invalid')} />;

  return (
    <form
      noValidate
      className="grid gap-3"
      onSubmit={async (e) => {
        e.preventDefault();
        const data = Object.fromEntries(new FormData(e.currentTarget)) as Record<string, string>;
        const parsed = AcceptBody.safeParse({
          token,
          name: data.name,
          password: data.password,
          ...(invitation.email ? {} : { email: data.email }),
        });
        const found: Record<string, string> = {};
        if (!parsed.success)
          for (const i of parsed.error.issues)
            found[String(i.path[0])] ??= v(
              ['required', 'email', 'passwordLength'].includes(i.message) ? (i.message as 'required') : 'required',
            );
        if (data.password !== data.confirm) found.confirm = v('mismatch');
        setErrors(found);
        if (!parsed.success || found.confirm) return;
        setAlert(undefined);
        setBusy(true);
        try {
          setEnrolment(await officeFetch<EnrolmentData>('/invitations/accept', { method: 'POST', body: parsed.data }));
        } catch (err) {
          if (err instanceof OfficeProblem && err.status === 422) setErrors(fieldErrors(err));
          else if (err instanceof OfficeProblem && err.status === 404) setInvitation('invalid');
          else setAlert(err instanceof OfficeProblem && err.status === 409 ? t('taken') : problemText(err));
        } finally {
          setBusy(false);
        }
      }}
    >
      <p>{t('intro', { role: roles.has(invitation.role as never) ? roles(invitation.role as never) : invitation.role })}</p>
      <FormAlert message={alert} />
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
      <button type="submit" className={buttonClass} disabled={busy}>
        {t('submit')}
      </button>
    </form>
  );
}
