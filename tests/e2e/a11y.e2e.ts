import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '../support/test';
import { codeMail, fillSignUp, likeAPerson } from '../support/e2e-signup';
import { untilHydrated } from '../support/hydrated';

// axe on every page of the site (WCAG 2.2 A and AA rules): zero violations. Marketing pages are
// checked in English and in one other language each, so translated copy is covered too.

const pages = [
  '/',
  '/about',
  '/sp/about',
  '/process',
  '/de/process',
  '/services',
  '/fr/services',
  '/products',
  '/it/products',
  '/products/amazonsaasboost',
  '/sp/products/demodph_',
  '/case-studies',
  '/de/case-studies/online-bank-payments',
  '/privacy-policy',
  '/fr/privacy-policy',
  '/privacy/request',
  '/sp/privacy/request',
  '/cookies',
  '/de/cookies',
  '/terms',
  '/it/terms',
  '/contact',
  '/demo',
  '/feedback',
  '/careers',
  '/add',
  '/sp/training',
  '/training',
  '/education',
  '/sp/education/online-01-fs/specs',
  '/sp/education/online-01-fs/register',
  '/checkout',
  '/checkout/success',
  '/verifysuccess',
  '/de/verifyerror',
  '/jobs/all',
  '/sp/jobs/spaintechjobs',
  '/jobs/post',
  '/de/jobs/post',
  '/this-page-does-not-exist',
];

async function violations(page: Page) {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  return result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

for (const path of pages) {
  test(`axe finds nothing on ${path}`, async ({ page }) => {
    await page.goto(path);
    // The settled page: lists fetched by the browser (courses, jobs) have arrived.
    await page.waitForLoadState('networkidle');
    expect(await violations(page)).toEqual([]);
  });
}

test('axe finds nothing on a job page, a job application, a position and its application', async ({ page, request }) => {
  const search = await request.post('/rest/jobs/search?pageSize=50', { data: { search: { dashboard: 'all' } } });
  const job = ((await search.json()).items as { id: string; apply_url: string | null }[]).find((j) => !j.apply_url)!.id;
  await page.goto('/careers');
  const position = await page.getByRole('row').nth(1).getByRole('link').first().getAttribute('href');
  for (const path of [`/jobs/all/specs/${job}`, `/fr/jobs/all/apply/${job}`, position!, `${position}/apply`]) {
    await page.goto(path);
    expect(await violations(page), path).toEqual([]);
  }
});

test('axe finds nothing in an open modal (advisor bio, contact form)', async ({ page }) => {
  await page.goto('/about');
  await page.getByRole('button', { name: 'Read the bio of Ana Sousa' }).click();
  await expect(page.getByRole('dialog', { name: 'Ana Sousa' })).toBeVisible();
  expect(await violations(page)).toEqual([]);
  await page.goto('/contact');
  await page.getByRole('button', { name: 'Schedule a call' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await violations(page)).toEqual([]);
  // Focus starts on the first field, not on the form's hidden bot trap, and Shift+Tab goes round.
  const name = page.getByRole('dialog').getByRole('textbox', { name: /^Name/ });
  await expect(name).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Close', exact: true })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(name).toBeFocused();
});

test("axe finds nothing in the sign-up's steps: the code modal, the mailed link's page, the success modal", async ({ page }) => {
  const address = `axe-${Date.now()}@example.com`;
  await page.goto('/add');
  // The closed dialogs take no focus when the page starts.
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
  await fillSignUp(page, address);
  await likeAPerson(page);
  await page.getByRole('button', { name: 'Create account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm your email' });
  await expect(dialog).toBeVisible();
  expect(await violations(page), 'code modal').toEqual([]);

  const { code, link } = await codeMail(address);
  const mailTab = await page.context().newPage();
  await mailTab.goto(new URL(link).pathname + new URL(link).search);
  await expect(mailTab.getByRole('heading', { level: 1 })).toHaveText('Confirm your email');
  expect(await violations(mailTab), 'the mailed link').toEqual([]);
  await mailTab.close();

  await dialog.getByLabel('Confirmation code').fill(code);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  const success = page.getByRole('dialog', { name: 'Account created successfully' });
  await expect(success).toBeVisible();
  expect(await violations(page), 'success modal').toEqual([]);

  // The form was sent with its button, which the browser took focus from while it was disabled:
  // focus goes to the start of the emptied form, not to the top of the page.
  await success.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(page.getByLabel('Name (optional)')).toBeFocused();
});

/** The accessible name of the element that has the keyboard focus. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return el?.getAttribute('aria-label') || el?.textContent?.trim() || '';
  });

async function tabTo(page: Page, name: string, limit = 40) {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    if ((await focused(page)) === name) return;
  }
  throw new Error(`"${name}" not reached with the Tab key`);
}

test('keyboard only: the header in order, the language menu, and a modal that traps and returns focus', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/about');

  // The header, in reading order, starting with the skip link.
  const order: string[] = [];
  for (let i = 0; i < 11; i++) {
    await page.keyboard.press('Tab');
    order.push(await focused(page));
  }
  expect(order).toEqual([
    'Skip to content',
    'Acme Digital, home page',
    'Jobs',
    'Services',
    'Products',
    'Training',
    'About us',
    'Careers',
    'Contact',
    'Request a demo',
    'Language: English',
  ]);

  // The language menu opens with Enter, its links follow, Escape closes it and keeps the focus.
  const menu = page.getByTestId('language-menu');
  await untilHydrated(menu);
  await page.keyboard.press('Enter');
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Tab');
  expect(await focused(page)).toBe('English');
  await page.keyboard.press('Tab');
  expect(await focused(page)).toBe('Español');
  await page.keyboard.press('Escape');
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(menu).toBeFocused();

  // An advisor's bio: Enter opens the modal, Tab stays inside it, Escape closes it and returns focus.
  await tabTo(page, 'Read the bio of Marco Bianchi');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Marco Bianchi' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('online bank');
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  expect(await focused(page)).toBe('Read the bio of Marco Bianchi');

  // Choosing a language with the keyboard loads the same page in it.
  await page.reload();
  await tabTo(page, 'Language: English');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  expect(await focused(page)).toBe('Français');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/fr\/about$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('À propos');
});

test('a modal closes with a click beside it, and the page behind does not scroll while it is open', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/about');
  const opener = page.getByRole('button', { name: 'Read the bio of Ana Sousa' });
  await expect(async () => {
    await opener.click();
    await expect(page.getByRole('dialog', { name: 'Ana Sousa' })).toBeVisible({ timeout: 1000 });
  }).toPass();
  // The page has room to scroll twice the wheel's way, so a scroll that does not happen means something.
  const scrollBefore = await page.evaluate(() => window.scrollY);
  expect(await page.evaluate((y) => document.documentElement.scrollHeight - window.innerHeight - y, scrollBefore)).toBeGreaterThan(1200);
  // Every scroll of the page from now on (and its ends), and whether a modal was open when it came.
  await page.evaluate(() => {
    const seen: { y: number; modal: boolean; end: boolean }[] = [];
    Object.assign(window, { scrolls: seen });
    for (const type of ['scroll', 'scrollend'])
      addEventListener(type, () =>
        seen.push({ y: scrollY, modal: document.querySelector('dialog:modal') !== null, end: type === 'scrollend' }),
      );
  });
  const scrolls = () => page.evaluate(() => (window as unknown as { scrolls: { y: number; modal: boolean; end: boolean }[] }).scrolls);
  await page.mouse.wheel(0, 600);
  await page.mouse.click(5, 5);
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(opener).toBeFocused();
  // The same wheel with the modal closed scrolls the page: once that scroll has ended, the first
  // wheel's turn, which came before, is over too. It moved nothing: no scroll while the modal was
  // open, and the page went the second wheel's way only.
  await page.mouse.wheel(0, 600);
  await expect.poll(async () => (await scrolls()).findLast((s) => s.end)?.y).toBe(scrollBefore + 600);
  expect((await scrolls()).filter((s) => s.modal)).toEqual([]);
  expect(Math.max(...(await scrolls()).map((s) => s.y))).toBe(scrollBefore + 600);
});
