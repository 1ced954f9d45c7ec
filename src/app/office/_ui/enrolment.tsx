'use client';

import { useState } from 'react';
import { useOfficeT } from './t';
import { EnrolBody, TotpBody } from '@/server/office/office-schemas';
import { Field, FormAlert, buttonClass } from './field';
import { CurrentPasswordField } from './new-password-fields';
import { officeNavigate } from './office-navigate';
import { officeFetch } from './office-fetch';
import { useOfficeForm } from './use-office-form';

export interface EnrolmentData {
  qr: string;
  secret: string;
  backupCodes: string[];
}

/** The QR code, the key as text, the backup codes, and the first code that turns two factors on. */
export function TotpEnrolment({ enrolment }: { enrolment: EnrolmentData }) {
  const t = useOfficeT('Enrol');
  const s = useOfficeT('SignIn');
  const form = useOfficeForm({
    schema: TotpBody,
    send: async (body) => {
      await officeFetch('/auth/code', { method: 'POST', body });
      officeNavigate('/office');
    },
    refused: (err) => (err.status === 401 ? s('codeWrong') : undefined),
  });
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
      <form noValidate className="grid gap-3" onSubmit={form.onSubmit}>
        <p>{t('step3')}</p>
        <FormAlert message={form.alert} />
        <Field
          label={t('code')}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          required
          error={form.errors.code}
        />
        <button type="submit" className={buttonClass} disabled={form.busy}>
          {t('submit')}
        </button>
      </form>
    </div>
  );
}

/** A signed-in member without an authenticator (an invitation left half-way, a reset): the password again, then the enrolment. */
export function EnrolForm() {
  const t = useOfficeT('Enrol');
  const [enrolment, setEnrolment] = useState<EnrolmentData>();
  const form = useOfficeForm({
    schema: EnrolBody,
    // After a reset, the link mailed to the member: its token is the part after `#`.
    body: (fields) => ({ password: fields.password, token: window.location.hash.slice(1) || undefined }),
    send: async (body) => setEnrolment(await officeFetch<EnrolmentData>('/enrolment', { method: 'POST', body })),
    refused: (err) => (err.status === 401 ? t('wrongPassword') : undefined),
  });
  if (enrolment) return <TotpEnrolment enrolment={enrolment} />;
  return (
    <form noValidate className="grid gap-3" onSubmit={form.onSubmit}>
      <FormAlert message={form.alert} />
      <CurrentPasswordField label={t('password')} error={form.errors.password} />
      <button type="submit" className={buttonClass} disabled={form.busy}>
        {t('start')}
      </button>
    </form>
  );
}
