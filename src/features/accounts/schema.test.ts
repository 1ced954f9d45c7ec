import { describe, expect, it } from 'vitest';
import { SignUpForm } from './schema';

const valid = {
  name: '',
  company: '',
  phone: '',
  email: 'ada@example.com',
  confirmEmail: 'ada@example.com',
  password: 'secret',
  confirmPassword: 'secret',
};
/** The first error of each field, as the page shows it. */
const errorsOf = (values: Record<string, string>) => {
  const result = SignUpForm.safeParse({ ...valid, ...values });
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [String(i.path[0]), i.message]).reverse());
};

describe('the sign-up form rules', () => {
  it('accepts the smallest valid form: email twice, a password of 6 twice, no name', () => {
    expect(errorsOf({})).toEqual({});
    expect(errorsOf({ confirmEmail: ' ADA@example.com ' })).toEqual({});
  });

  it('says which field is wrong, with the message key the page translates', () => {
    expect(errorsOf({ email: 'ada@', confirmEmail: 'ada@' })).toEqual({ email: 'emailFormat' });
    expect(errorsOf({ confirmEmail: 'eve@example.com' })).toEqual({ confirmEmail: 'emailMismatch' });
    expect(errorsOf({ confirmEmail: '' })).toEqual({ confirmEmail: 'confirmEmailRequired' });
    expect(errorsOf({ password: '12345', confirmPassword: '12345' })).toEqual({ password: 'passwordLength' });
    expect(errorsOf({ password: 'x'.repeat(36), confirmPassword: 'x'.repeat(36) })).toEqual({ password: 'passwordLength' });
    expect(errorsOf({ confirmPassword: 'secreT' })).toEqual({ confirmPassword: 'passwordMismatch' });
  });

  it('shows a mismatch while another field still has an error', () => {
    expect(errorsOf({ password: '', confirmEmail: 'eve@example.com' })).toMatchObject({
      password: 'passwordRequired',
      confirmEmail: 'emailMismatch',
    });
  });
});
