import { expect, test, type Page } from '../support/test';
import { codeMail, field, fillSignUp, likeAPerson, readySignUp } from '../support/e2e-signup';

test('sign up from the products page, confirm with the mailed code, see Account created', async ({ page }) => {
  const address = `trial-${Date.now()}@example.com`;
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Products' }).click();
  await expect(page).toHaveURL(/\/products$/);
  await page.getByRole('link', { name: 'Start your free trial' }).click();
  await expect(page).toHaveURL(/\/add$/);
  await expect(page.getByText('No credit card required. No commitment.')).toBeVisible();
  await expect(page.getByText('It takes a minute')).toBeVisible();

  const submit = page.getByRole('button', { name: 'Create account' });
  // Never disabled for an incomplete form: pressed, it says what is missing and goes to it.
  await expect(submit).toBeEnabled();
  await expect(async () => {
    await submit.click();
    await expect(page.getByText('Enter your email')).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await expect(field(page, 'Email')).toBeFocused();
  await expect(page.getByText('Enter a password')).toBeVisible();
  await field(page, 'Email').fill('grace@');
  await field(page, 'Confirm email').focus();
  await expect(page.getByText('Incorrect email format')).toBeVisible();
  await field(page, 'Password').fill('12345');
  await field(page, 'Confirm password').focus();
  await expect(page.getByText('The password must have 6 to 35 characters')).toBeVisible();

  await fillSignUp(page, address);
  await field(page, 'Confirm password').fill('cobol-1960');
  await field(page, 'Confirm password').blur();
  await expect(page.getByText('The passwords do not match')).toBeVisible();
  await field(page, 'Name (optional)').focus();
  await submit.click();
  await expect(field(page, 'Confirm password')).toBeFocused();
  await expect(page.getByRole('dialog', { name: 'Confirm your email' })).toBeHidden();
  await field(page, 'Confirm password').fill('cobol-1959');
  await likeAPerson(page);
  // Enter in a confirm field sends the form.
  await field(page, 'Confirm password').press('Enter');

  const dialog = page.getByRole('dialog', { name: 'Confirm your email' });
  await expect(dialog).toContainText(address);
  await expect(dialog).toContainText('Check your spam folder');
  await expect(dialog.getByRole('button', { name: /Send a new code in \d+ s/ })).toBeDisabled();

  const { code } = await codeMail(address);
  const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  await dialog.getByLabel('Confirmation code').fill(wrong);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toContainText('This code is not valid');

  await dialog.getByLabel('Confirmation code').fill(code);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden();
  const success = page.getByRole('dialog', { name: 'Account created successfully' });
  // One confirmation, and the right one: the email is confirmed (no notice that an email will follow).
  await expect(success).toContainText('Your email is confirmed');
  await expect(page.getByText('You should receive an email pretty soon')).toHaveCount(0);
  await expect(success.getByRole('listitem')).toHaveCount(0);
  await expect(success.getByRole('link', { name: 'Log in to the application' })).toHaveAttribute('href', /^https?:\/\//);
  await success.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(success).toBeHidden();
  // Focus goes to the start of the emptied form, not to the top of the page.
  await expect(field(page, 'Name (optional)')).toBeFocused();
  await expect(field(page, 'Name (optional)')).toHaveValue('');
});

test('a failure keeps what was typed and the form can be sent again', async ({ page }) => {
  await page.goto('/add');
  await readySignUp(page, `down-${Date.now()}@example.com`);
  await page.route(
    '**/rest/unconfirmeduser',
    (route) => route.fulfill({ status: 503, contentType: 'application/problem+json', body: '{"status":503}' }),
    { times: 1 },
  );
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Error' })).toContainText('We are currently experiencing some technical issues');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(field(page, 'Name (optional)')).toHaveValue('Grace Hopper');
  await expect(page.getByRole('button', { name: 'Create account' })).toBeEnabled();
});

/** On /add, the form sent, and the code dialog it opens. */
async function openCodeDialog(page: Page, address: string) {
  await page.goto('/add');
  await readySignUp(page, address);
  await likeAPerson(page);
  await page.getByRole('button', { name: 'Create account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm your email' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('closing the code dialog with Escape gives focus back to the button, and a later error still shows on the page', async ({ page }) => {
  const dialog = await openCodeDialog(page, `escape-${Date.now()}@example.com`);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Create account' })).toBeFocused();

  // The notifications came back to the page with the dialog closed.
  await page.route(
    '**/rest/unconfirmeduser',
    (route) => route.fulfill({ status: 503, contentType: 'application/problem+json', body: '{"status":503}' }),
    { times: 1 },
  );
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Error' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Error' })).toContainText('We are currently experiencing some technical issues');
});

test('closing the code dialog while offline, when Create account cannot take focus, leaves focus in the form', async ({
  page,
  context,
}) => {
  const dialog = await openCodeDialog(page, `offline-${Date.now()}@example.com`);
  await context.setOffline(true);
  await expect(page.getByRole('button', { name: 'Create account' })).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(field(page, 'Name (optional)')).toBeFocused();
  await context.setOffline(false);
});

test('in Spanish: the link in the mail opens a page whose button confirms (opening it does not use the code); altered it lands on /sp/verifyerror', async ({
  page,
}) => {
  const address = `enlace-${Date.now()}@example.com`;
  await page.goto('/sp/add');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Empieza tu prueba gratuita');
  await fillSignUp(page, address, {
    name: 'Nombre (opcional)',
    company: 'Empresa (opcional)',
    email: 'Correo electrónico',
    confirmEmail: 'Confirma el correo electrónico',
    password: 'Contraseña',
    confirmPassword: 'Confirma la contraseña',
  });
  await likeAPerson(page);
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirma tu correo electrónico' });
  await expect(dialog).toBeVisible();

  const { mail, code, link } = await codeMail(address);
  expect(mail.subject).toContain('es tu código de confirmación');
  const path = new URL(link).pathname + new URL(link).search;
  expect(path).toMatch(/^\/sp\/user\/[\w-]+\/email\/actions\/verifyemail\?signup=[\w-]+&code=\d{6}$/);
  const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  // The mail opened in another tab: the link's page confirms with its button, not by being opened.
  const mailTab = await page.context().newPage();
  const confirmButton = mailTab.getByRole('button', { name: 'Confirmar mi correo' });
  await mailTab.goto(path.replace('verifyemail?', 'verifyemail/actions?').replace(`code=${code}`, `code=${wrong}`));
  await confirmButton.click();
  await expect(mailTab).toHaveURL(/\/sp\/verifyerror$/);
  await expect(mailTab.getByRole('heading', { level: 1 })).toHaveText('No hemos podido confirmar tu correo');
  await expect(mailTab.getByRole('link', { name: 'Obtener un código nuevo' })).toHaveAttribute('href', '/sp/add');

  // A mail scanner opens the link first: the code still works when typed.
  await mailTab.goto(path);
  await expect(mailTab.getByRole('heading', { level: 1 })).toHaveText('Confirma tu correo electrónico');
  await dialog.getByLabel('Código de confirmación').fill(code);
  await dialog.getByRole('button', { name: 'Confirmar', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Cuenta creada con éxito' })).toBeVisible();

  // The button pressed afterwards: the address is confirmed, and the page says so.
  await confirmButton.click();
  await expect(mailTab).toHaveURL(/\/sp\/verifysuccess$/);
  await expect(mailTab.getByRole('heading', { level: 1 })).toHaveText('Tu correo está confirmado');

  // Without the Spanish cookie, an unprefixed link is English.
  await page.context().clearCookies();
  await page.goto('/user/unknown-user/email/actions/verifyemail?signup=x&code=123456');
  await page.getByRole('button', { name: 'Confirm my email' }).click();
  await expect(page).toHaveURL(/\/verifyerror$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('We could not confirm your email');
});

test('the link alone confirms: its button, without typing the code, lands on /verifysuccess', async ({ page }) => {
  const address = `link-only-${Date.now()}@example.com`;
  await page.goto('/add');
  await fillSignUp(page, address);
  await likeAPerson(page);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('dialog', { name: 'Confirm your email' })).toBeVisible();

  const { link } = await codeMail(address);
  const mailTab = await page.context().newPage();
  await mailTab.goto(new URL(link).pathname + new URL(link).search);
  await mailTab.getByRole('button', { name: 'Confirm my email' }).click();
  await expect(mailTab).toHaveURL(/\/verifysuccess$/);
  await expect(mailTab.getByRole('heading', { level: 1 })).toHaveText('Your email is confirmed');
});

test('a character that cannot be stored is named on its field, and no code is sent', async ({ page }) => {
  const address = `nul-${Date.now()}@example.com`;
  await page.goto('/add');
  await readySignUp(page, address);
  await field(page, 'Company (optional)').fill('Compilers\u0000 Inc');
  await likeAPerson(page);
  // The field says so at once; the form is not sent as it is.
  await expect(page.getByText('Your text contains a character that cannot be stored')).toBeVisible();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(field(page, 'Company (optional)')).toBeFocused();
  await expect(page.getByRole('dialog', { name: 'Confirm your email' })).toBeHidden();
  // The form keeps what was typed: without the character it goes through.
  await field(page, 'Company (optional)').fill('Compilers Inc');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('dialog', { name: 'Confirm your email' })).toBeVisible();
  // One code mail: the refused attempt sent none.
  await codeMail(address, 1);
});

test('a confirmation the site cannot check now sends back to the link, whose code still works', async ({ page, request }) => {
  // Addresses of this test only (the server takes the client address from x-real-ip here).
  const octet = () => 1 + Math.floor(Math.random() * 250);
  const [ip, other] = [`198.18.${octet()}.${octet()}`, `198.19.${octet()}.${octet()}`];
  const [owner, burner] = [`retry-${Date.now()}@example.com`, `burner-${Date.now()}@example.com`];
  for (const email of [owner, burner]) {
    const res = await request.post('/rest/unconfirmeduser', {
      data: { email, password: 'cobol-1959', locale: 'en', traps: { website: '', elapsedMs: 8000 } },
      headers: { 'x-real-ip': `203.0.113.${octet()}` },
    });
    expect(res.status()).toBe(200);
  }
  const { link } = await codeMail(owner);
  // This client address uses up its confirmation attempts (30 in ten minutes) on another sign-up.
  const burnerLink = new URL((await codeMail(burner)).link);
  for (let i = 0; i < 30; i++) {
    await request.post(burnerLink.pathname + '/confirm', {
      form: { signup: burnerLink.searchParams.get('signup')!, code: '000000' },
      headers: { 'x-real-ip': ip },
      maxRedirects: 0,
    });
  }

  await page.setExtraHTTPHeaders({ 'x-real-ip': ip });
  await page.goto(new URL(link).pathname + new URL(link).search);
  await page.getByRole('button', { name: 'Confirm my email' }).click();
  await expect(page).toHaveURL(/\/verifyemail\?.*retry=1/);
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(
    'We could not confirm your email just now. Your code is still valid: press the button again in a few minutes.',
  );

  // Later (here: from elsewhere), the same button confirms.
  await page.setExtraHTTPHeaders({ 'x-real-ip': other });
  await page.getByRole('button', { name: 'Confirm my email' }).click();
  await expect(page).toHaveURL(/\/verifysuccess$/);
});
