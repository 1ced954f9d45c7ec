import { expect, test, type Page } from '../support/test';
import { mailsTo } from '../support/e2e-mail';
import { eventually } from '../support/eventually';
import { docxFile, exeFile, pdfFile, pdfOfSize } from '../support/cv-files';
import { likeAPerson } from '../support/like-a-person';

// The test server sets RECRUITING_EMAIL (playwright.config.ts): applications go there, not to sales.
const RECRUITING = 'recruiting@acme-digital.example';

// A job of the demo board (only its Java and Kotlin jobs name Spring Boot), never one another file adds while
// this one runs: a job-stats test counts its own job's views and clicks, and would count these too.
async function jobWithoutOwnApplyPage(page: Page) {
  const res = await page.request.post('/rest/jobs/search?pageSize=50', {
    data: { search: { dashboard: 'all', queryText: 'Spring Boot', filters: {} }, lastEvaluatedKey: null },
  });
  const { items } = (await res.json()) as { items: { id: string; position: string; company: string | null; apply_url: string | null }[] };
  return items.find((j) => !j.apply_url)!;
}

test('apply for a job from its card with a PDF: success, recruiter mail with the CV intact, candidate mail', async ({ page }) => {
  const job = await jobWithoutOwnApplyPage(page);
  const address = `candidate-${Date.now()}@example.com`;
  await page.goto(`/jobs/all/specs/${job.id}`);
  await page.getByRole('link', { name: 'Apply', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/jobs/all/apply/${job.id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Apply for this job');
  await expect(page.getByLabel('Position')).toHaveValue(job.position);

  // The browser checks the file before anything is sent (chosen again until the page has loaded
  // its script: a choice made before that is not seen by the form).
  const file = page.getByLabel(/^CV\b/);
  await expect(async () => {
    await file.setInputFiles({ name: 'setup.exe', mimeType: 'application/x-msdownload', buffer: exeFile() });
    await expect(page.getByText('Only PDF and Word files (.pdf, .doc, .docx) are accepted')).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await file.setInputFiles({ name: 'huge.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(5_242_881, 0x20) });
  await expect(page.getByText('The file is larger than 5 MB')).toBeVisible();

  await page.getByLabel('Name').fill('Lucía Fernández');
  await page.getByLabel('Email').fill(address);
  await page.getByLabel('Phone number').fill('+34 600 111 222');
  await page.getByLabel('Current location').fill('Sevilla');
  await page.getByLabel('City or country of residence').fill('Spain');
  await page.getByLabel('Availability in weeks').fill('2');
  await page.getByLabel('Notice period').fill('Two weeks');
  const cv = pdfFile('Lucia Fernandez - CV');
  await file.setInputFiles({ name: 'Lucía Fernández CV.pdf', mimeType: 'application/pdf', buffer: cv });
  await expect(page.getByText('Lucía Fernández CV.pdf')).toBeVisible();
  await likeAPerson(page);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Application sent' }).first()).toContainText(
    'We have received your application and will be in contact with you shortly!',
  );

  const recruiterMail = await eventually(async () => {
    const mail = (await mailsTo(RECRUITING)).find((m) => JSON.stringify(m.replyTo).includes(address));
    expect(mail).toBeTruthy();
    return mail!;
  }, 20_000);
  expect(recruiterMail.subject).toContain('Application from Lucía Fernández');
  expect(recruiterMail.text).toContain('Sevilla');
  expect(recruiterMail.attachments).toHaveLength(1);
  expect(recruiterMail.attachments[0]!.filename).toBe('Lucía Fernández CV.pdf');
  expect(Buffer.compare(recruiterMail.attachments[0]!.content, cv)).toBe(0);
  const [ack] = await eventually(async () => {
    const mails = await mailsTo(address);
    expect(mails).toHaveLength(1);
    return mails;
  }, 20_000);
  expect(ack!.subject).toContain('We have received your application for');
  // Both mails were sent by now; sales, who would have had a third, had none.
  expect((await mailsTo('sales@acme-digital.example')).filter((m) => JSON.stringify(m.replyTo).includes(address))).toEqual([]);
});

test('a role posted in Spanish says so on the careers list of every other language, in that language', async ({ page }) => {
  const badges = [
    ['', 'en', 'In Spanish'],
    ['/fr', 'fr', 'En espagnol'],
    ['/de', 'de', 'Auf Spanisch'],
    ['/it', 'it', 'In spagnolo'],
  ] as const;
  for (const [prefix, lang, badge] of badges) {
    await page.goto(`${prefix}/careers`);
    const role = page.getByRole('rowheader').filter({ hasText: 'Consultor/a GRC' });
    await expect(role.getByText(badge, { exact: true }), prefix || '/').toHaveAttribute('lang', lang);
  }
  // On the Spanish list it goes without saying.
  await page.goto('/sp/careers');
  await expect(page.getByRole('rowheader').filter({ hasText: 'Consultor/a GRC' })).not.toContainText('En español');
});

test('careers in Spanish: the open role, its description, and a CV sent on spec as DOCX', async ({ page }) => {
  const address = `cv-${Date.now()}@example.com`;
  await page.goto('/sp/careers');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Puestos abiertos');
  const table = page.getByRole('table');
  await expect(table.getByRole('columnheader')).toHaveText(['Puesto', 'Descripción del puesto', 'Inscribirse']);
  await expect(table.getByRole('rowheader')).toContainText('Consultor/a GRC');
  await table.getByRole('link', { name: 'Leer la descripción' }).click();
  await expect(page.getByText('Nivel de inglés B2–C1')).toBeVisible();
  await page.goBack();

  // The server refuses what the browser cannot tell: a DOCX with macros.
  await page.getByLabel('Correo electrónico').fill(address);
  await page.getByLabel('Tu próximo puesto').fill('Consultor GRC, Madrid');
  const file = page.getByLabel('Currículum');
  await file.setInputFiles({
    name: 'cv.docx',
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    buffer: docxFile({ macro: true }),
  });
  await likeAPerson(page);
  await page.getByRole('button', { name: 'Enviar CV' }).click();
  await expect(
    page.getByText('No se aceptan archivos con macros, scripts o programas incrustados. Vuelve a guardarlo como .docx o PDF normal.'),
  ).toBeVisible();

  await file.setInputFiles({
    name: 'cv.docx',
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    buffer: docxFile({ text: 'Pablo Ruiz' }),
  });
  await page.getByRole('button', { name: 'Enviar CV' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Archivo enviado' }).first()).toContainText('Hemos recibido tu CV');

  const recruiterMail = await eventually(async () => {
    const mail = (await mailsTo(RECRUITING)).find((m) => m.subject === `CV received from ${address}`);
    expect(mail).toBeTruthy();
    return mail!;
  }, 20_000);
  expect(recruiterMail.text).toContain('Consultor GRC, Madrid');
  expect(recruiterMail.attachments[0]!.filename).toBe('cv.docx');
  expect(Buffer.compare(recruiterMail.attachments[0]!.content, docxFile({ text: 'Pablo Ruiz' }))).toBe(0);
  const [ack] = await eventually(async () => {
    const mails = await mailsTo(address);
    expect(mails).toHaveLength(1);
    return mails;
  }, 20_000);
  expect(ack!.subject).toBe('Hemos recibido tu CV');
});

test('the upload route takes 5,242,880 bytes and refuses one more, streamed through the server', async ({ request }) => {
  const ask = async () => {
    const res = await request.post('/rest/file/cv/uploadurl', {
      data: {
        file: { filename: 'big.pdf', mimetype: 'application/pdf', size: 5_242_880 },
        email: `big-${Date.now()}@example.com`,
        info: '',
      },
    });
    expect(res.status()).toBe(200);
    return (await res.json()) as { uploadUrl: string };
  };
  const atLimit = await request.put((await ask()).uploadUrl, {
    headers: { 'content-type': 'application/pdf' },
    data: pdfOfSize(5_242_880),
  });
  expect(atLimit.status()).toBe(204);
  const over = await request.put((await ask()).uploadUrl, { headers: { 'content-type': 'application/pdf' }, data: pdfOfSize(5_242_881) });
  expect([400, 413]).toContain(over.status());
});

test('the CV form says what is wrong before sending', async ({ page }) => {
  await page.goto('/careers');
  await page.getByLabel('Your next role').fill('x'.repeat(101));
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByRole('button', { name: 'Send CV' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please correct the marked errors.' })).toBeVisible();
  await expect(page.getByText('Incorrect email format')).toBeVisible();
  await expect(page.getByText('Limit exceeded')).toBeVisible();
  await expect(page.getByText('Choose your CV file')).toBeVisible();
});

test('a CV whose note carries a character that cannot be stored: the field says so before anything is sent', async ({ page }) => {
  await page.goto('/careers');
  await page.getByLabel('Email').fill(`nul-cv-${Date.now()}@example.com`);
  await page.getByLabel('Your next role').fill('Cloud\u0000 architect');
  await page.getByLabel('Your next role').blur();
  await page.getByLabel(/^CV\b/).setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: pdfFile('Ana Ruiz') });
  await likeAPerson(page);
  await expect(page.getByText('Your text contains a character that cannot be stored')).toBeVisible();
  await expect(page.getByLabel('Your next role')).toHaveValue('Cloud\u0000 architect');
  await page.getByLabel('Your next role').fill('Cloud architect');
  await expect(page.getByText('Your text contains a character that cannot be stored')).toBeHidden();
});

test('apply with only the required fields: residence and notice period are optional, Apply says what is missing, one confirmation', async ({
  page,
}) => {
  const job = await jobWithoutOwnApplyPage(page);
  const address = `short-${Date.now()}@example.com`;
  await page.goto(`/jobs/all/apply/${job.id}`);
  const apply = page.getByRole('button', { name: 'Apply' });
  // Pressed on the empty form (again until the page's script runs), Apply shows what is missing and goes to it.
  await expect(async () => {
    await apply.click();
    await expect(page.getByRole('alert').filter({ hasText: 'Please correct the marked errors.' })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByLabel('Name')).toBeFocused();
  await expect(page.getByText('Choose your CV file')).toBeVisible();
  // The overlapping fields are asked, not required: no error, a hint saying when to fill them.
  await expect(page.getByLabel('City or country of residence')).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Notice period')).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Optional: only if different from your current location')).toBeVisible();
  await expect(page.getByText('Optional: if you have one, for example one month')).toBeVisible();
  const policy = page.getByRole('link', { name: 'Privacy Policy (opens in a new tab)' });
  await expect(policy).toHaveAttribute('href', '/privacy-policy');

  await page.getByLabel('Name').fill('Marta Vidal');
  await page.getByLabel('Email').fill(address);
  await page.getByLabel('Phone number').fill('+34 600 333 444');
  await page.getByLabel('Current location').fill('Girona');
  await page.getByLabel('Availability in weeks').fill('0');
  await page.getByLabel(/^CV\b/).setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: pdfFile('Marta Vidal') });
  await likeAPerson(page);
  await apply.click();
  const done = page.getByText('Application sent');
  await expect(done).toBeVisible();
  await expect(page.getByText('We have received your application and will be in contact with you shortly!')).toBeVisible();
  // One confirmation: the panel in the form's place, no notification saying it again, at once
  // (a notification of the answer is shown before the panel) or a while after: the page's clock
  // runs the next seconds' timers now, short of a notification's own dismissal (6 s).
  await page.clock.runFor(4000);
  await expect(done).toHaveCount(1);
  await expect(page.getByRole('region', { name: 'Notifications' }).getByRole('listitem')).toHaveCount(0);
  await expect
    .poll(async () => (await mailsTo(RECRUITING)).some((m) => JSON.stringify(m.replyTo).includes(address)), { timeout: 20_000 })
    .toBe(true);
});
