import { expect, test, type Page } from '../support/test';
import { mailsTo } from '../support/e2e-mail';
import { likeAPerson } from '../support/like-a-person';
import { officeMember } from '../support/e2e-office-member';
import { operator } from '../support/operator';

const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

test('contact: call-back request with validation, notification and both mails', async ({ page }) => {
  const address = `lead-${Date.now()}@example.com`;
  await page.goto('/contact');
  await page.getByRole('button', { name: 'Schedule a call' }).click();
  const dialog = page.getByRole('dialog', { name: 'Schedule a call' });
  await expect(dialog).toContainText('Business hours 9:00 - 19:00 CET');
  const send = dialog.getByRole('button', { name: 'Call me back' });

  await field(page, 'Name').fill('Al');
  await field(page, 'Email').fill('nope');
  await field(page, 'Phone number').fill('12ab');
  await field(page, 'Company name').focus();
  await expect(dialog).toContainText('Enter at least 3 letters');
  await expect(dialog).toContainText('Incorrect email format');
  await field(page, 'Job title').focus();
  await expect(dialog).toContainText('Phone number format incorrect.');

  await field(page, 'Name').fill('Alice Martin');
  await field(page, 'Email').fill(address);
  await field(page, 'Phone number').fill('+34 600 123 456');
  await field(page, 'Company name').fill('Ejemplo SL');
  await field(page, 'Job title').fill('CTO');
  await field(page, 'Additional info').fill('We need a partner for our mobile app.');
  await dialog.getByLabel('Preferred time for the call').selectOption({ index: 1 });
  await expect(dialog).toContainText('we store your details');
  await likeAPerson(page);
  await send.click();
  await expect(page.getByRole('status').filter({ hasText: 'Form submitted' })).toContainText('We have received your request');
  await expect(dialog).toBeHidden();

  await expect.poll(async () => (await mailsTo(address)).length, { timeout: 15_000 }).toBe(1);
  expect((await mailsTo(address))[0]!.subject).toBe('We have received your request');
  await expect
    .poll(async () => (await mailsTo('sales@acme-digital.example')).some((m) => m.text?.includes(address)), { timeout: 15_000 })
    .toBe(true);
  const sales = (await mailsTo('sales@acme-digital.example')).find((m) => m.text?.includes(address))!;
  expect(sales.subject).toBe('New call-back request from Alice Martin');
  expect(sales.text).toContain('We need a partner for our mobile app.');
  expect(sales.text).toMatch(/\w+day, \d+ \w+ \d{4} at \d\d:[03]0 CES?T \(Madrid time\)/);
});

test('contact: a failure keeps the modal open with what was typed; Reset clears it', async ({ page }) => {
  await page.goto('/contact');
  await page.getByRole('button', { name: 'Contact us' }).click();
  const dialog = page.getByRole('dialog', { name: 'Write to our sales team' });
  await field(page, 'Name').fill('Someone Else');
  await field(page, 'Email').fill('someone@example.com');
  await field(page, 'Phone number').fill('600 123 456 ext 12');
  await field(page, 'Company name').fill('Firm');
  await field(page, 'Job title').fill('CEO');
  await field(page, 'Additional info').fill('Hello');
  await likeAPerson(page);
  await page.route('**/rest/form', (route) =>
    route.fulfill({ status: 503, contentType: 'application/problem+json', body: '{"status":503}' }),
  );
  await dialog.getByRole('button', { name: 'Send message' }).click();
  // The notification shows in the modal (the page behind it is inert) and can be closed there.
  const notice = dialog.getByRole('alert').filter({ hasText: 'Error submitting form' });
  await expect(notice).toContainText('Please try again later. Our apologies');
  await notice.getByRole('listitem').getByRole('button').click();
  await expect(notice).toBeHidden();
  await expect(dialog).toBeVisible();
  await expect(field(page, 'Name')).toHaveValue('Someone Else');
  await dialog.getByRole('button', { name: 'Reset' }).click();
  await expect(field(page, 'Name')).toHaveValue('');
  await expect(field(page, 'Additional info')).toHaveValue('');
});

test('demo, in Spanish: the alert for an invalid form, then the acknowledgement in Spanish', async ({ page }) => {
  const address = `demo-${Date.now()}@example.com`;
  await page.goto('/sp/demo');
  const send = page.getByRole('button', { name: 'Enviar' });
  await field(page, 'Nombre').fill('Lu');
  await field(page, 'Correo electrónico').focus();
  await expect(page.getByText('Introduce al menos 3 letras')).toBeVisible();
  await expect(send).toBeEnabled();
  await field(page, 'Nombre').fill('Lucía Gómez');
  await field(page, 'Correo electrónico').fill(address);
  await field(page, 'Mensaje').fill('Queremos ver la plataforma de datos.');
  await likeAPerson(page);
  // A form the server still finds invalid gets the alert and stays as typed.
  await page.route(
    '**/rest/form',
    (route) => route.fulfill({ status: 422, contentType: 'application/problem+json', body: '{"status":422,"errors":[]}' }),
    { times: 1 },
  );
  await send.click();
  await expect(page.getByRole('alert').filter({ hasText: '¡Corrige los errores!' })).toBeVisible();
  await expect(field(page, 'Nombre')).toHaveValue('Lucía Gómez');
  await send.click();
  await expect(page.getByRole('status').filter({ hasText: 'Formulario enviado' })).toBeVisible();
  await expect
    .poll(async () => (await mailsTo(address)).map((m) => m.subject), { timeout: 15_000 })
    .toEqual(['Hemos recibido tu solicitud']);
});

test('feedback with a character that cannot be stored: the field says so before anything is sent', async ({ page }) => {
  await page.goto('/feedback');
  const sent: string[] = [];
  page.on('request', (r) => void (r.url().endsWith('/rest/form') && sent.push(r.url())));
  await field(page, 'Comments').fill('Great board\u0000 on my phone.');
  await field(page, 'Comments').blur();
  await likeAPerson(page);
  await expect(page.getByText('Your text contains a character that cannot be stored')).toBeVisible();
  // Pressed anyway, Send says what is wrong and goes to the field.
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please correct the marked errors.' })).toBeVisible();
  await expect(field(page, 'Comments')).toBeFocused();
  await expect(field(page, 'Comments')).toHaveValue('Great board\u0000 on my phone.');
  await field(page, 'Comments').fill('Great board on my phone.');
  await expect(page.getByText('Your text contains a character that cannot be stored')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Send' })).toBeEnabled();
  expect(sent).toEqual([]);
});

test('a form filled within a second, as a password manager does, asks "Send it now?"; sent, it is a lead in the inbox with its mails', async ({
  page,
  browser,
}) => {
  const address = `fast-${Date.now()}@example.com`;
  // A visitor of its own: its two forms do not count against the other tests' form limit.
  await page.setExtraHTTPHeaders({ 'x-real-ip': '203.0.113.241' });
  await page.goto('/demo');
  // The page's clock stands still (its timers run): however long the typing takes, the form was
  // on screen for 0.1 s.
  await page.clock.setFixedTime(await page.evaluate(() => Date.now() + 100));
  await field(page, 'Name').fill('Nora Quick');
  await field(page, 'Email').fill(address);
  await field(page, 'Message').fill('Filled in by my password manager.');
  await page.getByRole('button', { name: 'Send' }).click();
  const question = page.getByRole('status').getByRole('listitem').filter({ hasText: 'Send it now?' });
  await expect(question).toContainText('filled in within seconds');
  // Closed, nothing is sent and the form keeps what it holds.
  await question.getByRole('button', { name: 'Close notification' }).click();
  await expect(question).toBeHidden();
  await expect(field(page, 'Name')).toHaveValue('Nora Quick');
  await page.getByRole('button', { name: 'Send' }).click();
  // The answer takes the keyboard's focus: Enter sends.
  await expect(question.getByRole('button', { name: 'Send it' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Form submitted' })).toBeVisible();
  await expect
    .poll(async () => (await mailsTo(address)).map((m) => m.subject), { timeout: 15_000 })
    .toEqual(['We have received your request']);
  await expect
    .poll(async () => (await mailsTo('sales@acme-digital.example')).some((m) => m.text?.includes(address)), { timeout: 15_000 })
    .toBe(true);
  // A lead like any other: in the inbox, not in the spam folder.
  const sales = await officeMember(browser, 'sales');
  await sales.page.goto(`/office/leads?q=${encodeURIComponent(address)}`);
  await expect(sales.page.getByRole('row').filter({ hasText: 'Nora Quick' })).toBeVisible();
  await sales.page.goto('/office/spam');
  await expect(sales.page.getByText(address)).toHaveCount(0);
  // The same form posted straight to the API, without the page's question, waits in the spam
  // folder, whose count the dashboard and the menu show.
  const bot = `bot-${Date.now()}@example.com`;
  const posted = await page.request.post('/rest/form', {
    headers: { 'x-real-ip': '203.0.113.242' },
    data: {
      type: 'demo',
      form: { name: 'Bot Quick', email: bot, message: 'Posted in no time.' },
      context: { locale: 'en', page: '/demo', referrer: '', utm: {} },
      traps: { website: '', elapsedMs: 100 },
    },
  });
  expect(posted.status()).toBe(200);
  await sales.page.goto('/office');
  await expect(sales.page.getByRole('link', { name: /^Spam folder \(\d+ to look at\)$/ })).toBeVisible();
  await expect(sales.page.getByRole('link', { name: 'Forms in the spam folder' })).toBeVisible();
  await sales.page.goto('/office/spam');
  await expect(sales.page.getByText(bot)).toBeVisible();
  await sales.context.close();
});

test('feedback is received', async ({ page }) => {
  await page.goto('/feedback');
  await field(page, 'Comments').fill('The job board is great on my phone.');
  await likeAPerson(page);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Form submitted' })).toBeVisible();
  await expect
    .poll(async () => (await mailsTo('sales@acme-digital.example')).some((m) => m.text?.includes('The job board is great on my phone.')), {
      timeout: 15_000,
    })
    .toBe(true);
});

test('home: the quote request in three steps', async ({ page }) => {
  const address = `quote-${Date.now()}@example.com`;
  await page.goto('/');
  const wizard = page.getByRole('form', { name: 'Your first 20 hours of software development are free' });
  const next = wizard.getByRole('button', { name: 'Next' });
  await expect(wizard).toContainText('Step 1 of 3');
  // Next stays enabled and, pressed too early, says what is missing.
  await expect(next).toBeEnabled();
  await next.click();
  await expect(wizard).toContainText('Step 1 of 3');
  await expect(wizard.getByText('Choose one of the options')).toBeVisible();
  await expect(wizard.getByLabel('Build a new product')).toBeFocused();
  await wizard.getByLabel('Build a new product').check();
  await expect(wizard.getByText('Choose one of the options')).toHaveCount(0);
  await next.click();
  await expect(wizard).toContainText('Step 2 of 3');
  await wizard.getByLabel('Within three months').check();
  await next.click();
  await expect(wizard.getByText('Choose one of the options')).toHaveCount(1);
  await wizard.getByLabel('€20,000 to €50,000').check();
  await next.click();
  await expect(wizard.getByRole('link', { name: /Privacy Policy/ })).toHaveAttribute('href', '/privacy-policy');
  await field(page, 'Name').fill('Nora Quinn');
  await field(page, 'Email').fill(address);
  await likeAPerson(page);
  await wizard.getByRole('button', { name: 'Get my 20 free hours' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Form submitted' })).toBeVisible();
  await expect
    .poll(async () => (await mailsTo('sales@acme-digital.example')).some((m) => m.subject === 'New quote request from Nora Quinn'), {
      timeout: 15_000,
    })
    .toBe(true);
});

test('offline, a form says it cannot be sent until the connection is back', async ({ page, context }) => {
  await page.goto('/feedback');
  await field(page, 'Comments').fill('Written on a train.');
  await context.setOffline(true);
  await expect(
    page.getByRole('alert').filter({ hasText: 'You are offline: this form can be sent as soon as the connection is back.' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send' })).toBeDisabled();
  await context.setOffline(false);
  await expect(page.getByRole('button', { name: 'Send' })).toBeEnabled();
});

test.describe('after an update of the site', () => {
  // The page's requests must reach the test's routes, not a service worker's cache.
  test.use({ serviceWorkers: 'block' });

  test('a form whose script is gone says to reload the page, and works after the reload', async ({ page }) => {
    await page.goto('/feedback');
    // As after a new deployment: the scripts this page has not loaded yet (its form's schema) are gone.
    await page.route('**/_next/static/chunks/**', (route) => route.fulfill({ status: 404, body: '' }));
    const hint = page.getByRole('alert').filter({ hasText: 'The site has been updated since you opened this page' });
    // Each change asks for the schema again (and the first ones may come before the page's script runs).
    await expect(async () => {
      await field(page, 'Comments').fill(`Typed at ${Date.now()}`);
      await expect(hint).toBeVisible({ timeout: 1000 });
    }).toPass();
    await expect(page.getByRole('button', { name: 'Send' })).toBeDisabled();

    await page.unroute('**/_next/static/chunks/**');
    await hint.getByRole('button', { name: 'Reload the page' }).click();
    await expect(async () => {
      await field(page, 'Comments').fill('Written after the update.');
      await expect(page.getByRole('button', { name: 'Send' })).toBeEnabled({ timeout: 1000 });
    }).toPass();
  });
});

test('a form stored whose answer was lost, sent again, is received once', async ({ page }) => {
  const text = `Our first press reached you, its answer did not (${Date.now()}).`;
  await page.goto('/feedback');
  await field(page, 'Comments').fill(text);
  await likeAPerson(page);
  // The first request reaches the server and is stored; its answer never reaches the page.
  const keys: string[] = [];
  await page.route(
    '**/rest/form',
    async (route) => {
      keys.push(route.request().headers()['idempotency-key'] ?? '');
      await route.fetch();
      await route.abort('connectionreset');
    },
    { times: 1 },
  );
  const send = page.getByRole('button', { name: 'Send' });
  await send.click();
  await expect(page.getByRole('alert').filter({ hasText: 'Error submitting form' })).toBeVisible();
  page.on('request', (r) => void (r.url().endsWith('/rest/form') && keys.push(r.headers()['idempotency-key'] ?? '')));
  await send.click();
  await expect(page.getByRole('status').filter({ hasText: 'Form submitted' })).toBeVisible();
  expect(keys).toHaveLength(2);
  expect(keys[1]).toBe(keys[0]);
  // The second press was answered from the first: the form is stored once (the operator's export
  // of today's leads holds its text once), so one notification is queued, and it arrives.
  const since = new Date().toISOString().slice(0, 10);
  expect((await operator('leads', 'export', '--since', since)).split(text).length - 1).toBe(1);
  const notifications = async () => (await mailsTo('sales@acme-digital.example')).filter((m) => m.text?.includes(text)).length;
  await expect.poll(notifications, { timeout: 15_000 }).toBe(1);
});

test.describe('a visitor in New York', () => {
  // A visitor of its own (the server trusts x-real-ip here): the forms sent by other tests do not count against its limit.
  test.use({ timezoneId: 'America/New_York', extraHTTPHeaders: { 'x-real-ip': '203.0.113.240' } });

  test('contact: "Write us" writes to sales; "Schedule a call" asks when to call, in business hours shown in the visitor\'s time zone', async ({
    page,
  }) => {
    const address = `when-${Date.now()}@example.com`;
    await page.goto('/contact');
    await page.getByRole('button', { name: 'Contact us' }).click();
    const write = page.getByRole('dialog', { name: 'Write to our sales team' });
    await expect(write).toContainText('Let us know how we can help you.');
    await expect(write.getByRole('button', { name: 'Send message' })).toBeVisible();
    await expect(write.getByRole('button', { name: 'Call me back' })).toHaveCount(0);
    await expect(write.getByLabel('Preferred time for the call')).toHaveCount(0);
    await write.getByRole('button', { name: 'Close', exact: true }).click();

    await page.getByRole('button', { name: 'Schedule a call' }).click();
    const call = page.getByRole('dialog', { name: 'Schedule a call' });
    const when = call.getByLabel('Preferred time for the call');
    await expect(call).toContainText('Times in your time zone (America/New York, EST)');
    // Every slot offered is a weekday between 9:00 and 19:00 in Madrid, labelled with New York's clock.
    const slots = await when.locator('option:not([value=""])').evaluateAll((options) =>
      options.map((o) => {
        const at = new Date((o as HTMLOptionElement).value);
        const madrid = new Intl.DateTimeFormat('en-GB', {
          timeZone: 'Europe/Madrid',
          weekday: 'short',
          hour: '2-digit',
          minute: '2-digit',
          hourCycle: 'h23',
        });
        const newYork = new Intl.DateTimeFormat('en', { timeZone: 'America/New_York', hour: '2-digit', minute: '2-digit' });
        return { madrid: madrid.format(at), label: o.textContent ?? '', newYork: newYork.format(at) };
      }),
    );
    expect(slots.length).toBeGreaterThan(40);
    for (const slot of slots) {
      expect(slot.madrid).toMatch(/^(Mon|Tue|Wed|Thu|Fri) (09|1[0-8]):[03]0$/);
      expect(slot.label).toContain(slot.newYork);
    }

    // Pressed before a time is chosen, the button says what is missing.
    await field(page, 'Name').fill('Nadia Brooks');
    await field(page, 'Email').fill(address);
    await field(page, 'Phone number').fill('+1 212 555 0100');
    await field(page, 'Company name').fill('Example Inc');
    await field(page, 'Job title').fill('VP Engineering');
    await field(page, 'Additional info').fill('A call about our data platform.');
    await likeAPerson(page);
    await call.getByRole('button', { name: 'Call me back' }).click();
    await expect(call).toContainText('Choose when we should call you');
    await expect(when).toBeFocused();
    await when.selectOption({ index: 3 });
    const chosen = slots[2]!;
    await expect(call).not.toContainText('Choose when we should call you');
    await call.getByRole('button', { name: 'Call me back' }).click();
    await expect(call).toBeHidden();

    const salesMail = async () => (await mailsTo('sales@acme-digital.example')).find((m) => m.text?.includes(address))?.text ?? '';
    await expect.poll(salesMail, { timeout: 15_000 }).toContain('(Madrid time)');
    const text = await salesMail();
    expect(text).toMatch(new RegExp(`at ${chosen.madrid.slice(4)} CES?T \\(Madrid time\\)`));
    expect(text).toContain(`for the visitor (America/New_York)`);
  });
});

test('the server refuses a call-back outside business hours, named on the field', async ({ request }) => {
  // A Saturday at 11:00 in Madrid, and a weekday at 20:00.
  const saturday = new Date();
  saturday.setUTCDate(saturday.getUTCDate() + ((6 - saturday.getUTCDay() + 7) % 7 || 7));
  saturday.setUTCHours(10, 0, 0, 0);
  for (const callAt of [saturday.toISOString(), new Date(saturday.getTime() + 2 * 86_400_000 + 9 * 3_600_000).toISOString()]) {
    const res = await request.post('/rest/form', {
      headers: { 'x-real-ip': `203.0.113.${Math.floor(Math.random() * 200)}` },
      data: {
        type: 'contact',
        form: {
          kind: 'callback',
          name: 'Out Of Hours',
          email: 'late@example.com',
          phone: '+34 600 123 456',
          company: 'Late SL',
          jobtitle: 'CTO',
          info: 'Call me at night.',
          callAt,
          timeZone: 'Europe/Madrid',
        },
        context: { locale: 'en' },
        traps: { website: '', elapsedMs: 10_000 },
      },
    });
    expect(res.status()).toBe(422);
    expect((await res.json()).errors).toContainEqual({ path: 'form.callAt', message: 'callTimeHours' });
  }
});

test('Send stays enabled: pressed on an empty form it shows what is missing and goes to the first field', async ({ page }) => {
  await page.goto('/contact');
  await page.getByRole('button', { name: 'Contact us' }).click();
  const dialog = page.getByRole('dialog', { name: 'Write to our sales team' });
  const send = dialog.getByRole('button', { name: 'Send message' });
  await expect(send).toBeEnabled();
  await send.click();
  await expect(dialog.getByRole('alert').filter({ hasText: 'Please correct the marked errors.' })).toBeVisible();
  await expect(dialog).toContainText('Enter name');
  // An empty address is missing, not of the wrong format.
  await expect(dialog).toContainText('This field is required');
  await expect(dialog).not.toContainText('Incorrect email format');
  await expect(dialog).toContainText('Phone number format incorrect.');
  await expect(field(page, 'Name')).toBeFocused();
  await expect(field(page, 'Name')).toHaveAttribute('aria-invalid', 'true');
});

test('in French, the consent notice links the privacy policy in French, in a new tab that it announces', async ({ page }) => {
  await page.goto('/fr/contact');
  await page.getByRole('button', { name: 'Planifier un appel' }).click();
  const dialog = page.getByRole('dialog', { name: 'Planifier un appel' });
  const link = dialog.getByRole('link', { name: 'politique de confidentialité (s’ouvre dans un nouvel onglet)' });
  await expect(link).toHaveAttribute('href', '/fr/privacy-policy');
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(dialog).toContainText(
    'comme décrit dans notre politique de confidentialité (s’ouvre dans un nouvel onglet). Nous ne les partageons jamais',
  );
  const [tab] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
  await expect(tab).toHaveURL(/\/fr\/privacy-policy$/);
  // What was being typed is still there.
  await expect(dialog).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("a notification in the call-back modal covers none of the modal's fields or buttons", async ({ page }) => {
    await page.goto('/contact');
    await page.getByRole('button', { name: 'Schedule a call' }).click();
    const dialog = page.getByRole('dialog', { name: 'Schedule a call' });
    await field(page, 'Name').fill('Pia Lund');
    await field(page, 'Email').fill('pia@example.com');
    await field(page, 'Phone number').fill('+46 70 123 45 67');
    await field(page, 'Company name').fill('Exempel AB');
    await field(page, 'Job title').fill('CTO');
    await field(page, 'Additional info').fill('Hello');
    await dialog.getByLabel('Preferred time for the call').selectOption({ index: 1 });
    await likeAPerson(page);
    await page.route('**/rest/form', (route) =>
      route.fulfill({ status: 503, contentType: 'application/problem+json', body: '{"status":503}' }),
    );
    await dialog.getByRole('button', { name: 'Call me back' }).click();
    const notice = dialog.getByRole('alert').getByRole('listitem').filter({ hasText: 'Error submitting form' });
    await expect(notice).toBeInViewport();
    const box = (await notice.boundingBox())!;
    const controls = dialog.locator('form').locator('input:not([tabindex="-1"]), select, textarea, button');
    for (const control of await controls.all()) {
      const other = await control.boundingBox();
      if (!other) continue;
      const overlaps =
        box.x < other.x + other.width && other.x < box.x + box.width && box.y < other.y + other.height && other.y < box.y + box.height;
      expect(overlaps, `the notification covers ${await control.evaluate((el) => el.outerHTML.slice(0, 80))}`).toBe(false);
    }
    // Scrolled back to, the button is there to press again, uncovered.
    await dialog.getByRole('button', { name: 'Call me back' }).scrollIntoViewIfNeeded();
    const send = (await dialog.getByRole('button', { name: 'Call me back' }).boundingBox())!;
    const after = (await notice.boundingBox())!;
    expect(after.y + after.height <= send.y || send.y + send.height <= after.y).toBe(true);
  });
});
