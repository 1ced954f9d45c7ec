import { expect, test } from '../support/test';

test.describe('not found', () => {
  test('an unknown path is a real 404 page in the server HTML', async ({ request }) => {
    const res = await request.get('/no-such-page');
    expect(res.status()).toBe(404);
    const html = await res.text();
    expect(html).not.toContain('id="__next_error__"');
    expect(html).toContain('This page could not be found');
    expect(html).toContain('Back to the home page');
  });

  test('it speaks the language of the address', async ({ page }) => {
    const res = await page.goto('/sp/no-existe');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'No se ha encontrado esta página' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'This page could not be found' })).toBeHidden();
    await page.getByRole('link', { name: 'Volver a la página de inicio' }).click();
    await expect(page).toHaveURL(/\/sp$/);
  });

  test('it carries the logo, and its legal links line up with the brand', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto('/sp/no-existe');
    const block = page.locator('[data-locale-block="es"]');
    const brand = block.getByRole('banner').getByRole('link');
    await expect(brand.locator('svg[data-logo-mark]')).toBeVisible();
    const brandLeft = (await brand.boundingBox())!.x;
    const firstLegal = (await block.getByRole('contentinfo').getByRole('link').first().boundingBox())!.x;
    expect(Math.abs(firstLegal - brandLeft)).toBeLessThanOrEqual(1);
  });

  test("after a navigation inside the site it still speaks the visitor's language", async ({ page }) => {
    await page.goto('/fr');
    await page.evaluate(() =>
      (window as unknown as { next: { router: { push(href: string): void } } }).next.router.push('/fr/introuvable'),
    );
    await expect(page.getByRole('heading', { name: 'Cette page est introuvable' })).toBeVisible();
    await expect(page).toHaveTitle('Cette page est introuvable');
  });

  test('a page of a record with an unknown or malformed id is a 404, not an error', async ({ request }) => {
    for (const path of [
      '/jobs/all/specs/nope',
      '/jobs/all/specs/a%00b',
      '/jobs/all/apply/..%2F..%2Fetc',
      '/education/a%00b/specs',
      '/education/NOPE!/register',
      '/careers/%E2%80%AE',
      `/careers/${'x'.repeat(300)}`,
    ]) {
      const res = await request.get(path);
      expect(res.status(), path).toBe(404);
      expect(await res.text(), path).toContain('This page could not be found');
    }
  });

  test('unknown API paths answer JSON, not a page', async ({ request }) => {
    const res = await request.get('/rest/no-such-thing');
    expect(res.status()).toBe(404);
    expect(res.headers()['content-type']).toBe('application/problem+json');
    expect(await res.json()).toMatchObject({ status: 404 });
  });
});
