import { expect, test } from '../support/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { mailsTo } from '../support/e2e-mail';
import { officeMember } from '../support/e2e-office-member';
import { eventually } from '../support/eventually';
import { likeAPerson } from '../support/like-a-person';
import { operator } from '../support/operator';
import { sitemapText } from '../support/sitemap';

// The training team's catalogue and the order desk in the office: a course made in the office is
// on the site at the next visit once published; an order paid by bank transfer is confirmed by staff
// with the amount on the statement, and the buyer hears of it in their language.

// A visitor of its own behind the site's trusted proxy: the forms' limits count per address, and
// other files' forms must not use up this file's.
test.use({ extraHTTPHeaders: { 'x-real-ip': '198.51.100.95' } });

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test('a course made in Italian is on /it/training once published; its transfer order is confirmed and the buyer mailed', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const id = `react-${stamp}`;
  const title = `Corso di React ${stamp}`;

  const trainer = await officeMember(browser, 'training');
  const page = trainer.page;
  await page.goto('/office/courses');
  await page.getByRole('link', { name: 'New course' }).click();
  await page.getByLabel('Id (its address: /education/…)').fill(id);
  await page.getByLabel('Language taught in').selectOption('it');
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Subtitle', { exact: true }).fill('Componenti, stato e test');
  await page.getByLabel('Price per seat').fill('600');
  await page.getByLabel('Starts on').fill(inDays(30));
  await page.getByLabel('Ends on').fill(inDays(60));
  await page.getByLabel('Timetable', { exact: true }).fill('Lunedì e mercoledì, 18:00-20:00');
  await page.getByLabel('Time zone of the timetable').fill('Europe/Rome');
  await page.getByLabel('Seats', { exact: true }).fill('4');
  await page.getByLabel('Registrations close on').fill(inDays(25));
  await page.getByRole('textbox', { name: /^Description/ }).fill('<h2>Programma</h2><p>Hook e test.</p><img src=x onerror=alert(1)>');
  // The preview shows what will be stored: the heading stays, the script-bearing image does not.
  const preview = page.getByRole('region', { name: 'Preview of the description (as it will be stored)' });
  await expect(preview.getByRole('heading', { name: 'Programma' })).toBeVisible();
  await expect(preview.locator('img')).toHaveCount(0);
  await page.getByRole('button', { name: 'Create course' }).click();
  await page.waitForURL(`/office/courses/${id}`);
  await expect(page.getByText('Not published')).toBeVisible();
  expect(await (await request.get('/it/training')).text()).not.toContain(title);

  await page.getByRole('button', { name: 'Publish' }).click();
  await page
    .getByRole('group', { name: /Put this course on the site now/ })
    .getByRole('button', { name: 'Publish' })
    .click();
  await expect(page.getByText('Published', { exact: true })).toBeVisible();
  // The next visit: in the server's HTML, in Italian, with its price.
  const training = await (await request.get('/it/training')).text();
  expect(training).toContain(title);
  expect(training).toContain(`/it/education/${id}/specs`);
  expect(await sitemapText(async (path) => (await request.get(path)).text())).toContain(`/education/${id}/specs</loc>`);
  // The course's page is cached once seen; an edit in the office shows at the next visit all the same.
  expect(await (await request.get(`/it/education/${id}/specs`)).text()).toContain(title);
  await page.getByLabel('Title', { exact: true }).fill(`${title} (serale)`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  expect(await (await request.get(`/it/education/${id}/specs`)).text()).toContain(`${title} (serale)`);
  expect(await (await request.get('/it/training')).text()).toContain(`${title} (serale)`);
  // The card's seats, as the cached catalogue shows them at each visit.
  const seatsLeft = async () => {
    const html = await (await request.get('/it/training')).text();
    return /Posti liberi: (\d+)/.exec(html.slice(html.indexOf(title)))?.[1];
  };
  expect(await seatsLeft()).toBe('4');

  // A visitor registers and orders two seats by bank transfer.
  const buyer = `compratore-${stamp}@example.com`;
  const visitor = { 'x-real-ip': '198.51.100.61' };
  const registered = await request.post('/rest/form', {
    headers: visitor,
    data: {
      type: 'course_application',
      form: { courseId: id, name: 'Giulia Rossi', email: buyer, phone: '+39 333 123 4567', experience: 'basic', motivation: '' },
      context: { locale: 'it', page: `/it/education/${id}/register`, referrer: '', utm: {} },
      traps: { website: '', elapsedMs: 20_000 },
    },
  });
  expect(registered.status()).toBe(200);
  const { registration } = (await registered.json()) as { registration: string };
  const ordered = await request.post('/rest/checkout', {
    headers: visitor,
    data: {
      locale: 'it',
      form: {
        productId: id,
        quantity: 2,
        name: 'Giulia Rossi',
        email: buyer,
        confirmEmail: buyer,
        registration,
        company: 'Rossi Software Srl',
        address: 'Via Roma 1, 20121 Milano',
        vatId: 'IT12345678901',
      },
      traps: { website: '', elapsedMs: 20_000 },
    },
  });
  expect(ordered.status()).toBe(200);
  // The registration's seat and one more for the order: two left, on the page at the next visit.
  expect(await seatsLeft()).toBe('2');

  // The course's seats: two in an unpaid order, two free.
  await page.reload();
  const seats = page.getByRole('region', { name: 'Seats' });
  await expect(seats.getByText('Awaiting payment').locator('xpath=following-sibling::dd')).toHaveText('2');
  await expect(seats.getByText('Free', { exact: true }).locator('xpath=following-sibling::dd')).toHaveText('2');

  // Sales confirm the transfer from the order's page: the amount differs, so they are asked first.
  const sales = await officeMember(browser, 'sales');
  await sales.page.goto(`/office/orders?course=${id}`);
  await sales.page.getByRole('row').filter({ hasText: 'Giulia Rossi' }).getByRole('link').click();
  await sales.page.waitForURL(/\/office\/orders\/[\w-]+$/);
  await expect(sales.page.getByRole('region', { name: 'Details' })).toContainText('Awaiting transfer');
  await sales.page.getByLabel('Amount received').fill('1100');
  await sales.page.getByRole('button', { name: 'Confirm the transfer' }).click();
  await sales.page
    .getByRole('group', { name: /Mark this order paid/ })
    .getByRole('button', { name: 'Confirm the transfer' })
    .click();
  await expect(sales.page.getByText('This is not the order’s amount.')).toBeVisible();
  await sales.page.getByRole('button', { name: 'Accept this amount and mark it paid' }).click();
  await sales.page
    .getByRole('group', { name: /Mark this order paid/ })
    .getByRole('button', { name: 'Accept this amount and mark it paid' })
    .click();
  const history = sales.page.getByRole('region', { name: 'History' });
  await expect(history).toContainText('Order placed');
  await expect(history).toContainText('Payment instructions sent');
  await expect(history).toContainText(/Paid · \D*1[.,]?100/);
  await expect(sales.page.getByRole('region', { name: 'Details' })).toContainText('Paid');

  // The buyer's confirmation, in Italian, from the real SMTP server, with the invoice: read it back.
  await expect
    .poll(async () => (await mailsTo(buyer)).map((m) => m.subject), { timeout: 20_000 })
    .toContain(`Pagamento ricevuto: ${title} (serale)`);
  const paidMail = (await mailsTo(buyer)).find((m) => m.subject === `Pagamento ricevuto: ${title} (serale)`)!;
  const pdf = paidMail.attachments.find((a) => a.contentType === 'application/pdf')!;
  const number = pdf.filename!.replace(/\.pdf$/, '');
  expect(number).toMatch(/^\d{4}-\d{6}$/);
  const text = (await extractText(await getDocumentProxy(new Uint8Array(pdf.content)), { mergePages: true })).text.replace(/\s+/g, ' ');
  expect(text).toContain(`Fattura Numero: ${number}`);
  expect(text).toContain('Partita IVA: IT12345678901');
  expect(text).toContain('Rossi Software Srl');
  // 2 seats × 600 €, 21% VAT included: 991,74 € net, 208,26 € of VAT.
  expect(text).toMatch(/Totale 1\D?200 €/);
  expect(text).toContain('991,74 €');
  expect(text).toContain('208,26 €');
  // Staff find it on the order's page too.
  await expect(sales.page.getByRole('link', { name: `Invoice ${number} (PDF)` })).toBeVisible();
  await Promise.all([trainer.context.close(), sales.context.close()]);
});

test('sales read a course but cannot change it; recruiters do not see the order desk', async ({ browser }) => {
  const sales = await officeMember(browser, 'sales');
  await sales.page.goto('/office/courses');
  await expect(sales.page.getByRole('link', { name: 'New course' })).toHaveCount(0);
  await sales.page.goto('/office/courses/online-01-fs');
  await expect(sales.page.getByText('Your role sees this course; the training team edits it.')).toBeVisible();
  await expect(sales.page.getByRole('button', { name: 'Save' })).toHaveCount(0);
  const recruiter = await officeMember(browser, 'recruiting');
  expect((await recruiter.page.request.get('/office/orders')).status()).toBe(403);
  await Promise.all([sales.context.close(), recruiter.context.close()]);
});

test('a full course takes a waiting-list entry; a released seat is held for it, taken through the mail’s link, and a lapsed offer frees the seat', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const stamp = Date.now().toString(36);
  const id = `warteliste-${stamp}`;
  const trainer = await officeMember(browser, 'training');
  const form = {
    id,
    locale: 'de',
    title: `Kubernetes-Kurs ${stamp}`,
    subtitle: '',
    modality: 'online',
    location: 'Online',
    price: '500',
    currency: 'eur',
    discount_percent: '0',
    promo: '',
    start_date: inDays(30),
    end_date: inDays(40),
    timetable: 'Dienstags, 18:00–20:00',
    time_zone: 'Europe/Berlin',
    description_html: '<p>Pods und Services.</p>',
    spots: '1',
    application_deadline: inDays(20),
    external_form_url: '',
    translations: {},
  };
  expect((await trainer.call('POST', '/courses', form)).status()).toBe(200);
  expect((await trainer.call('POST', `/courses/${id}/publish`)).status()).toBe(200);
  const register = (email: string, ip: string) =>
    request.post('/rest/form', {
      headers: { 'x-real-ip': ip },
      data: {
        type: 'course_application',
        form: { courseId: id, name: 'Anna Schmidt', email, phone: '+49 30 1234567', experience: 'basic', motivation: '' },
        context: { locale: 'de', page: `/de/education/${id}/register`, referrer: '', utm: {} },
        traps: { website: '', elapsedMs: 20_000 },
      },
    });
  const first = (await (await register(`anna-${stamp}@example.com`, '198.51.100.71')).json()) as { registration: string };

  // The course is full: its page offers the waiting list, in German.
  const waiting = `berta-${stamp}@example.com`;
  await page.goto(`/de/education/${id}/register`);
  await expect(page.getByRole('alert').filter({ hasText: 'Dieser Kurs ist ausgebucht' })).toBeVisible();
  const list = page.getByRole('form', { name: 'Auf die Warteliste' });
  await list.getByRole('textbox', { name: 'Name' }).fill('Berta Braun');
  await list.getByRole('textbox', { name: 'E-Mail' }).fill(waiting);
  await likeAPerson(page);
  await list.getByRole('button', { name: 'Auf die Warteliste setzen' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Sie stehen auf der Warteliste.' })).toBeVisible();
  await expect
    .poll(async () => (await mailsTo(waiting)).map((m) => m.subject), { timeout: 20_000 })
    .toContain(`Sie stehen auf der Warteliste für Kubernetes-Kurs ${stamp}`);

  // Staff release the first registrant's seat: it is held for Berta, and nobody else can take it.
  await trainer.page.goto(`/office/registrations/${first.registration}`);
  await trainer.page.getByRole('button', { name: 'Release the seat' }).click();
  await trainer.page
    .getByRole('group', { name: /Give this registration’s seat back/ })
    .getByRole('button', { name: 'Release the seat' })
    .click();
  await expect(trainer.page.getByText('Seat released', { exact: true })).toBeVisible();
  expect((await register(`dora-${stamp}@example.com`, '198.51.100.72')).status()).toBe(409);
  const offer = await eventually(async () => {
    const found = (await mailsTo(waiting)).find((m) => /reserviert/.test(m.subject ?? ''));
    if (!found) throw new Error('no offer yet');
    return found;
  }, 20_000);
  const link = String(offer.html)
    .match(/https?:\/\/[^\s"<]+\/register\?offer=[\w-]+/)![0]
    .replace(/^https?:\/\/[^/]+/, '');
  await page.goto(link);
  await expect(page.getByText('Ein Platz ist für Sie reserviert')).toBeVisible();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Berta Braun');
  await page.getByRole('textbox', { name: 'E-Mail', exact: true }).fill(waiting);
  await page.getByRole('textbox', { name: 'Telefonnummer', exact: true }).fill('+49 30 7654321');
  await page.getByRole('radio').first().check();
  await likeAPerson(page);
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await expect(page.getByRole('status').filter({ has: page.getByRole('heading') })).toBeVisible();

  // Another visitor waits; Berta's seat is released; the offer to Carl runs out 49 hours later.
  expect(
    (
      await request.post('/rest/form', {
        headers: { 'x-real-ip': '198.51.100.73' },
        data: {
          type: 'course_waitlist',
          form: { courseId: id, name: 'Carl Roth', email: `carl-${stamp}@example.com` },
          context: { locale: 'de', page: `/de/education/${id}/register`, referrer: '', utm: {} },
          traps: { website: '', elapsedMs: 20_000 },
        },
      })
    ).status(),
  ).toBe(200);
  await trainer.page.goto(`/office/registrations?course=${id}`);
  await trainer.page.getByRole('link', { name: 'Berta Braun' }).click();
  await trainer.page.getByRole('button', { name: 'Release the seat' }).click();
  await trainer.page
    .getByRole('group', { name: /Give this registration’s seat back/ })
    .getByRole('button', { name: 'Release the seat' })
    .click();
  // The release offers the seat before it answers; the course page is read once it has.
  await expect(trainer.page.getByText('Seat released', { exact: true })).toBeVisible();
  await trainer.page.goto(`/office/courses/${id}`);
  const seats = trainer.page.getByRole('region', { name: 'Seats' });
  const figure = (label: string) => seats.getByText(label, { exact: true }).locator('xpath=following-sibling::dd');
  await expect(figure('Offered to the waiting list')).toHaveText('1');
  expect(await operator('courses', 'waitlist', '--at', new Date(Date.now() + 49 * 3600_000).toISOString())).toContain('1 offer(s) ran out');
  await trainer.page.reload();
  await expect(figure('Offered to the waiting list')).toHaveText('0');
  await expect(figure('Free')).toHaveText('1');
  await trainer.context.close();
});
