'use client';

import { Field } from './field';

/**
 * A new password and the same again (checked by the form: `newPasswordMismatch`), as the
 * invitation, My account and the reset ask for one.
 */
export function NewPasswordFields({
  name,
  label,
  hint,
  confirmLabel,
  errors,
}: {
  /** The field's name; the second one is `confirm`. */
  name: string;
  label: string;
  hint?: string;
  confirmLabel: string;
  errors: Record<string, string>;
}) {
  return (
    <>
      <Field label={label} hint={hint} name={name} type="password" autoComplete="new-password" required error={errors[name]} />
      <Field label={confirmLabel} name="confirm" type="password" autoComplete="new-password" required error={errors.confirm} />
    </>
  );
}

/** The `confirm` error when the two differ (undefined when they match). */
export const newPasswordMismatch = (data: Record<string, unknown>, name: string, mismatch: string): Record<string, string> =>
  data[name] === data.confirm ? {} : { confirm: mismatch };

/** The password the member has now, as the sign-in, the enrolment and My account ask for it to prove who they are. */
export function CurrentPasswordField({ name = 'password', label, error }: { name?: string; label: string; error?: string }) {
  return <Field label={label} name={name} type="password" autoComplete="current-password" required error={error} />;
}
