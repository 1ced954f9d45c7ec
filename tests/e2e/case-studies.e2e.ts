import { expect, test } from '../support/test';
import { officeMember } from '../support/e2e-office-member';

// Case studies are records of their own: the office creates one at its address, its copy is
// published per language, and the site shows it at /case-studies/{slug}, in English where a
// language has no copy of its own. Its place on the home page is identity.e2e.ts's, whose tests
// read the home page's case studies.

const SLOW = 15_000;

test('the release’s case studies have pages in every language, linked from the home page and the list', async ({ page }) => {
  await page.goto('/de');
  const card = page.locator('[data-case-study="logistics-data"]');
  await card.getByRole('link').click();
  await expect(page).toHaveURL(/\/de\/case-studies\/logistics-data$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Lkw|Daten/);
  await expect(page.getByRole('heading', { level: 2, name: 'Die Herausforderung' })).toBeVisible();
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').last().textContent())!);
  expect(ld).toMatchObject({ '@type': 'Article', inLanguage: 'de' });
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/de\/case-studies\/logistics-data$/);
  await page.getByRole('link', { name: 'Alle Fallstudien' }).first().click();
  await expect(page).toHaveURL(/\/de\/case-studies$/);
  await expect(page.locator('[data-case-study]')).toHaveCount(3);
});

test('marketing creates a case study and publishes its English; Italian shows the English, marked; a new address leaves a 308', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const slug = `clinic-${Date.now().toString(36)}`;
  const { page, context } = await officeMember(browser, 'marketing', { name: 'Carla Cases' });
  await page.goto('/office/content');
  await page.getByLabel('Address of the new case study').fill('Not an address');
  await page.getByRole('button', { name: 'Create case study' }).click();
  await expect(page.getByLabel('Address of the new case study')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Address of the new case study').fill(slug);
  await page.getByRole('button', { name: 'Create case study' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Case study ${slug}: English` })).toBeVisible({ timeout: SLOW });
  // Nothing is on the site until its copy is published.
  expect((await request.get(`/case-studies/${slug}`)).status()).toBe(404);
  // The search result it will have, as it is typed: cut where search engines cut it.
  const preview = page.getByRole('region', { name: 'In search results' });
  const long = 'Appointments booked in two taps at a network of forty clinics';
  await page.getByRole('group', { name: 'Search and sharing' }).getByLabel('Title').fill(long);
  await expect(preview).toContainText(`${long.slice(0, 59).trimEnd()}…`);
  await expect(preview).toContainText(`/case-studies/${slug}`);
  await expect(preview).toContainText(
    `Title with the site's name: ${long.length + ' | Acme Digital'.length} characters; search engines show about 60.`,
  );

  // Its copy, as the editor sends it (the editor's fields are office-content.e2e.ts's).
  const origin = new URL(page.url()).origin;
  const source = await (await page.request.get('/rest/office/content/case-study-retail-checkout/en')).json();
  const copy = {
    ...source.published,
    title: 'Appointments booked in two taps',
    meta: { title: 'Clinic booking', description: 'A clinic.' },
  };
  const published = await page.request.post(`/rest/office/content/case-study-${slug}/en/publish`, {
    data: { content: copy },
    headers: { origin },
  });
  expect(published.status()).toBe(200);

  // The title typed above was not saved: the browser asks before the page is left, and it may go.
  page.once('dialog', (dialog) => void dialog.accept());
  await page.reload();

  // In Italian, which has no copy of its own: the English text, marked as English, with a note.
  const italian = await browser.newPage();
  await italian.goto(`/it/case-studies/${slug}`);
  await expect(italian.getByRole('note')).toHaveText(
    'Questo caso di studio non è ancora disponibile in italiano, perciò è mostrato in inglese.',
  );
  await expect(italian.locator('html')).toHaveAttribute('lang', 'it');
  await expect(italian.locator('article[lang="en"]')).toContainText('Appointments booked in two taps');
  await expect(italian.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`[^/]/case-studies/${slug}$`));
  await italian.close();

  // A new address: the old one answers 308 with the new one, in its language.
  await page.getByLabel('Address under /case-studies/').fill(`${slug}-app`);
  await page.getByRole('button', { name: 'Change address' }).click();
  await expect(page.getByRole('link', { name: 'View the live page' })).toHaveAttribute('href', `/case-studies/${slug}-app`, {
    timeout: SLOW,
  });
  await expect.poll(async () => (await request.get(`/de/case-studies/${slug}`, { maxRedirects: 0 })).status(), { timeout: SLOW }).toBe(308);
  expect((await request.get(`/de/case-studies/${slug}`, { maxRedirects: 0 })).headers().location).toBe(`/de/case-studies/${slug}-app`);
  expect((await request.get(`/case-studies/${slug}-app`)).status()).toBe(200);

  await context.close();
});
