import { expect, test } from '@playwright/test';

test.describe('layout', () => {
  test('header and footer carry the site navigation', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    for (const [name, href] of [
      ['Our products', '/products'],
      ['Contact sales', '/contact'],
      ['Home', '/'],
      ['Services', '/services'],
      ['Our process', '/process'],
      ['Request a demo', '/demo'],
    ] as const) {
      await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    const footer = page.getByRole('navigation', { name: 'Footer' });
    for (const [name, href] of [
      ['Home', '/'],
      ['About us', '/about'],
      ['Careers', '/careers'],
      ['Contact', '/contact'],
      ['Feedback', '/feedback'],
      ['Term and conditions', '/terms'],
      ['Privacy Policy', '/privacy-policy'],
      ['Cookies', '/cookies'],
    ] as const) {
      await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    await expect(footer.getByRole('link', { name: /Contribute/ })).toHaveAttribute('target', '_blank');
    await expect(footer.getByRole('link', { name: /Follow us/ })).toHaveAttribute('href', /^https:\/\//);
  });

  test('links keep the visitor in their language', async ({ page }) => {
    await page.goto('/fr');
    await expect(
      page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Nos produits' }),
    ).toHaveAttribute('href', '/fr/products');
  });

  test('on a phone the menu collapses behind an accessible button', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/');
    const button = page.getByRole('button', { name: 'Menu' });
    const link = page.getByRole('link', { name: 'Our process' });
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(link).toBeHidden();
    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(link).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(link).toBeHidden();
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
