import { expect, test, type APIRequestContext, type Browser } from '../support/test';
import { pdfFile } from '#tests/cv-files';
import { mailsTo } from '#tests/e2e-mail';
import { ownCourse } from '#tests/e2e-course';
import { officeMember } from '#tests/e2e-office-member';
import { eventually } from '#tests/eventually';
import { likeAPerson } from '#tests/like-a-person';
import { operator } from '#tests/operator';
import { unzipStored } from '#tests/unzip';

const traps = { website: '', elapsedMs: 9000 };

/** A published course made by the training team in the office, with seats to spare. */
async function trainersCourse(browser: Browser): Promise<string> {
  const trainer = await officeMember(browser, 'training');
  const { id } = await ownCourse(trainer, 'privacy');
  await trainer.context.close();
  return id;
}

/** What the person left with the site before asking: a demo request, an application with its CV, a job alert, a paid course order. */
async function leaveRecords(request: APIRequestContext, email: string, cv: Buffer, courseId: string): Promise<string> {
  const form = (body: object) => request.post('/rest/form', { data: body });
  expect(
    (
      await form({ type: 'demo', form: { name: 'Paula Privat', email, message: 'A demo, please.' }, context: { locale: 'de' }, traps })
    ).ok(),
  ).toBe(true);

  const position = (await (await request.get('/careers')).text()).match(/href="\/careers\/([\w-]+)"/)![1]!;
  const asked = await request.post('/rest/file/cv/uploadurl', {
    data: { file: { filename: 'Paula CV.pdf', mimetype: 'application/pdf', size: cv.length }, email, info: '', locale: 'de' },
  });
  const { uploadUrl, fileId } = (await asked.json()) as { uploadUrl: string; fileId: string };
  expect((await request.put(uploadUrl, { headers: { 'content-type': 'application/pdf' }, data: cv })).status()).toBe(204);
  const application = {
    target: { kind: 'position', id: position },
    name: 'Paula Privat',
    email,
    position: 'Engineer',
    phone: '+49 151 1234567',
    currentLocation: 'Berlin',
    residence: 'Germany',
    availabilityWeeks: 4,
    noticePeriod: 'Ein Monat',
    fileId,
  };
  expect((await form({ type: 'job_application', form: application, context: { locale: 'de' }, traps })).ok()).toBe(true);

  const search = { dashboard: 'all', queryText: 'kotlin', filters: {} };
  expect((await request.post('/rest/newsletter/subscribe', { data: { email, search, frequency: 'weekly', locale: 'de' } })).ok()).toBe(
    true,
  );

  const registration = {
    courseId,
    name: 'Paula Privat',
    email,
    phone: '+49 151 7654321',
    experience: 'basic',
    motivation: 'Ich möchte AWS lernen.',
  };
  const registered = await form({ type: 'course_application', form: registration, context: { locale: 'de' }, traps });
  expect(registered.ok()).toBe(true);
  const { registration: registrationId } = (await registered.json()) as { registration: string };
  const checkout = await request.post('/rest/checkout', {
    data: {
      locale: 'de',
      form: { productId: courseId, quantity: 1, name: 'Paula Privat', email, confirmEmail: email, registration: registrationId },
      traps,
    },
  });
  expect(checkout.ok()).toBe(true);
  const { order } = (await checkout.json()) as { order: string };
  const { reference } = (await (await request.get(`/rest/checkout/orders/${order}`)).json()) as { reference: string };
  expect(await operator('courses', 'paid', reference)).toContain(`${reference}: paid`);
  return reference;
}

test('a visitor gets a copy of their data, then has it erased: only the paid order stays, without the address', async ({
  browser,
  page,
  playwright,
}, testInfo) => {
  test.setTimeout(180_000);
  const email = `paula.${Date.now()}@example.com`;
  const cv = pdfFile('Paula Privat - Lebenslauf');
  // A visitor of its own behind the site's trusted proxy: the forms' limits count per address.
  const request = await playwright.request.newContext({
    baseURL: testInfo.project.use.baseURL,
    extraHTTPHeaders: { 'x-real-ip': '192.0.2.151' },
  });
  // A course of its own: the demo course fills up in other files' tests.
  const courseId = await trainersCourse(browser);
  const reference = await leaveRecords(request, email, cv, courseId);
  await page.setExtraHTTPHeaders({ 'x-real-ip': '192.0.2.152' });

  // From the privacy policy to the request page, in German.
  await page.goto('/de/privacy-policy');
  await page.getByRole('link', { name: 'Fordern Sie eine Kopie oder die Löschung Ihrer Daten an' }).click();
  await page.waitForURL('**/de/privacy/request');
  await page.getByLabel('Eine Kopie meiner Daten').check();
  await page.getByLabel('Ihre E-Mail-Adresse').fill(email);
  await likeAPerson(page);
  await page.getByRole('button', { name: 'Anfrage senden' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Sehen Sie in Ihr Postfach' })).toContainText(email);

  /** Follows the confirmation link of the latest mail with this subject and presses the page's button. */
  const confirm = async (subject: string, button: string) => {
    const mail = await eventually(async () => {
      const found = (await mailsTo(email)).filter((m) => m.subject === subject).at(-1);
      expect(found).toBeTruthy();
      return found!;
    }, 20_000);
    const link = mail.text!.match(/https?:\/\/\S+\/privacy\/request\/[\w.-]+/)![0]!;
    await page.goto(new URL(link).pathname);
    await page.getByRole('button', { name: button }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Ihre Anfrage ist bestätigt' })).toBeVisible();
  };
  await confirm('Bestätigen Sie Ihre Anfrage nach einer Kopie Ihrer Daten', 'Bestätigen und Kopie senden');

  const ready = await eventually(async () => {
    const found = (await mailsTo(email)).find((m) => m.subject === 'Ihre Daten stehen zum Herunterladen bereit');
    expect(found).toBeTruthy();
    return found!;
  }, 30_000);
  const download = ready.text!.match(/https?:\/\/\S+\/rest\/privacy\/copies\/[\w.-]+/)![0]!;
  const res = await page.request.get(new URL(download).pathname);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-disposition']).toContain('attachment');
  const files = unzipStored(await res.body());
  const data = JSON.parse(files.get('data.json')!.toString('utf8')) as {
    records: Record<string, Record<string, Record<string, unknown>[]>>;
  };
  expect(data.records.forms!.leads!.map((l) => l.type).sort()).toEqual(['demo', 'job_application']);
  expect(data.records.alerts!.alert_subscriptions).toHaveLength(1);
  expect(data.records.courses!.course_registrations).toMatchObject([{ phone: '+49 151 7654321' }]);
  expect(data.records.courses!.course_orders).toMatchObject([{ reference, status: 'paid', email }]);
  const cvName = [...files.keys()].find((name) => name.startsWith('files/applications/'))!;
  expect(cvName).toMatch(/Paula CV\.pdf$/);
  expect(files.get(cvName)!.equals(cv)).toBe(true);

  // Then the erasure, confirmed the same way.
  await page.goto('/de/privacy/request');
  await page.getByLabel('Meine Daten löschen').check();
  await page.getByLabel('Ihre E-Mail-Adresse').fill(email);
  await likeAPerson(page);
  await page.getByRole('button', { name: 'Anfrage senden' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Sehen Sie in Ihr Postfach' })).toBeVisible();
  await confirm('Bestätigen Sie Ihre Anfrage zur Löschung Ihrer Daten', 'Bestätigen und meine Daten löschen');

  const erased = await eventually(async () => {
    const found = (await mailsTo(email)).find((m) => m.subject === 'Ihre Daten wurden gelöscht');
    expect(found).toBeTruthy();
    return found!;
  }, 30_000);
  expect(erased.text).toContain('1 Lebenslauf-Datei');
  expect(erased.text).toContain('1 Jobalarm');
  expect(erased.text).toMatch(/1 Kursbestellung: 6 Jahre aufbewahrt als Buchungsbelege/);
  // The copy's link died with the rest.
  expect((await page.request.get(new URL(download).pathname)).status()).toBe(404);

  // What the operators see: the paid order, without the address; no registration, lead or alert of hers.
  const orders = await operator('courses', 'orders');
  const line = orders.split('\n').find((l) => l.includes(reference))!;
  expect(line).toContain('paid');
  expect(orders).not.toContain(email);
  expect(await operator('courses', 'registrations')).not.toContain(email);
  expect(await operator('leads', 'list')).not.toContain(email);
  expect(await operator('alerts', 'list').catch((err: { stdout?: string }) => err.stdout ?? '')).not.toContain(email);
  await request.dispose();
});

test('the office opens a request for an address that wrote in: its own button asks at once, and mails once confirmed', async ({
  browser,
}) => {
  const admin = await officeMember(browser, 'admin');
  const address = `wrote-in-${Date.now()}@example.com`;
  await admin.page.goto('/office/privacy');
  await admin.page.getByLabel('Address', { exact: true }).fill(address);
  await admin.page.getByRole('button', { name: 'Mail the confirmation link' }).click();
  const ask = admin.page.getByRole('group', { name: new RegExp(`Mail ${address.replace(/[.]/g, '\\.')} a link`) });
  await expect(ask).toBeVisible();
  await expect(ask.getByRole('button', { name: 'Mail the confirmation link' })).toBeFocused();
  await ask.getByRole('button', { name: 'Mail the confirmation link' }).click();
  await expect(admin.page.getByRole('status').filter({ hasText: `${address} has been mailed the confirmation link.` })).toBeVisible();
  await eventually(async () => expect((await mailsTo(address)).length).toBe(1));
  await admin.context.close();
});
