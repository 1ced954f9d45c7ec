import { expect, test, type Page } from '@playwright/test';

const cards = (page: Page) => page.locator('#job-results article');
const status = (page: Page) => page.locator('#job-results-status');

async function totalOf(page: Page): Promise<number> {
  await expect(status(page)).toHaveText(/Displaying \d+ results of \d+/);
  return Number((await status(page).textContent())!.match(/of (\d+)/)![1]);
}

test.describe('job board', () => {
  test('the first page is in the server HTML', async ({ request }) => {
    const res = await request.get('/jobs/all');
    expect(res.status()).toBe(200);
    const html = await res.text();
    expect(html.match(/<article/g)).toHaveLength(20);
    expect(html).toContain('Displaying 20 results of 300');
    expect(html).toContain('Posted on ');
  });

  test('/jobs leads to all jobs; unknown dashboards are 404; old addresses redirect', async ({ page, request }) => {
    await page.goto('/jobs');
    await expect(page).toHaveURL(/\/jobs\/all$/);
    expect((await request.get('/jobs/mining')).status()).toBe(404);
    const old = await request.get('/jobs/index_', { maxRedirects: 0 });
    expect(old.headers().location).toBe('/jobs/all');
    const spec = await request.get('/sp/jobs/specs/abc', { maxRedirects: 0 });
    expect(spec.headers().location).toBe('/sp/jobs/all/specs/abc');
    const specData = await request.get('/jobs/frontendjobs/specs/specData', { maxRedirects: 0 });
    expect(specData.headers().location).toBe('/jobs/frontendjobs');
  });

  test('filters narrow the results and live in the address', async ({ page }) => {
    await page.goto('/jobs/all');
    const all = await totalOf(page);
    await page.getByLabel('Remote work').selectOption('fullremote');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/remote_work_allowance=fullremote/);
    const remote = await totalOf(page);
    expect(remote).toBeLessThan(all);
    expect(remote).toBeGreaterThan(0);
    for (const subtitle of await cards(page).locator('p.text-brand-700').allTextContents()) expect(subtitle).toBe('Fully remote');

    // The same address in a new tab shows the same search.
    const shared = await page.context().newPage();
    await shared.goto(page.url());
    await expect(shared.getByLabel('Remote work')).toHaveValue('fullremote');
    expect(await totalOf(shared)).toBe(remote);
    await shared.close();

    await page.getByRole('button', { name: 'Reset' }).click();
    await expect(page).toHaveURL(/\/jobs\/all$/);
    expect(await totalOf(page)).toBe(all);
  });

  test('free text finds jobs by technology', async ({ page }) => {
    await page.goto('/jobs/all');
    await page.getByRole('searchbox').fill('kotlin');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/q=kotlin/);
    const n = await totalOf(page);
    expect(n).toBeGreaterThan(0);
    for (const text of await cards(page).allTextContents()) expect(text).toContain('Kotlin');
  });

  test('pages forward and back, and the Back button works', async ({ page }) => {
    await page.goto('/jobs/all');
    const first = await cards(page).first().locator('h2').textContent();
    const firstIds = await cards(page).evaluateAll((els) => els.map((e) => e.getAttribute('aria-labelledby')));
    await page.getByRole('link', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/page=2&after=/);
    await expect(page.getByText('Page 2 of 15')).toBeVisible();
    const secondIds = await cards(page).evaluateAll((els) => els.map((e) => e.getAttribute('aria-labelledby')));
    expect(secondIds).toHaveLength(20);
    expect(secondIds.filter((id) => firstIds.includes(id))).toEqual([]);
    await page.goBack();
    await expect(page.getByText('Page 1 of 15')).toBeVisible();
    await expect(cards(page).first().locator('h2')).toHaveText(first!);
    await page.goForward();
    await expect(page.getByText('Page 2 of 15')).toBeVisible();
    await page.getByRole('link', { name: 'Previous page' }).click();
    await expect(page.getByText('Page 1 of 15')).toBeVisible();
  });

  test('the dashboard selector and the filter toggle', async ({ page }) => {
    await page.goto('/jobs/all');
    await page.getByLabel('Job board').selectOption('frontendjobs');
    await expect(page).toHaveURL(/\/jobs\/frontendjobs$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Frontend jobs');
    const toggle = page.getByRole('button', { name: 'Hide filters' });
    await toggle.click();
    await expect(page.getByLabel('Remote work')).toBeHidden();
    await page.getByRole('button', { name: 'Show filters' }).click();
    await expect(page.getByLabel('Remote work')).toBeVisible();
  });

  test('a failed search says so', async ({ page }) => {
    await page.route('**/rest/jobs/search**', (route) =>
      route.fulfill({ status: 503, contentType: 'application/problem+json', body: '{"status":503}' }),
    );
    await page.goto('/jobs/all?contract_type=freelance');
    await expect(page.getByRole('alert').filter({ hasText: 'Error getting data' })).toBeVisible();
  });

  test('speaks Spanish under /sp', async ({ page }) => {
    await page.goto('/sp/jobs/all');
    await expect(status(page)).toHaveText('Mostrando 20 resultados de 300');
    await expect(cards(page).first()).toContainText('Publicada el');
    await expect(page.getByLabel('Teletrabajo')).toBeVisible();
  });
});

test.describe('job page', () => {
  test('shows the job and tells search engines about it', async ({ page }) => {
    await page.goto('/jobs/all');
    const card = cards(page)
      .filter({ has: page.getByRole('link', { name: /See full description/ }) })
      .first();
    const title = (await card.locator('h2').textContent())!;
    await card.getByRole('link', { name: /See full description/ }).click();
    await expect(page).toHaveURL(/\/jobs\/all\/specs\/\w+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title.split(' - ').at(-1)!);
    await expect(page.getByRole('heading', { name: 'The role' })).toBeVisible();

    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
    expect(ld['@type']).toBe('JobPosting');
    for (const key of ['title', 'description', 'datePosted', 'hiringOrganization']) expect(ld[key], key).toBeTruthy();
    expect(ld.hiringOrganization.name).toBeTruthy();
    if (ld.jobLocationType === 'TELECOMMUTE') expect(ld.applicantLocationRequirements.length).toBeGreaterThan(0);
    else expect(ld.jobLocation.address.addressCountry).toBeTruthy();
    expect(ld.identifier.value).toBe(page.url().split('/').at(-1));
    await expect(page.getByRole('link', { name: 'Apply', exact: true })).toHaveAttribute('href', /^(\/jobs\/all\/apply\/|https:\/\/)/);
  });

  test('feeds and the sitemap list jobs', async ({ request }) => {
    const feed = await request.get('/jobs/all/feed.xml?q=kotlin');
    expect(feed.headers()['content-type']).toContain('application/rss+xml');
    const xml = await feed.text();
    expect(xml).toContain('<rss version="2.0"');
    expect(xml.match(/<item>/g)!.length).toBeGreaterThan(0);
    expect(xml.match(/<category>Kotlin<\/category>/g)!.length).toBe(xml.match(/<item>/g)!.length);

    // The feed follows the filters of the address too.
    const filters = 'contract_type=freelance&work_schedule_type=parttime';
    const filtered = await (await request.get(`/jobs/all/feed.xml?${filters}`)).text();
    const count = await (
      await request.post('/rest/jobs/search?count=true', {
        data: { search: { dashboard: 'all', filters: { contract_type: 'freelance', work_schedule_type: 'parttime' } } },
      })
    ).json();
    expect(count.Count).toBeGreaterThan(0);
    expect(filtered.match(/<item>/g)?.length).toBe(Math.min(20, count.Count));

    const sitemap = await (await request.get('/sitemap.xml')).text();
    // Each job once per locale.
    expect(new Set(sitemap.match(/\/jobs\/all\/specs\/\w+<\/loc>/g)).size).toBe(300);
    expect(sitemap.match(/<loc>[^<]*\/jobs\/all\/specs\/\w+<\/loc>/g)!.length).toBe(1500);
    expect(sitemap).toContain('hreflang="es"');
  });
});
