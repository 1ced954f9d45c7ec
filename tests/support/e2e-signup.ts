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
 * The sign-up form filled and ready to send. First a wrong address until the form says so: what is
 * typed before the page's script runs is not the form's yet (and its button is always enabled).
 */
export async function readySignUp(page: Page, email: string) {
  await expect(async () => {
    await field(page, 'Email').fill('not-an-address');
    await field(page, 'Email').blur();
    await expect(page.getByText('Incorrect email format')).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await fillSignUp(page, email);
  await expect(page.getByText('Incorrect email format')).toBeHidden();
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
