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
    const brand = block.getByRole('banner').getByRole('link', { name: /página de inicio/ });
    await expect(brand.locator('svg[data-logo-mark]')).toBeVisible();
    const brandLeft = (await brand.boundingBox())!.x;
    const firstLegal = (await block.getByRole('contentinfo').getByRole('link').first().boundingBox())!.x;
    expect(Math.abs(firstLegal - brandLeft)).toBeLessThanOrEqual(1);
  });

  test("it carries the header's links and a link to each language's home page, as plain links", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const res = await page.goto('/sp/no-existe');
    expect(res?.status()).toBe(404);
    const banner = page.locator('[data-locale-block="es"]').getByRole('banner');
    const nav = banner.getByRole('navigation', { name: 'Navegación principal' });
    for (const [name, href] of [
      ['Empleos', '/sp/jobs'],
      ['Servicios', '/sp/services'],
      ['Productos', '/sp/products'],
      ['Formación', '/sp/training'],
      ['Quiénes somos', '/sp/about'],
      ['Trabaja con nosotros', '/sp/careers'],
      ['Contacto', '/sp/contact'],
      ['Solicitar una demo', '/sp/demo'],
    ] as const)
      await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    const languages = banner.getByRole('navigation', { name: 'Idioma' }).getByRole('link');
    await expect(languages).toHaveText(['English', 'Español', 'Français', 'Deutsch', 'Italiano']);
    expect(await languages.evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual(['/en', '/sp', '/fr', '/de', '/it']);
    await expect(languages.nth(1)).toHaveAttribute('aria-current', 'true');
    await languages.getByText('Deutsch').click();
    await expect(page).toHaveURL(/\/de$/);
  });

  test('a job that is not there has a 404 of its own: it may have closed, the newest jobs of its board, the board', async ({
    page,
    request,
  }) => {
    const res = await page.goto('/jobs/frontendjobs/specs/no-such-job');
    expect(res?.status()).toBe(404);
    await expect(page).toHaveTitle(/^Job not found \| /);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Job not found');
    await expect(page.getByRole('main')).toContainText('may have closed or been filled');
    const newest = page.getByRole('region', { name: 'Newest jobs' }).getByRole('article');
    await expect(newest).toHaveCount(4);
    // The board's newest (other tests may add jobs meanwhile: the first page holds them all the same).
    const { items } = (await (
      await request.post('/rest/jobs/search?pageSize=20', { data: { search: { dashboard: 'frontendjobs' } } })
    ).json()) as { items: { id: string }[] };
    const shown = await newest.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(shown.every((href) => items.some((job) => href === `/jobs/frontendjobs/specs/${job.id}`))).toBe(true);
    await expect(page.getByRole('link', { name: 'See all open jobs' })).toHaveAttribute('href', '/jobs/frontendjobs');
    // The site's own header, with its language menu.
    await expect(page.getByRole('banner').getByTestId('language-menu')).toBeVisible();

    await page.goto('/de/jobs/all/specs/gibt-es-nicht');
    await expect(page).toHaveTitle(/^Stelle nicht gefunden \| /);
    await expect(page.getByRole('main')).toContainText('geschlossen oder ist schon besetzt');
    await expect(page.getByRole('link', { name: 'Alle offenen Stellen ansehen' })).toHaveAttribute('href', '/de/jobs/all');
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
    for (const path of ['/jobs/all/specs/nope', '/jobs/all/specs/a%00b']) {
      const res = await request.get(path);
      expect(res.status(), path).toBe(404);
      expect(await res.text(), path).toContain('Job not found');
    }
    for (const path of [
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
