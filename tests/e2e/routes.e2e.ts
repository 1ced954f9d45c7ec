import { htmlErrors } from '../support/html-check';
import { expect, request as http, test, type APIRequestContext } from '../support/test';
import { sitemapText } from '../support/sitemap';

// The spec's route table (docs/routes.md), in every locale: each address answers with its page,
// or with a redirect to the documented current address. Nothing answers 404 or 500.

const prefixes = { en: '', es: '/sp', fr: '/fr', de: '/de', it: '/it' } as const;
const htmlLang = { en: 'en', es: 'es', fr: 'fr', de: 'de', it: 'it' } as const;

type Row = { route: string; path: string; redirect?: string };

async function routeTable(request: APIRequestContext): Promise<Row[]> {
  const search = await request.post('/rest/jobs/search?pageSize=50', { data: { search: { dashboard: 'all' } } });
  const jobs = (await search.json()).items as { id: string; apply_url: string | null }[];
  const job = jobs.find((j) => !j.apply_url)!.id;
  return [
    { route: '/', path: '/' },
    { route: '/about', path: '/about' },
    { route: '/add', path: '/add' },
    { route: '/careers', path: '/careers' },
    { route: '/checkout', path: '/checkout' },
    { route: '/checkout/success', path: '/checkout/success' },
    { route: '/contact', path: '/contact' },
    { route: '/education', path: '/education' },
    { route: '/education/{id}/register', path: '/education/online-01-fs/register' },
    { route: '/education/{id}/specs', path: '/education/online-01-fs/specs' },
    // The demo course has no external form: its typeform address leads to our own registration.
    {
      route: '/education/{id}/register/index_typeform',
      path: '/education/online-01-fs/register/index_typeform',
      redirect: '/education/online-01-fs/register',
    },
    { route: '/feedback', path: '/feedback' },
    { route: '/jobs', path: '/jobs', redirect: '/jobs/all' },
    { route: '/jobs/index_', path: '/jobs/index_', redirect: '/jobs/all' },
    { route: '/jobs/{dashboard}', path: '/jobs/all' },
    { route: '/jobs/{dashboard}', path: '/jobs/spaintechjobs' },
    { route: '/jobs/{dashboard}/apply/{id}', path: `/jobs/all/apply/${job}` },
    { route: '/jobs/{dashboard}/apply (no id)', path: '/jobs/frontendjobs/apply', redirect: '/jobs/frontendjobs' },
    { route: '/jobs/{dashboard}/specs/{id}', path: `/jobs/all/specs/${job}` },
    { route: '/jobs/{dashboard}/specs (no id)', path: '/jobs/all/specs', redirect: '/jobs/all' },
    { route: '/jobs/{dashboard}/specs/specData', path: '/jobs/swisstechjobs/specs/specData', redirect: '/jobs/swisstechjobs' },
    { route: '/jobs/specs/{id}', path: `/jobs/specs/${job}`, redirect: `/jobs/all/specs/${job}` },
    { route: '/jobs/apply/{id}', path: `/jobs/apply/${job}`, redirect: `/jobs/all/apply/${job}` },
    { route: '/privacy-policy', path: '/privacy-policy' },
    { route: '/process', path: '/process' },
    { route: '/products', path: '/products' },
    { route: '/products/amazonsaasboost', path: '/products/amazonsaasboost' },
    { route: '/products/demodph_', path: '/products/demodph_' },
    { route: '/services', path: '/services' },
    { route: '/training', path: '/training' },
    { route: '/verifyerror', path: '/verifyerror' },
    { route: '/verifysuccess', path: '/verifysuccess' },
    // The link of the sign-up mail opens a page whose button confirms.
    { route: '/user/{id}/email/actions/verifyemail', path: '/user/nobody%40example.com/email/actions/verifyemail?code=000000' },
    {
      route: '/user/{id}/email/actions/verifyemail/actions',
      path: '/user/nobody%40example.com/email/actions/verifyemail/actions?code=000000',
    },
    // Linked from the header and footer, outside the spec's table.
    { route: '/demo', path: '/demo' },
    { route: '/terms', path: '/terms' },
    { route: '/cookies', path: '/cookies' },
    { route: '/case-studies', path: '/case-studies' },
    { route: '/case-studies/{slug}', path: '/case-studies/retail-checkout' },
  ];
}

test('every route of the route table answers in every locale, with its page or its documented redirect', async ({ request, baseURL }) => {
  test.setTimeout(120_000);
  const rows = await routeTable(request);
  const failures: string[] = [];
  for (const [locale, prefix] of Object.entries(prefixes) as [keyof typeof prefixes, string][]) {
    // A visitor of this language only: the locale cookie another language would set stays out.
    const visitor = await http.newContext({ baseURL });
    for (const row of rows) {
      const url = row.path === '/' ? prefix || '/' : `${prefix}${row.path}`;
      const res = await visitor.get(url, { maxRedirects: 0 });
      if (row.redirect) {
        const location = new URL(res.headers().location ?? '', 'http://x').pathname;
        if (![307, 308].includes(res.status()) || location !== `${prefix}${row.redirect}`)
          failures.push(`${url}: ${res.status()} → ${location}, expected → ${prefix}${row.redirect}`);
        continue;
      }
      const html = res.status() === 200 ? await res.text() : '';
      if (res.status() !== 200) failures.push(`${url}: ${res.status()}`);
      else if (!html.includes(`<html lang="${htmlLang[locale]}"`)) failures.push(`${url}: not a ${locale} page`);
      else if (!/<h1[\s>]/.test(html)) failures.push(`${url}: no page heading`);
    }
    await visitor.dispose();
  }
  expect(failures).toEqual([]);
});

test('every page of the route table, in every locale, and the 404s are valid HTML (Nu HTML Checker)', async ({ request, baseURL }) => {
  test.setTimeout(180_000);
  const rows = (await routeTable(request)).filter((row) => !row.redirect);
  const pages = new Map<string, string>();
  for (const prefix of Object.values(prefixes)) {
    const visitor = await http.newContext({ baseURL });
    const paths = [...rows.map((row) => (row.path === '/' ? prefix || '/' : `${prefix}${row.path}`)), `${prefix}/jobs/all?q=react`];
    for (const url of [...paths, `${prefix}/no-such-page`, `${prefix}/jobs/all/specs/no-such-job`]) {
      pages.set(url, await (await visitor.get(url)).text());
    }
    await visitor.dispose();
  }
  expect(htmlErrors(pages)).toEqual([]);
});

test('each marketing page names its translations, its canonical address and a sharing image', async ({ request }) => {
  const res = await request.get('/fr/products/demodph_');
  const html = await res.text();
  expect(html).toMatch(/<link rel="canonical" href="http:\/\/localhost:\d+\/fr\/products\/demodph_"/);
  for (const [lang, href] of [
    ['x-default', '/products/demodph_'],
    ['en', '/products/demodph_'],
    ['es', '/sp/products/demodph_'],
    ['de', '/de/products/demodph_'],
    ['it', '/it/products/demodph_'],
  ]) {
    expect(html).toMatch(new RegExp(`<link rel="alternate" hrefLang="${lang}" href="http://localhost:\\d+${href}"`));
  }
  expect(html).toContain('<meta property="og:title" content="Demo DPH"');
  expect(html).toContain('<meta property="og:locale" content="fr_FR"');
  expect(html).toContain('<meta name="twitter:card" content="summary_large_image"');
  const image = /<meta property="og:image" content="http:\/\/localhost:\d+(\/og\/fr\/image\.png)"/.exec(html)![1]!;
  const png = await request.get(image);
  expect(png.headers()['content-type']).toBe('image/png');
  expect((await png.body()).subarray(1, 4).toString()).toBe('PNG');
});

test('every page of the sitemap, in every language, has its own title and description, its canonical address, its translations and sharing cards', async ({
  request,
}) => {
  // Some 150 pages, one after another.
  test.setTimeout(120_000);
  const xml = await sitemapText(async (path) => (await request.get(path)).text());
  const entries = [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map((m) => ({
    loc: /<loc>(.*?)<\/loc>/.exec(m[1]!)![1]!,
    alternates: [...m[1]!.matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)].map((a) => [a[1]!, a[2]!] as const),
  }));
  // Every page and its languages; of the board's many job pages, a few.
  const jobPage = (loc: string) => /\/jobs\/[^/]+\/specs\//.test(loc);
  const pages = [...entries.filter((e) => !jobPage(e.loc)), ...entries.filter((e) => jobPage(e.loc)).slice(0, 5)];
  expect(pages.length).toBeGreaterThan(100);
  // By path: the sitemap names the running server, prerendered pages the address they were built
  // for (a build made on another port is served as it is; their origin is checked above).
  const path = (url: string) => new URL(url).pathname.replace(/\/$/, '');
  const same = (a: string | undefined, b: string) => a !== undefined && path(a) === path(b);
  const failures: string[] = [];
  const titles = new Map<string, string>();
  for (const { loc, alternates } of pages) {
    // As a crawler asks: without the language cookie an earlier answer set (that would redirect).
    const res = await fetch(loc, { redirect: 'manual' });
    const html = await res.text();
    const head = html.slice(0, html.indexOf('</head>'));
    const tag = (re: RegExp) => re.exec(head)?.[1];
    const lang = /<html lang="([^"]+)"/.exec(html)?.[1];
    const title = tag(/<title>([^<]+)<\/title>/);
    if (res.status !== 200) failures.push(`${loc}: ${res.status}`);
    if (!title || !tag(/<meta name="description" content="([^"]+)"/)) failures.push(`${loc}: no title or description`);
    if (!same(tag(/<link rel="canonical" href="([^"]+)"/), loc)) failures.push(`${loc}: canonical is not itself`);
    // Each of the page's languages and x-default (a case study names only those it is written in).
    const xDefault = alternates.find(([hreflang]) => hreflang === 'x-default')?.[1];
    const languages = entries.filter((e) => e.alternates.some(([h, href]) => h === 'x-default' && href === xDefault)).length;
    if (!xDefault || alternates.length !== languages + 1 || (!loc.includes('/case-studies/') && languages !== 5))
      failures.push(`${loc}: ${alternates.length} alternates in the sitemap`);
    for (const [hreflang, href] of alternates) {
      if (!same(tag(new RegExp(`<link rel="alternate" hrefLang="${hreflang}" href="([^"]+)"`)), href))
        failures.push(`${loc}: hreflang ${hreflang} differs from the sitemap`);
    }
    if (!same(tag(/<meta property="og:url" content="([^"]+)"/), loc)) failures.push(`${loc}: og:url`);
    if (!tag(/<meta property="og:locale" content="([^"]+)"/)?.startsWith(lang ?? '?')) failures.push(`${loc}: og:locale is not ${lang}`);
    for (const property of ['og:title', 'og:description', 'og:image'])
      if (!tag(new RegExp(`<meta property="${property}" content="([^"]+)"`))) failures.push(`${loc}: no ${property}`);
    for (const name of ['twitter:card', 'twitter:title', 'twitter:image'])
      if (!tag(new RegExp(`<meta name="${name}" content="([^"]+)"`))) failures.push(`${loc}: no ${name}`);
    // Search results tell pages apart by their titles.
    const seen = titles.get(`${lang} ${title}`);
    if (seen) failures.push(`${loc}: the same title as ${seen}`);
    titles.set(`${lang} ${title}`, loc);
  }
  expect(failures).toEqual([]);
});

test('the home page describes the organization for search engines', async ({ request }) => {
  const html = await (await request.get('/sp')).text();
  const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1]!);
  expect(ld).toMatchObject({
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: 'Acme Digital',
    email: expect.stringContaining('@'),
  });
  // Profiles are listed once configured (SOCIAL_URL), never as placeholders; the address names the country in Spanish.
  expect(ld.sameAs).toEqual([]);
  expect(ld.address).toContain('España');
});

test('robots.txt, the web manifest, the icon and the sitemap', async ({ request }) => {
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain('Disallow: /rest/');
  expect(robots).toContain('Disallow: /office');
  expect(robots).toMatch(/Sitemap: http:\/\/localhost:\d+\/sitemap\.xml/);
  const manifest = await (await request.get('/manifest.webmanifest')).json();
  expect(manifest).toMatchObject({ name: 'Acme Digital', start_url: '/', display: 'standalone' });
  expect((await request.get(manifest.icons[0].src)).headers()['content-type']).toContain('image/svg+xml');

  // The sitemap is an index of its parts: the site's pages, then the jobs, a thousand addresses a part.
  const index = await request.get('/sitemap.xml');
  expect(index.headers()['content-type']).toContain('application/xml');
  const parts = [...(await index.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  expect(parts.length).toBeGreaterThanOrEqual(3);
  expect(parts).toEqual(['/sitemap/pages.xml', ...parts.slice(1).map((_, i) => `/sitemap/jobs-${i + 1}.xml`)]);
  for (const part of parts) {
    const res = await request.get(part);
    expect(res.headers()['content-type'], part).toContain('application/xml');
    const xml = await res.text();
    expect(xml, part).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">');
    const urls = xml.match(/<url>/g)?.length ?? 0;
    expect(urls, part).toBeGreaterThan(0);
    expect(urls, part).toBeLessThanOrEqual(1000);
    if (part !== '/sitemap/pages.xml') expect(xml.match(/<loc>[^<]*\/jobs\/all\/specs\/\w+<\/loc>/g)?.length, part).toBe(urls);
  }
  expect((await request.get('/sitemap/jobs-999.xml')).status()).toBe(404);
  const sitemap = await sitemapText(async (path) => (await request.get(path)).text());
  for (const path of ['/about', '/sp/about', '/fr/privacy-policy', '/de/products/amazonsaasboost', '/it/terms', '/sp/careers']) {
    expect(sitemap).toMatch(new RegExp(`<loc>http://localhost:\\d+${path}</loc>`));
  }
  expect(sitemap).toMatch(/hreflang="x-default" href="http:\/\/localhost:\d+\/about"/);
});

test('the products and each product page offer the free trial, in the visitor language', async ({ page }) => {
  for (const [path, button, href] of [
    ['/products', 'Start your free trial', '/add'],
    ['/sp/products/amazonsaasboost', 'Empieza tu prueba gratuita', '/sp/add'],
    ['/de/products/demodph_', 'Kostenlose Testphase starten', '/de/add'],
  ]) {
    await page.goto(path!);
    await expect(page.getByRole('link', { name: button })).toHaveAttribute('href', href!);
  }
  await page.goto('/it/products');
  await page.getByRole('link', { name: 'Scopri Demo DPH' }).click();
  await expect(page).toHaveURL(/\/it\/products\/demodph_$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Una piattaforma dati pronta in un giorno');
});

test('the privacy policy states the CV retention and the privacy contact in every language', async ({ page }) => {
  for (const [path, days] of [
    ['/privacy-policy', '365 days'],
    ['/sp/privacy-policy', '365 días'],
    ['/fr/privacy-policy', '365 jours'],
    ['/de/privacy-policy', '365 Tage'],
    ['/it/privacy-policy', '365 giorni'],
  ]) {
    await page.goto(path!);
    await expect(page.getByRole('main')).toContainText(days!);
    await expect(page.getByRole('main')).toContainText('privacy@acme-digital.example');
  }
});
