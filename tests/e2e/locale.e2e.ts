import { expect, test, type Page, hydratingNavigations } from '../support/test';
import { untilHydrated } from '../support/hydrated';

async function openLanguageMenu(page: Page) {
  const button = page.getByTestId('language-menu');
  await untilHydrated(button);
  await button.click();
}

const homeTitles = {
  '/': ['en', 'We build the software your business runs on'],
  '/sp': ['es', 'Construimos el software con el que funciona tu negocio'],
  '/fr': ['fr', 'Nous développons les logiciels qui font tourner votre entreprise'],
  '/de': ['de', 'Wir entwickeln die Software, mit der Ihr Unternehmen arbeitet'],
  '/it': ['it', 'Costruiamo il software su cui lavora la tua azienda'],
} as const;

test.describe('locales', () => {
  for (const [path, [lang, title]] of Object.entries(homeTitles)) {
    test(`${path} is served in ${lang}`, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    });
  }

  test('an English address opened from a Spanish visit gives English, also once the service worker runs', async ({ page, context }) => {
    await page.goto('/sp');
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
    // A typed address, a bookmark, a link from a mail.
    await page.goto('/en/contact');
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page).not.toHaveURL(/\/sp\//);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    expect((await context.cookies()).find((c) => c.name === 'NEXT_LOCALE')?.value).toBe('en');
  });

  test('a plain English link opens in English after a Spanish visit; only the entry page follows the cookie', async ({ page, context }) => {
    await page.goto('/sp/contact');
    const cookie = async () => (await context.cookies()).find((c) => c.name === 'NEXT_LOCALE')?.value;
    expect(await cookie()).toBe('es');
    // A link someone shared in English.
    await page.goto('/contact');
    await expect(page).toHaveURL(/:\d+\/contact$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    // Reading it chose nothing: the entry page still opens in the visitor's language.
    expect(await cookie()).toBe('es');
    await page.goto('/');
    await expect(page).toHaveURL(/\/sp$/);
    // An unknown English address is an English 404.
    await page.goto('/no-such-page');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { name: 'This page could not be found' })).toBeVisible();
  });

  test('the browser language decides the entry page only', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'de-DE' });
    context.on('page', hydratingNavigations);
    const page = await context.newPage();
    await page.goto('/about');
    await expect(page).toHaveURL(/:\d+\/about$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.goto('/');
    await expect(page).toHaveURL(/\/de$/);
    await context.close();
  });

  test('/es/* redirects to /sp/*', async ({ request }) => {
    const res = await request.get('/es/contact?x=1', { maxRedirects: 0 });
    expect(res.status()).toBe(308);
    expect(res.headers().location).toBe('/sp/contact?x=1');
  });

  test('the browser language decides the first visit', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'de-DE' });
    context.on('page', hydratingNavigations);
    const page = await context.newPage();
    await page.goto('/');
    await expect(page).toHaveURL(/\/de$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await context.close();
  });

  test('the chosen language is remembered in a cookie for a year', async ({ page, context }) => {
    await page.goto('/it');
    const cookie = (await context.cookies()).find((c) => c.name === 'NEXT_LOCALE');
    expect(cookie?.value).toBe('it');
    const days = (cookie!.expires * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThan(366);
    await page.goto('/');
    await expect(page).toHaveURL(/\/it$/);
  });

  test('the language menu reloads the same page in the chosen language', async ({ page }) => {
    await page.goto('/');
    await openLanguageMenu(page);
    await page.getByRole('link', { name: 'Deutsch' }).click();
    await expect(page).toHaveURL(/\/de$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(homeTitles['/de'][1]);

    // Back to English: the cookie follows, so the unprefixed address stays English.
    await openLanguageMenu(page);
    await page.getByRole('link', { name: 'English' }).click();
    await expect(page).toHaveURL(/:\d+\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(homeTitles['/'][1]);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test('the language menu works from the keyboard', async ({ page }) => {
    await page.goto('/fr');
    const button = page.getByTestId('language-menu');
    await untilHydrated(button);
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(button).toBeFocused();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'English' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Español' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/sp$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  });
});
