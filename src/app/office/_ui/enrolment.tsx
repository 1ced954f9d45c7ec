'use client';

import { useState } from 'react';
import { useOfficeT } from './t';
import { TotpBody } from '@/server/office/office-schemas';
import { Field, FormAlert, buttonClass } from './field';
import { officeNavigate } from './office-navigate';
import { OfficeProblem, officeFetch } from './office-fetch';
import { useProblemText } from './use-problem-text';

export interface EnrolmentData {
  qr: string;
  secret: string;
  backupCodes: string[];
}

/** The QR code, the key as text, the backup codes, and the first code that turns two factors on. */
export function TotpEnrolment({ enrolment }: { enrolment: EnrolmentData }) {
  const t = useOfficeT('Enrol');
  const v = useOfficeT('Validation');
  const s = useOfficeT('SignIn');
  const problemText = useProblemText();
  const [error, setError] = useState<string>();
  const [alert, setAlert] = useState<string>();
  const [busy, setBusy] = useState(false);
  return (
    <div className="grid gap-4">
      <p>{t('step1')}</p>
      {/* eslint-disable-next-line @next/next/no-img-element -- a data: URL made on the server, nothing to optimise */}
      <img src={enrolment.qr} alt={t('qrAlt')} width={200} height={200} className="rounded border border-gray-200 bg-white p-2" />
      <p className="text-sm">
        {t('secret')}{' '}
        <code className="rounded bg-gray-100 px-2 py-1 font-mono text-sm break-all" data-testid="totp-secret">
          {enrolment.secret}
        </code>
      </p>
      <p>{t('step2')}</p>
      <ul className="grid grid-cols-2 gap-1 font-mono text-sm" data-testid="backup-codes">
        {enrolment.backupCodes.map((code) => (
          <li key={code} className="rounded bg-gray-100 px-2 py-1">
            {code}
          </li>
        ))}
      </ul>
      <form
        noValidate
        className="grid gap-3"
        onSubmit={async (e) => {
          e.preventDefault();
          const parsed = TotpBody.safeParse(Object.fromEntries(new FormData(e.currentTarget)));
          if (!parsed.success) return setError(v('code'));
          setError(undefined);
          setAlert(undefined);
          setBusy(true);
          try {
            await officeFetch('/auth/code', { method: 'POST', body: parsed.data });
            officeNavigate('/office');
          } catch (err) {
            setAlert(err instanceof OfficeProblem && err.status === 401 ? s('codeWrong') : problemText(err));
          } finally {
            setBusy(false);
          }
        }}
      >
        <p>{t('step3')}</p>
        <FormAlert message={alert} />
        <Field label={t('code')} name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} required error={error} />
        <button type="submit" className={buttonClass} disabled={busy}>
          {t('submit')}
        </button>
      </form>
    </div>
  );
}

/** A signed-in member without an authenticator (an invitation left half-way, a reset): the password again, then the enrolment. */
export function EnrolForm() {
  const t = useOfficeT('Enrol');
  const v = useOfficeT('Validation');
  const problemText = useProblemText();
  const [enrolment, setEnrolment] = useState<EnrolmentData>();
  const [alert, setAlert] = useState<string>();
  const [error, setError] = useState<string>();
  if (enrolment) return <TotpEnrolment enrolment={enrolment} />;
  return (
    <form
      noValidate
      className="grid gap-3"
      onSubmit={async (e) => {
        e.preventDefault();
        const password = String(new FormData(e.currentTarget).get('password') ?? '');
        if (!password) return setError(v('required'));
        setError(undefined);
        try {
          // After a reset, the link mailed to the member: its token is the part after `#`.
          const token = window.location.hash.slice(1) || undefined;
          setEnrolment(await officeFetch<EnrolmentData>('/enrolment', { method: 'POST', body: { password, token } }));
        } catch (err) {
          setAlert(err instanceof OfficeProblem && err.status === 401 ? t('wrongPassword') : problemText(err));
        }
      }}
    >
      <FormAlert message={alert} />
      <Field label={t('password')} name="password" type="password" autoComplete="current-password" required error={error} />
      <button type="submit" className={buttonClass}>
        {t('start')}
      </button>
    </form>
  );
}
