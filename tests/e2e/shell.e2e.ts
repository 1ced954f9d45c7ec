import { expect, test } from '../support/test';
import { untilHydrated } from '../support/hydrated';

test.describe('layout', () => {
  test('header and footer carry the site navigation, the job board first', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    const expected = [
      ['Jobs', '/jobs'],
      ['Services', '/services'],
      ['Products', '/products'],
      ['Training', '/training'],
      ['About us', '/about'],
      ['Careers', '/careers'],
      ['Contact', '/contact'],
      ['Request a demo', '/demo'],
    ] as const;
    const links = nav.getByRole('link');
    await expect(links).toHaveCount(expected.length);
    for (const [i, [name, href]] of expected.entries()) {
      await expect(links.nth(i)).toHaveText(name);
      await expect(links.nth(i)).toHaveAttribute('href', href);
    }
    // The brand is the way home.
    await expect(page.getByRole('banner').getByRole('link', { name: 'Acme Digital, home page' })).toHaveAttribute('href', '/');
    const footer = page.getByRole('navigation', { name: 'Footer' });
    for (const [name, href] of [
      ['Home', '/'],
      ['Jobs', '/jobs'],
      ['Services', '/services'],
      ['Our process', '/process'],
      ['About us', '/about'],
      ['Careers', '/careers'],
      ['Contact', '/contact'],
      ['Feedback', '/feedback'],
      ['Terms and conditions', '/terms'],
      ['Privacy Policy', '/privacy-policy'],
      ['Cookies', '/cookies'],
    ] as const) {
      await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    // Profile links are shown once configured, never as placeholders.
    await expect(footer.getByRole('link', { name: /Contribute|Follow us/ })).toHaveCount(0);
    // The company's country in the visitor's language.
    await expect(page.getByRole('contentinfo')).toContainText('Madrid, Spain');
    await page.goto('/de');
    await expect(page.getByRole('contentinfo')).toContainText('Madrid, Spanien');
    await expect(page.getByRole('contentinfo')).not.toContainText('Spain');
  });

  for (const [path, lang, label] of [
    ['/', 'en', 'Jobs'],
    ['/sp', 'es', 'Empleos'],
    ['/fr', 'fr', 'Emplois'],
    ['/de', 'de', 'Jobs'],
    ['/it', 'it', 'Offerte di lavoro'],
  ] as const) {
    test(`the job board is one click away in ${lang}: header, phone menu, footer, about and careers`, async ({ page }) => {
      const board = path === '/' ? '/jobs' : `${path}/jobs`;
      await page.goto(path);
      await expect(page.getByRole('banner').getByRole('link', { name: label, exact: true })).toHaveAttribute('href', board);
      await expect(page.getByRole('contentinfo').getByRole('link', { name: label, exact: true })).toHaveAttribute('href', board);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByRole('banner').getByRole('button', { expanded: false }).first().click();
      await page.getByRole('banner').getByRole('link', { name: label, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${board}(/all)?$`));
      for (const from of ['/about', '/careers']) {
        await page.goto(path === '/' ? from : `${path}${from}`);
        await expect(page.getByRole('main').locator(`a[href="${board}"]`)).toBeVisible();
      }
    });
  }

  test('an unknown address shows the site around a 404, with ways on', async ({ page }) => {
    for (const [address, heading, jobs] of [
      ['/no-such-page', 'This page could not be found', '/jobs'],
      ['/de/keine-seite', 'Diese Seite wurde nicht gefunden', '/de/jobs'],
    ] as const) {
      const res = await page.goto(address);
      expect(res?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      const main = page.getByRole('main');
      await expect(main.locator(`a[href="${jobs}"]`)).toBeVisible();
      await expect(main.getByRole('link')).toHaveCount(4);
      await expect(page.getByRole('banner').getByRole('link').first()).toBeVisible();
      await expect(page.getByRole('contentinfo').getByRole('link').first()).toBeVisible();
    }
  });

  test('links keep the visitor in their language', async ({ page }) => {
    await page.goto('/fr');
    await expect(page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Produits' })).toHaveAttribute(
      'href',
      '/fr/products',
    );
  });

  test('on a phone the menu collapses behind an accessible button', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/');
    const button = page.getByRole('button', { name: 'Menu' });
    const link = page.getByRole('banner').getByRole('link', { name: 'Careers', exact: true });
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(link).toBeHidden();
    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(link).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(link).toBeHidden();
  });

  // Below 368 px the menu button shows its icon alone (its name stays for screen readers); from
  // there, and on the common 375 and 390 px phones, it shows its name too.
  for (const [widths, shown] of [
    [[360, 320], false],
    [[368, 375, 390], true],
  ] as const) {
    test(`the header fits phones of ${widths.join(', ')} px in every language, its menu named${shown ? ' in sight' : ''}`, async ({
      browser,
    }) => {
      // A phone's scroll bars take no room, so the page is as wide as the screen.
      const context = await browser.newContext({ viewport: { width: widths[0], height: 740 }, isMobile: true, hasTouch: true });
      const page = await context.newPage();
      for (const width of widths) {
        await page.setViewportSize({ width, height: 740 });
        for (const [path, menu] of [
          ['/', 'Menu'],
          ['/sp', 'Menú'],
          ['/fr', 'Menu'],
          ['/de', 'Menü'],
          ['/it', 'Menu'],
        ] as const) {
          await page.goto(path);
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          expect(overflow, `${path} at ${width} px`).toBeLessThanOrEqual(0);
          const button = page.getByRole('button', { name: menu, exact: true });
          await expect(button).toBeInViewport({ ratio: 1 });
          // A screen-reader-only name keeps one pixel; a shown one is the word's width.
          const word = await button.getByText(menu, { exact: true }).boundingBox();
          expect((word?.width ?? 0) > 20, `${path} at ${width} px`).toBe(shown);
        }
      }
      await context.close();
    });
  }

  test('on a phone a tap on the menu while the scripts load opens it, and the page takes over from there', async ({ browser }) => {
    // A context of its own: its navigations do not wait for the page to hydrate.
    const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
    const page = await context.newPage();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/_next/static/chunks/*.js', async (route) => {
      await held;
      await route.continue();
    });
    // Its `load` waits for the scripts the loader asked for.
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    const button = page.getByRole('button', { name: 'Menu' });
    const link = page.getByRole('banner').getByRole('link', { name: 'Careers', exact: true });
    const icon = button.locator('path');
    const bars = await icon.getAttribute('d');
    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(link).toBeVisible();
    await expect(icon).not.toHaveAttribute('d', bars!);
    await button.click();
    await expect(link).toBeHidden();
    await expect(icon).toHaveAttribute('d', bars!);
    await button.click();
    await expect(link).toBeVisible();
    release();
    await untilHydrated(button);
    await expect(button).toHaveAttribute('data-live', '');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(link).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(link).toBeHidden();
    await button.click();
    await expect(link).toBeVisible();
    await context.close();
  });

  test('a page paints its content before it asks for its scripts, then runs them', async ({ page }) => {
    // What the browser has in the first frame it draws with the page's heading in it.
    await page.addInitScript(() => {
      const look = () => {
        if (!document.querySelector('main h1')) return requestAnimationFrame(look);
        (window as unknown as { firstFrame: unknown }).firstFrame = {
          content: true,
          scripts: document.querySelectorAll('script[src*="/_next/static/chunks/"][async]').length,
        };
      };
      requestAnimationFrame(look);
    });
    for (const path of ['/', '/jobs/all', '/fr/contact']) {
      await page.goto(path);
      const menu = page.getByTestId('language-menu');
      await untilHydrated(menu);
      expect(await page.evaluate(() => (window as unknown as { firstFrame: unknown }).firstFrame), path).toEqual({
        content: true,
        scripts: 0,
      });
      await menu.click();
      await expect(menu).toHaveAttribute('aria-expanded', 'true');
      expect(await page.locator('script[type="text/x-after-paint"]').count()).toBe(0);
    }
  });

  test('going offline shows a notice, coming back hides it', async ({ page, context }) => {
    await page.goto('/sp');
    await context.setOffline(true);
    await expect(page.getByTestId('offline-notice')).toHaveText(
      'No tienes conexión. Los formularios no se pueden enviar hasta que vuelva la conexión.',
    );
    await context.setOffline(false);
    await expect(page.getByTestId('offline-notice')).toBeHidden();
  });

  test('the service worker serves the offline page when the network is gone', async ({ page, context }) => {
    await page.goto('/de');
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload(); // now controlled by the worker
    await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
    // The API is never cached, while Next's scripts are.
    await page.evaluate(() => fetch('/rest/health'));
    const cached = await page.evaluate(async () =>
      (
        await Promise.all(
          (await caches.keys()).map(async (name) => (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname)),
        )
      ).flat(),
    );
    expect(cached.some((path) => path.startsWith('/_next/static/'))).toBe(true);
    expect(cached.filter((path) => path.startsWith('/rest'))).toEqual([]);
    await context.setOffline(true);
    await page.goto('/de/irgendwo').catch(() => undefined);
    await expect(page.getByRole('heading', { name: 'Sie sind offline' })).toBeVisible();
    await expect(page).toHaveTitle('Sie sind offline');
    await context.setOffline(false);
  });
});
