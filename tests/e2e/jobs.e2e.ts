import { expect, test, type Page } from '../support/test';
import { sitemapText } from '../support/sitemap';

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
    // The 300 demo jobs, and any another test has on the board at this moment.
    expect(Number(html.match(/Displaying 20 results of (\d+)/)?.[1])).toBeGreaterThanOrEqual(300);
    expect(html).toContain('Posted on ');
  });

  test('an address with a search or a page is rendered with its own results, not indexed, canonical to the board', async ({
    page,
    request,
  }) => {
    const jobLinks = (html: string) => [...html.matchAll(/href="\/jobs\/all\/specs\/([^"?]+)/g)].map((m) => m[1]);
    const html = await (await request.get('/jobs/all?q=kotlin')).text();
    const total = Number(html.match(/Displaying \d+ results of (\d+)/)?.[1]);
    expect(total).toBeGreaterThan(0);
    expect(total).toBeLessThan(300);
    for (const card of html.match(/<article[\s\S]*?<\/article>/g) ?? []) expect(card).toMatch(/kotlin/i);
    expect(html).toMatch(/<meta name="robots" content="noindex, follow"/);
    expect(html).toMatch(/<link rel="canonical" href="[^"]*\/jobs\/all"/);

    // A page named without its cursor (a typed or shared address): that page's jobs, not the first's.
    const first = jobLinks(await (await request.get('/jobs/all?remote_work_allowance=fullremote')).text());
    const second = await (await request.get('/jobs/all?remote_work_allowance=fullremote&page=2')).text();
    expect(second).toMatch(/Page 2 of \d+/);
    expect(jobLinks(second).length).toBeGreaterThan(0);
    expect(jobLinks(second).filter((id) => first.includes(id))).toEqual([]);

    // The unfiltered board is the cached, indexed one.
    const board = await request.get('/jobs/all');
    expect(await board.text()).not.toContain('noindex');

    // In the browser the rendered results stay: nothing is asked for again.
    const searches: string[] = [];
    page.on('request', (r) => r.url().includes('/rest/jobs/search') && searches.push(r.url()));
    await page.goto('/sp/jobs/all?q=kotlin');
    await expect(page.getByRole('searchbox')).toHaveValue('kotlin');
    expect(await cards(page).count()).toBe(Math.min(total, 20));
    await page.waitForLoadState('networkidle');
    expect(searches).toEqual([]);
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
    for (const chips of await cards(page).getByTestId('job-chips').allTextContents()) expect(chips).toContain('Fully remote');

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

  test('a page of results the browser already holds is asked for with its ETag and answered 304', async ({ page }) => {
    // What went over the network: a 304 brings no body, and the browser shows the copy it holds.
    // Each in the order the requests ended (the sizes are read after).
    const pages: Promise<{ conditional: boolean; bodyBytes: boolean }>[] = [];
    page.on('requestfinished', (request) => {
      const url = new URL(request.url());
      if (url.pathname !== '/rest/jobs/search' || url.searchParams.has('count')) return;
      pages.push(
        Promise.all([request.allHeaders(), request.sizes()]).then(([headers, sizes]) => ({
          conditional: 'if-none-match' in headers,
          bodyBytes: sizes.responseBodySize > 0,
        })),
      );
    });
    // The first page is in the server's HTML; each later page is asked for once it is shown (a
    // click before would abort the request under way).
    await page.goto('/jobs/all?contract_type=permanent');
    await page.getByRole('link', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/page=2&after=/);
    await expect.poll(() => pages.length).toBe(1);
    await page.getByRole('link', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/page=3&after=/);
    await expect.poll(() => pages.length).toBe(2);
    await page.goBack();
    await expect(page).toHaveURL(/page=2&after=/);
    await expect.poll(() => pages.length).toBe(3);
    expect(await Promise.all(pages)).toEqual([
      { conditional: false, bodyBytes: true },
      { conditional: false, bodyBytes: true },
      { conditional: true, bodyBytes: false },
    ]);
  });

  test('the dashboard selector and the filter toggle', async ({ page }) => {
    await page.goto('/jobs/all');
    await page.getByLabel('Job board').selectOption('frontendjobs');
    await expect(page).toHaveURL(/\/jobs\/frontendjobs$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Frontend jobs');
    // On a wide screen the filters start open beside the results; the button hides and shows them.
    const toggle = page.getByRole('button', { name: 'Filters' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByLabel('Remote work')).toBeHidden();
    await toggle.click();
    await expect(page.getByLabel('Remote work')).toBeVisible();
  });

  test('a failed search says so', async ({ page }) => {
    await page.route('**/rest/jobs/search**', (route) =>
      route.fulfill({ status: 503, contentType: 'application/problem+json', body: '{"status":503}' }),
    );
    await page.goto('/jobs/all');
    await page.getByRole('searchbox').fill('kotlin');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('alert').filter({ hasText: 'Error getting data' })).toBeVisible();
  });

  test('speaks Spanish under /sp', async ({ page }) => {
    await page.goto('/sp/jobs/all');
    await expect(status(page)).toHaveText(/^Mostrando 20 de 3\d\d resultados$/);
    await expect(cards(page).first()).toContainText('Publicada el');
    await expect(page.getByLabel('Teletrabajo')).toBeVisible();
  });
});

test.describe('job page', () => {
  test('shows the job and tells search engines about it', async ({ page }) => {
    await page.goto('/jobs/all');
    const { items } = (await (await page.request.post('/rest/jobs/search?pageSize=20', { data: {} })).json()) as {
      items: { position: string; has_jd: boolean }[];
    };
    const card = cards(page).nth(items.findIndex((j) => j.has_jd));
    const position = items.find((j) => j.has_jd)!.position;
    await card.getByRole('heading', { level: 2 }).getByRole('link').click();
    await expect(page).toHaveURL(/\/jobs\/all\/specs\/\w+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(position);
    await expect(page.getByRole('heading', { name: 'The role' })).toBeVisible();

    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
    expect(ld['@type']).toBe('JobPosting');
    for (const key of ['title', 'description', 'datePosted', 'hiringOrganization']) expect(ld[key], key).toBeTruthy();
    expect(ld.hiringOrganization.name).toBeTruthy();
    if (ld.jobLocationType === 'TELECOMMUTE') expect(ld.applicantLocationRequirements.length).toBeGreaterThan(0);
    else expect(ld.jobLocation.address.addressCountry).toBeTruthy();
    expect(ld.identifier.value).toBe(page.url().split('/').at(-1));
    await expect(page.getByRole('link', { name: 'Apply', exact: true })).toHaveAttribute(
      'href',
      /^(\/jobs\/all\/apply\/|\/rest\/jobs\/[\w-]+\/apply-click$)/,
    );
  });

  test('carries the whole description, its company and up to four similar live jobs', async ({ page, request }) => {
    const { items } = (await (await request.post('/rest/jobs/search?pageSize=100', { data: {} })).json()) as {
      items: { id: string; company: string | null; short_description: string }[];
    };
    // A company with more than one job on the board.
    const job = items.find((j) => j.company && items.filter((k) => k.company === j.company).length > 1)!;
    await page.goto(`/jobs/all/specs/${job.id}`);
    const about = page.getByRole('region', { name: 'About the job' });
    await expect(about).toContainText(job.short_description);
    await expect(about.getByRole('heading', { name: 'The role' })).toBeVisible();
    // Its tasks, its requirements and what it offers, at least.
    expect(await about.locator('h3 + ul').count()).toBeGreaterThanOrEqual(3);

    const company = page.getByRole('region', { name: 'The company' });
    await expect(company).toContainText(job.company!);
    await expect(company).toContainText('Location');
    await expect(company).toContainText('Industry');
    const others = company.getByRole('link', { name: /^All \d+ open jobs at / });
    await expect(others).toHaveText(new RegExp(`at ${job.company!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
    const count = Number((await others.textContent())!.match(/\d+/)![0]);
    expect(count).toBeGreaterThan(1);

    const similar = page.getByRole('region', { name: 'Similar jobs' }).getByRole('article');
    await expect(similar.first()).toBeVisible();
    expect(await similar.count()).toBeLessThanOrEqual(4);
    const links = await similar.getByRole('link').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(links.every((href) => /^\/jobs\/all\/specs\/\w+$/.test(href!) && !href!.endsWith(job.id))).toBe(true);

    // The company's link leads to the board's search by its name, which finds as many.
    await others.click();
    await expect(page).toHaveURL(/\/jobs\/all\?q=/);
    expect(await totalOf(page)).toBe(count);
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

    const sitemap = await sitemapText(async (path) => (await request.get(path)).text());
    // Each job once per locale.
    expect(new Set(sitemap.match(/\/jobs\/all\/specs\/\w+<\/loc>/g)).size).toBe(300);
    expect(sitemap.match(/<loc>[^<]*\/jobs\/all\/specs\/\w+<\/loc>/g)!.length).toBe(1500);
    expect(sitemap).toContain('hreflang="es"');
  });
});

test.describe('results first', () => {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1366, height: 900 },
  ]) {
    test(`the first job card is whole above the fold at ${viewport.width}x${viewport.height}`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto('/jobs/all');
      const box = (await cards(page).first().boundingBox())!;
      expect(box.y).toBeGreaterThan(0);
      expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
    });
  }

  test('on a 375 px phone the board and its search fit the screen in every language', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    for (const prefix of ['', '/sp', '/fr', '/de', '/it']) {
      await page.goto(`${prefix}/jobs/all`);
      const search = page.getByRole('search');
      await expect(search).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), prefix || '/').toBeLessThanOrEqual(375);
      const box = (await search.boundingBox())!;
      expect(box.x + box.width, prefix || '/').toBeLessThanOrEqual(375);
    }
  });

  test('on a 390 px phone the search box shows its whole placeholder in every language', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    for (const prefix of ['', '/sp', '/fr', '/de', '/it']) {
      await page.goto(`${prefix}/jobs/all`);
      const box = page.getByRole('search').getByRole('searchbox');
      // The placeholder written into the box as its text: the box scrolls when it does not fit
      // the room inside its padding and the clear button's place, which the placeholder has too.
      const fit = await box.evaluate((input: HTMLInputElement) => {
        input.value = input.placeholder;
        const widths = { placeholder: input.placeholder, text: input.scrollWidth, room: input.clientWidth };
        input.value = '';
        return widths;
      });
      expect(fit.placeholder, prefix || '/').not.toBe('');
      expect(fit.text, `${prefix || '/'}: "${fit.placeholder}"`).toBeLessThanOrEqual(fit.room);
    }
  });

  test('on a phone the filters wait behind a "Filters" button that counts them; Escape closes it', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/jobs/all?contract_type=freelance&remote_work_allowance=fullremote');
    const button = page.getByRole('button', { name: 'Filters (2)' });
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByLabel('Remote work')).toBeHidden();
    // The keyboard opens it, Escape closes it and gives focus back to the button.
    // (Again until the page's script has loaded: a press before that does nothing.)
    await expect(async () => {
      await button.focus();
      await page.keyboard.press('Enter');
      await expect(button).toHaveAttribute('aria-expanded', 'true', { timeout: 1000 });
    }).toPass();
    await expect(page.getByLabel('Remote work')).toHaveValue('fullremote');
    await page.getByLabel('Remote work').focus();
    await page.keyboard.press('Escape');
    await expect(page.getByLabel('Remote work')).toBeHidden();
    await expect(button).toBeFocused();
    // A search from the panel closes it, and the button counts the new filters.
    await button.click();
    await page.getByLabel('Schedule').selectOption('fulltime');
    await page.getByRole('button', { name: 'Show results' }).click();
    await expect(page).toHaveURL(/work_schedule_type=fulltime/);
    await expect(page.getByRole('button', { name: 'Filters (3)' })).toHaveAttribute('aria-expanded', 'false');
    await expect(cards(page).first()).toBeInViewport();
  });

  test('the job alert box comes after the results', async ({ page }) => {
    await page.goto('/jobs/all');
    const alertTop = (await page.getByRole('button', { name: 'Notify me' }).boundingBox())!.y;
    const lastCard = (await cards(page).last().boundingBox())!;
    expect(alertTop).toBeGreaterThan(lastCard.y + lastCard.height);
  });
});

test.describe('numbers and money in the visitor’s terms', () => {
  // The limits converted at the filter's rates, said in round thousands.
  const money = (locale: string, currency: string, usd: number, rate: number) =>
    new Intl.NumberFormat(locale, { style: 'currency', currency, maximumFractionDigits: 0 }).format(Math.round(usd / rate / 1000) * 1000);

  test('the salary filter speaks euros, and Swiss francs on the Swiss board', async ({ page }) => {
    await page.goto('/jobs/all');
    const options = page.getByLabel('Salary').locator('option');
    await expect(options).toHaveText([
      'Any',
      `Under ${money('en', 'EUR', 50_000, 1.08)} a year`,
      `${money('en', 'EUR', 50_000, 1.08)} to ${money('en', 'EUR', 100_000, 1.08)} a year`,
      `Over ${money('en', 'EUR', 100_000, 1.08)} a year`,
    ]);
    expect(await options.allTextContents()).not.toContainEqual(expect.stringContaining('$'));

    await page.goto('/de/jobs/swisstechjobs');
    await expect(page.getByLabel('Gehalt').locator('option')).toHaveText([
      'Beliebig',
      `Unter ${money('de', 'CHF', 50_000, 1.13)} im Jahr`,
      `${money('de', 'CHF', 50_000, 1.13)} bis ${money('de', 'CHF', 100_000, 1.13)} im Jahr`,
      `Über ${money('de', 'CHF', 100_000, 1.13)} im Jahr`,
    ]);
    expect(money('de', 'CHF', 50_000, 1.13)).toMatch(/^44\.000\sCHF$/);
  });

  test('counts are written the German way on the German board', async ({ page }) => {
    let capped = false;
    await page.route(
      (url) => url.pathname === '/rest/jobs/search' && url.searchParams.get('count') === 'true',
      (route) => route.fulfill({ json: capped ? { Count: 1000, Capped: true } : { Count: 1234, Capped: false } }),
    );
    await page.goto('/de/jobs/all?contract_type=permanent');
    await expect(status(page)).toHaveText('20 von 1.234 Ergebnissen werden angezeigt');
    await expect(page.getByText('Seite 1 von 62')).toBeVisible();
    capped = true;
    await page.goto('/de/jobs/all?contract_type=freelance');
    await expect(status(page)).toHaveText('20 von über 1.000 Ergebnissen werden angezeigt');
  });
});

test.describe('job cards', () => {
  test('one link each, an initial in a circle, salary and remote work first, and no gaps without a company', async ({ page, request }) => {
    const { items } = (await (await request.post('/rest/jobs/search?pageSize=20', { data: {} })).json()) as {
      items: { company: string | null; position: string }[];
    };
    expect(items.some((j) => !j.company)).toBe(true);
    await page.goto('/jobs/all');
    await expect(cards(page)).toHaveCount(20);
    const colours = new Map<string, string>();
    for (const [i, job] of items.entries()) {
      const card = cards(page).nth(i);
      // One link, in the heading, to the job's page.
      await expect(card.getByRole('link')).toHaveCount(1);
      await expect(card.getByRole('heading', { level: 2 }).getByRole('link')).toHaveAttribute('href', /^\/jobs\/all\/specs\/\w+$/);
      await expect(card.getByRole('heading', { level: 2 })).toContainText(job.position);
      const avatar = card.getByTestId('company-avatar');
      if (job.company) {
        await expect(avatar).toHaveText(job.company[0]!);
        await expect(card).toContainText(job.company);
        const colour = await avatar.evaluate((el) => getComputedStyle(el).backgroundColor);
        // The same company, the same colour, on every card.
        expect(colours.get(job.company) ?? colour).toBe(colour);
        colours.set(job.company, colour);
      } else {
        await expect(card).toContainText('Company not disclosed');
      }
      // Salary and remote work come first, as chips, before the description.
      const chips = card.getByTestId('job-chips');
      await expect(chips).toContainText(/Remote|remote/);
      await expect(chips).toContainText(/\d|Salary not stated/);
    }
    expect(new Set(colours.values()).size).toBeGreaterThan(1);
  });

  test('say how remote a job is when it is not fully remote, apart from the fully remote ones', async ({ page }) => {
    await page.goto('/jobs/all');
    const chips = cards(page).getByTestId('job-chips').locator('[data-remote]');
    const remote = await chips.evaluateAll((els) =>
      els.map((el) => ({ value: el.getAttribute('data-remote'), text: el.textContent, colour: getComputedStyle(el).backgroundColor })),
    );
    const full = remote.filter((r) => r.value === 'fullremote');
    const hybrid = remote.filter((r) => r.value !== 'fullremote' && r.value !== 'todiscuss');
    expect(full.length).toBeGreaterThan(0);
    expect(hybrid.length).toBeGreaterThan(0);
    for (const r of full) expect(r.text).toBe('Remote work: Fully remote');
    for (const r of hybrid) expect(r.text).toMatch(/^Remote work: Hybrid: \d remote days? a week$/);
    for (const r of remote.filter((r) => r.value !== 'fullremote')) expect(r.colour).not.toBe(full[0]!.colour);

    await page.goto('/de/jobs/all?remote_work_allowance=twodays');
    await expect(cards(page).first().getByTestId('job-chips')).toContainText('Hybrid: 2 Tage pro Woche remote');
  });
});

test.describe('job places', () => {
  test("are in the visitor's language, on the server's first page and on the pages the browser fetches", async ({ page, request }) => {
    const search = async (after: string | null) =>
      (await (await request.post('/rest/jobs/search?pageSize=20&locale=de', { data: { lastEvaluatedKey: after } })).json()) as {
        items: { client_location: string | null; client_location_formatted: string | null }[];
        lastEvaluatedKey: string | null;
      };
    const first = await search(null);
    const second = await search(first.lastEvaluatedKey);
    for (const { items } of [first, second]) {
      // The demo jobs are in Spain and Switzerland, written in English: named the German way.
      expect(items.some((j) => /Spanien|Schweiz/.test(j.client_location_formatted ?? ''))).toBe(true);
      expect(items.every((j) => !j.client_location_formatted?.includes('Spain'))).toBe(true);
    }
    await page.goto('/de/jobs/all');
    for (const [i, job] of first.items.entries())
      if (job.client_location_formatted)
        await expect(cards(page).nth(i).getByTestId('job-chips')).toContainText(job.client_location_formatted);
    await page.getByRole('link', { name: 'Nächste Seite' }).click();
    await expect(page).toHaveURL(/page=2&after=/);
    await expect(cards(page)).toHaveCount(second.items.length);
    for (const [i, job] of second.items.entries())
      if (job.client_location_formatted)
        await expect(cards(page).nth(i).getByTestId('job-chips')).toContainText(job.client_location_formatted);
  });
});

test.describe('pager on a phone', () => {
  for (const prefix of ['', '/sp', '/fr', '/de', '/it']) {
    test(`the page count sits above the links, and no label wraps (${prefix || '/'})`, async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`${prefix}/jobs/all`);
      const pager = page.locator('#job-results nav');
      const count = (await pager.getByTestId('page-count').boundingBox())!;
      for (const link of await pager.locator('a, span[aria-disabled]').all()) {
        const box = (await link.boundingBox())!;
        expect(box.y).toBeGreaterThan(count.y + count.height - 1);
        // One line of text (20 px) and its padding: a second line would make it 56 px high.
        expect(box.height).toBeLessThan(45);
        expect(box.x + box.width).toBeLessThanOrEqual(390);
      }
    });
  }
});

test.describe('from the board to a job and back', () => {
  test('"Back to the job board" returns to the same search and page', async ({ page }) => {
    await page.goto('/jobs/all?contract_type=permanent');
    await expect(page.getByText('Page 1 of')).toBeVisible();
    await page.getByRole('link', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/page=2&after=/);
    await expect(page.getByText(/^Page 2 of/)).toBeVisible();
    const board = page.url();
    const title = (await cards(page).first().getByRole('heading', { level: 2 }).textContent())!;
    await cards(page).first().getByRole('heading', { level: 2 }).getByRole('link').click();
    await expect(page).toHaveURL(/\/jobs\/all\/specs\/\w+/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(title).toContain(await page.getByRole('heading', { level: 1 }).textContent());
    await page.getByRole('link', { name: 'Back to the job board' }).click();
    await expect(page).toHaveURL(board);
    await expect(page.getByText(/^Page 2 of/)).toBeVisible();
    await expect(page.getByLabel('Contract')).toHaveValue('permanent');

    // Also from a job page opened straight from its address (a shared link, a reload).
    await page.goto('/sp/jobs/all');
    const href = await cards(page).first().getByRole('link').getAttribute('href');
    await page.goto(`${href}?q=react&industry=finance`);
    const back = page.getByRole('link', { name: 'Volver a la bolsa de empleo' });
    await expect(back).toHaveAttribute('href', /\?q=react&industry=finance$/);
    await back.click();
    await expect(page).toHaveURL(/\/sp\/jobs\/all\?q=react&industry=finance$/);
  });
});
