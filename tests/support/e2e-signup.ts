import { expect, type Page } from '@playwright/test';
import { mailsTo } from './e2e-mail';

export { likeAPerson } from './like-a-person';

/** A sign-up field by its label, with or without the required mark (password fields have no textbox role). */
export const field = (page: Page, name: string) => page.getByLabel(new RegExp(`^${name.replace(/[()]/g, '\\$&')}( \\*)?$`));

export async function fillSignUp(
  page: Page,
  email: string,
  labels = {
    name: 'Name (optional)',
    company: 'Company (optional)',
    email: 'Email',
    confirmEmail: 'Confirm email',
    password: 'Password',
    confirmPassword: 'Confirm password',
  },
) {
  await field(page, labels.name).fill('Grace Hopper');
  await field(page, labels.company).fill('Compilers Inc');
  await field(page, labels.email).fill(email);
  await field(page, labels.confirmEmail).fill(email);
  await field(page, labels.password).fill('cobol-1959');
  await field(page, labels.confirmPassword).fill('cobol-1959');
}

/**
 * The sign-up form filled and ready to send. Filled again until the page's script runs: what is
 * typed before that is not the form's yet.
 */
export async function readySignUp(page: Page, email: string) {
  await expect(async () => {
    await fillSignUp(page, email);
    await expect(page.getByRole('button', { name: 'Create account' })).toBeEnabled({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
}

/** The mail the site sent for the latest sign-up of an address, read from the test SMTP server. */
export async function codeMail(address: string, count = 1) {
  await expect.poll(async () => (await mailsTo(address)).length, { timeout: 20_000 }).toBe(count);
  const mail = (await mailsTo(address)).at(-1)!;
  return {
    mail,
    code: /\b(\d{6})\b/.exec(mail.subject ?? '')![1]!,
    link: /https?:\/\/\S+verifyemail\?signup=[\w-]+&code=\d{6}/.exec(mail.text ?? '')![0],
  };
}
