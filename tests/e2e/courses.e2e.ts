import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '../support/test';
import { mailsTo } from '../support/e2e-mail';
import { likeAPerson } from '../support/like-a-person';
import { sitemapText } from '../support/sitemap';

// One course, shared by these tests: they register, buy the remaining seats and then see it full,
// so they run in order.
test.describe.configure({ mode: 'serial' });
// A visitor of their own, so these forms do not count against the other tests' address.
test.use({ extraHTTPHeaders: { 'x-real-ip': '198.51.100.80' } });

const COURSE = 'online-01-fs';
// The course's title as each language writes it (the catalogue's translations).
const TITLE = 'Intensive training on Fullstack developer with Amazon Web Services';
const TITLE_ES = 'Formación intensiva de desarrollador Fullstack con Amazon Web Services';
const TITLE_IT = 'Formazione intensiva per sviluppatore Fullstack con Amazon Web Services';
const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

async function axeViolations(page: Page) {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  return result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

test('/sp/training shows the Spanish course card, its text, zone and price after the promotion', async ({ page }) => {
  await page.goto('/sp/training');
  const card = page.getByRole('article', { name: TITLE_ES });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Se imparte en español');
  await expect(card).toContainText('Seis meses para pasar de programar');
  await expect(card).toContainText('Online');
  // The price to pay, the price before the discount, and the promotion that explains it.
  await expect(card).toContainText(/1440\s€\s*Antes del descuento:\s*1800\s€\s*20% de descuento/);
  // Madrid time named from the dates: six months always cross one clock change.
  await expect(card).toContainText(/Viernes y sábado de 17:00 a 21:00 \((CET; CEST|CEST; CET) desde el /);
  await expect(card).not.toContainText('UTC+2');
  await expect(card).toContainText('Plazas libres: 20');
  await expect(card.getByRole('link', { name: /Inscribirme/ })).toHaveAttribute('href', `/sp/education/${COURSE}/register`);
  await expect(page.getByText('No hay formación disponible en el idioma seleccionado.')).toHaveCount(0);
});

test('/training in English and Italian lists every course with its language, the notice above them', async ({ page }) => {
  for (const [path, title, taught, notice, timetable] of [
    [
      '/training',
      TITLE,
      'Taught in Spanish',
      'There is no training available in the selected language.',
      /Fridays and Saturdays, 17:00 to 21:00 \(CES?T; CES?T from /,
    ],
    [
      '/it/training',
      TITLE_IT,
      'Tenuto in spagnolo',
      'Non ci sono corsi disponibili nella lingua selezionata.',
      /Venerdì e sabato, dalle 17:00 alle 21:00 \(CES?T; CES?T dal /,
    ],
  ] as const) {
    await page.context().clearCookies();
    await page.goto(path);
    const card = page.getByRole('article', { name: title });
    await expect(card, path).toContainText(taught);
    await expect(card, path).toContainText(timetable);
    const line = page.getByText(notice);
    await expect(line, path).toBeVisible();
    expect((await line.boundingBox())!.y, `${path}: the notice is above the courses`).toBeLessThan((await card.boundingBox())!.y);
  }
  // The page no longer promises courses in the visitor's language.
  await expect(page.getByRole('main')).not.toContainText('tenuti nella tua lingua');
  await expect(page.getByRole('article', { name: TITLE_IT })).toContainText(/1440\s€/);
});

test('the course cards are in the server’s HTML of /training and /education, for crawlers and the first paint', async ({ request }) => {
  for (const [path, title] of [
    // English first: the pages after it set the language cookie, which an unprefixed address follows.
    ['/education', TITLE],
    ['/fr/training', 'Formation intensive de développeur Fullstack avec Amazon Web Services'],
    ['/de/education', 'Intensivkurs Fullstack-Entwicklung mit Amazon Web Services'],
  ] as const) {
    const html = await (await request.get(path)).text();
    expect(html, path).toContain(title);
    expect(html, path).toContain(`/education/${COURSE}/specs`);
  }
});

test('the course page shows title, location and description; the card leads there', async ({ page, request }) => {
  const sitemap = await sitemapText(async (path) => (await request.get(path)).text());
  expect(sitemap).toContain(`/education/${COURSE}/specs</loc>`);
  expect(sitemap).toContain('/sp/training"');
  await page.goto('/sp/training');
  await page.getByRole('link', { name: /Ver el programa completo/ }).click();
  await expect(page).toHaveURL(`/sp/education/${COURSE}/specs`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(TITLE_ES);
  await expect(page.getByRole('main')).toContainText(/1440\s€\s*Antes del descuento:\s*1800\s€\s*20% de descuento\s*IVA incluido/);
  await expect(page.getByRole('main')).toContainText('Online · Se imparte en español');
  await expect(page.getByRole('heading', { name: 'Qué aprenderás' })).toBeVisible();
  // Without an external form, the old Typeform address leads to our registration page.
  await page.goto(`/sp/education/${COURSE}/register/index_typeform`);
  await expect(page).toHaveURL(`/sp/education/${COURSE}/register`);
});

test('registration in Spanish: one confirmation with next steps, both mails, then payment by bank transfer without typing again', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const address = `estudiante-${Date.now()}@example.com`;
  await page.goto(`/sp/education/${COURSE}/register`);
  const send = page.getByRole('button', { name: 'Inscribirme' });
  await field(page, 'Nombre').fill('Lu');
  await field(page, 'Correo electrónico').focus();
  await expect(page.getByText('Introduce al menos 3 letras')).toBeVisible();
  // The button stays enabled: pressed too soon, it says what is missing and goes to it (decision 011).
  await expect(send).toBeEnabled();
  await send.click();
  await expect(page.getByRole('alert').filter({ hasText: /corrige|Corrige/ })).toBeVisible();
  await expect(field(page, 'Nombre')).toBeFocused();
  await field(page, 'Nombre').fill('Lucía Gómez');
  await field(page, 'Correo electrónico').fill(address);
  await field(page, 'Teléfono').fill('+34 600 123 456');
  await page.getByLabel('Algo: cursos o proyectos personales').check();
  await field(page, '¿Qué esperas del curso? (opcional)').fill('Aprender a desplegar en AWS.');
  await likeAPerson(page);
  const sentAt = Date.now();
  await send.click();
  const confirmation = page.getByRole('status').filter({ hasText: 'Tu plaza está reservada' });
  await expect(confirmation).toBeVisible();
  const answeredAt = Date.now();
  // One confirmation: the panel with the next steps, not a generic "we will be in contact" toast too.
  await expect(confirmation.getByRole('listitem')).toHaveText([
    `Revisa tu correo: te hemos enviado los detalles del curso a ${address}.`,
    /^Paga tu plaza: ahora/,
    /^Nuestro equipo se pondrá en contacto contigo/,
  ]);
  await expect(page.getByText('Formulario enviado')).toHaveCount(0);
  await expect(page.getByText('¡Hemos recibido tu solicitud')).toHaveCount(0);

  await expect
    .poll(async () => (await mailsTo(address)).map((m) => m.subject), { timeout: 15_000 })
    .toEqual([`Tu plaza en ${TITLE_ES} está reservada`]);
  const [welcome] = await mailsTo(address);
  expect(welcome!.text).toMatch(/Precio: 1440\s€/);
  // The seat waits COURSE_REGISTRATION_HOLD_DAYS (14) for its payment, and the mail says until when.
  // (Either day, should the registration have crossed midnight UTC.)
  const held = [sentAt, answeredAt].map(
    (t) =>
      `Te guardamos la plaza hasta el ${new Intl.DateTimeFormat('es', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(t + 14 * 86_400_000))}.`,
  );
  expect(
    held.some((sentence) => welcome!.text!.includes(sentence)),
    welcome!.text,
  ).toBe(true);
  await expect
    .poll(async () => (await mailsTo('sales@acme-digital.example')).some((m) => m.subject === 'New course registration from Lucía Gómez'), {
      timeout: 15_000,
    })
    .toBe(true);

  await page.getByRole('link', { name: 'Pagar ahora' }).click();
  await expect(page).toHaveURL(new RegExp(`/sp/checkout\\?course=${COURSE}&registration=`));
  await expect(page.getByText('La plaza de tu inscripción está incluida en este pedido.')).toBeVisible();
  await expect(page.getByTestId('checkout-total')).toHaveText('1440 €');
  // The registration is carried over: its course, name and email are shown, not asked again.
  const registration = page.getByRole('region', { name: 'Tu inscripción' });
  await expect(registration).toContainText(TITLE_ES);
  await expect(registration).toContainText('Lucía Gómez');
  await expect(registration).toContainText(address);
  await expect(field(page, 'Nombre')).toHaveCount(0);
  await expect(field(page, 'Confirma el correo electrónico')).toHaveCount(0);
  await expect(page.getByRole('combobox')).toHaveCount(0);
  await likeAPerson(page);
  await page.getByRole('button', { name: 'Reservar y pagar por transferencia' }).click();
  await expect(page).toHaveURL(/\/sp\/checkout\/success\?order=/);
  // A success, with everything needed to pay: the account, the amount and the reference, each to copy.
  await expect(page.getByRole('status').filter({ hasText: 'Tu plaza está reservada' })).toContainText(`${TITLE_ES} · 1 plaza`);
  const details = page.getByRole('definition');
  await expect(details.filter({ hasText: 'DE89 3704 0044 0532 0130 00' })).toBeVisible();
  await expect(details.filter({ hasText: 'COBADEFFXXX' })).toBeVisible();
  await expect(details.filter({ hasText: /^1440\s€Copiar$/ })).toBeVisible();
  const reference = page.getByText(/^TR-[A-Z2-9]{6}$/);
  await expect(reference).toBeVisible();
  // The reference is never broken over two lines, and reads unambiguously.
  expect(await reference.evaluate((el) => getComputedStyle(el).whiteSpace)).toBe('nowrap');
  expect(await reference.evaluate((el) => getComputedStyle(el).fontFamily)).toMatch(/mono/i);
  await page.setViewportSize({ width: 320, height: 800 });
  expect((await reference.boundingBox())!.height).toBeLessThan(30);
  await page.setViewportSize({ width: 1280, height: 720 });
  const copyReference = page.getByRole('button', { name: 'Copiar Concepto' });
  await copyReference.click();
  await expect(copyReference).toHaveText('Copiado');
  await expect(page.getByText('Concepto copiado al portapapeles')).toBeAttached();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await reference.textContent());
  await page.getByRole('button', { name: 'Copiar IBAN' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('DE89370400440532013000');
  // Until when the seat waits for the transfer (seven days by default).
  await expect(page.getByRole('main')).toContainText('Si la transferencia no ha llegado para entonces');
  await expect(page.getByRole('main')).not.toContainText('(s)');
  await expect(page.getByText('Enhorabuena')).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);
  await expect.poll(async () => (await mailsTo(address)).length, { timeout: 15_000 }).toBe(2);
  const transfer = (await mailsTo(address)).find((m) => m.subject?.startsWith('Datos de transferencia'))!;
  expect(transfer.text).toContain('DE89 3704 0044 0532 0130 00');
  expect(transfer.text).toContain('si la transferencia no ha llegado para entonces, el pedido se cancela');
  expect(transfer.text).toMatch(/1440\s€/);
});

test('checkout in English: the price with the discount before paying, the rest of the seats, then the course is full', async ({
  page,
  request,
}) => {
  const { available_spots: left } = (await (await request.get(`/rest/course/${COURSE}`)).json()) as { available_spots: number };
  expect(left).toBe(19);
  // A registration link that is not one: said so, and the ordinary form to fill in.
  await page.goto(`/checkout?course=${COURSE}&registration=not-a-registration`);
  await expect(page.getByRole('alert').filter({ hasText: 'This registration link is not valid for this course.' })).toBeVisible();
  await expect(field(page, 'Name')).toBeVisible();
  await page.goto(`/checkout?course=${COURSE}`);
  await expect(page.getByRole('combobox', { name: 'Course' })).toHaveValue(COURSE);
  const summary = page.getByRole('complementary', { name: 'Total' });
  await expect(summary).toContainText('€1,800');
  await expect(summary).toContainText('Discount (20%)');
  await expect(page.getByTestId('checkout-total')).toHaveText('€1,440');
  const quantity = page.getByRole('spinbutton', { name: 'Seats' });
  await quantity.fill('0');
  await quantity.blur();
  await expect(page.getByText('Enter at least 1')).toBeVisible();
  // One order holds five seats at most.
  await quantity.fill('6');
  await expect(page.getByText('At most 5 seats per order')).toBeVisible();
  await quantity.fill('5');
  await expect(page.getByTestId('checkout-total')).toHaveText('€7,200');
  await field(page, 'Name').fill('Acme Training Buyer');
  await field(page, 'Email').fill('buyer@example.com');
  await field(page, 'Confirm email').fill('other@example.com');
  await field(page, 'Name').focus();
  await expect(page.getByText('The emails do not match')).toBeVisible();
  // Pressed with a field to correct, the button says so and goes to it (decision 011).
  await page.getByRole('button', { name: 'Reserve and pay by bank transfer' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please correct the marked errors.' })).toBeVisible();
  await expect(field(page, 'Confirm email')).toBeFocused();
  await field(page, 'Confirm email').fill('buyer@example.com');
  await likeAPerson(page);
  await page.getByRole('button', { name: 'Reserve and pay by bank transfer' }).click();
  const reserved = page.getByRole('status').filter({ hasText: 'Your 5 seats are reserved' });
  await expect(reserved).toContainText(`${TITLE} · 5 seats`);
  await expect(page.getByRole('main')).toContainText('If the transfer has not arrived by then');
  await expect(page.getByRole('definition').filter({ hasText: 'Example Training Ltd' })).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: '€7,200' })).toBeVisible();
  await expect
    .poll(async () => (await mailsTo('buyer@example.com')).map((m) => m.subject?.slice(0, 31)), { timeout: 15_000 })
    .toEqual(['Bank transfer details for your ']);

  // Other buyers, each with an address and an order of their own, take the rest.
  for (const [i, seats] of [5, 5, left - 15].entries()) {
    const email = `buyer${i}@example.com`;
    const res = await request.post('/rest/checkout', {
      headers: { 'x-real-ip': `198.51.100.${90 + i}` },
      data: {
        locale: 'en',
        form: { productId: COURSE, quantity: seats, name: 'Another Buyer', email, confirmEmail: email },
        traps: { website: '', elapsedMs: 20_000 },
      },
    });
    expect(res.status()).toBe(200);
  }

  await page.goto(`/sp/education/${COURSE}/register`);
  await expect(page.getByRole('alert').filter({ hasText: 'Este curso está completo' })).toContainText('Todas las plazas están ocupadas');
  await expect(page.getByRole('button', { name: 'Inscribirme' })).toHaveCount(0);
  await page.goto('/sp/training');
  const card = page.getByRole('article', { name: TITLE_ES });
  await expect(card).toContainText('Este curso está completo.');
  await expect(card.getByRole('link', { name: /Inscribirme/ })).toHaveCount(0);
});

test('the success page does not congratulate an order it cannot find', async ({ page }) => {
  await page.goto('/checkout/success?order=no-such-order-id');
  await expect(page.getByRole('alert').filter({ hasText: 'We could not find this order.' })).toBeVisible();
  await expect(page.getByText('we have received your payment')).toHaveCount(0);
});
