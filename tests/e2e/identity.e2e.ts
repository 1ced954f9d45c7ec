import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '../support/test';
import { officeMember } from '../support/e2e-office-member';

// The brand and the proof on the home and about pages, in every language: the texts come from the
// content files, so an editor's change does not break the test, while a section that goes missing does.

const locales = [
  { locale: 'en', prefix: '' },
  { locale: 'es', prefix: '/sp' },
  { locale: 'fr', prefix: '/fr' },
  { locale: 'de', prefix: '/de' },
  { locale: 'it', prefix: '/it' },
] as const;

type Home = {
  clients: { exampleNote: string };
  testimonials: { items: { quote: string; name: string }[] };
};
/** The release's case studies in a locale, by id, in their places on the home page. */
type CaseStudies = Record<string, { title: string; figures: { value: string }[] }>;
type About = { team: { members: { name: string }[] }; advisors: { people: { name: string }[] }; partners: { exampleNote: string } };
const content = <T>(page: string, locale: string): T =>
  JSON.parse(readFileSync(path.join(import.meta.dirname, '../../content', page, `${locale}.json`), 'utf8')) as T;
const messages = (locale: string) =>
  JSON.parse(readFileSync(path.join(import.meta.dirname, '../../messages', `${locale}.json`), 'utf8')) as { Header: { homeLabel: string } };

test('the logo is in the header and takes the visitor home, in their language', async ({ page }) => {
  await page.goto('/it/about');
  const home = page.getByRole('banner').getByRole('link', { name: messages('it').Header.homeLabel.replace('{siteName}', 'Acme Digital') });
  await expect(home.locator('svg[data-logo-mark]')).toBeVisible();
  await expect(home).toContainText('Acme Digital');
  await expect(home).toHaveAttribute('href', '/it');
  await home.click();
  await expect(page).toHaveURL(/\/it$/);
});

for (const { locale, prefix } of locales) {
  test(`the home page shows the case studies, the example clients and the testimonials (${locale})`, async ({ page }) => {
    const home = content<Home>('home', locale);
    await page.goto(prefix || '/');
    const studies = page.locator('article[data-case-study]');
    await expect(studies).toHaveCount(3);
    for (const [i, study] of Object.values(content<CaseStudies>('case-studies', locale)).entries()) {
      await expect(studies.nth(i).getByRole('heading', { name: study.title })).toBeVisible();
      for (const figure of study.figures) await expect(studies.nth(i)).toContainText(figure.value);
    }
    await expect(page.getByTestId('example-clients')).toHaveText(home.clients.exampleNote);
    const quotes = page.locator('figure[data-testimonial]');
    await expect(quotes).toHaveCount(home.testimonials.items.length);
    for (const [i, quote] of home.testimonials.items.entries()) {
      await expect(quotes.nth(i)).toContainText(quote.quote);
      await expect(quotes.nth(i)).toContainText(quote.name);
    }
    // The quote request still closes the page.
    await expect(page.locator('main form').last()).toBeVisible();
  });
}

// In this file, after the tests above, which read the home page's case studies in their places.
test('marketing puts another case study first on the home page; the one there leaves it, the others keep their places', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const { page, context } = await officeMember(browser, 'marketing');
  const origin = new URL(page.url()).origin;
  await page.goto('/office/content/case-study-logistics-data?locale=en');
  await page.getByLabel('Place').selectOption({ label: 'Home page, place 1' });
  await page.getByRole('button', { name: 'Save place' }).click();
  const order = async () => [...(await (await request.get('/')).text()).matchAll(/data-case-study="([^"]+)"/g)].map((m) => m[1]);
  await expect.poll(order, { timeout: 15_000 }).toEqual(['logistics-data', 'retail-checkout']);
  // Back as the release has them.
  for (const [id, homeRank] of [
    ['online-bank-payments', 1],
    ['logistics-data', 3],
  ] as const) {
    const res = await page.request.put(`/rest/office/case-studies/${id}/home`, { data: { homeRank }, headers: { origin } });
    expect(res.status()).toBe(200);
  }
  await expect.poll(order, { timeout: 15_000 }).toEqual(['online-bank-payments', 'retail-checkout', 'logistics-data']);
  await context.close();
});

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
]) {
  test(`case study figures stay inside their third of the card (${viewport.width} px, every language)`, async ({ page }) => {
    await page.setViewportSize(viewport);
    for (const { prefix } of locales) {
      await page.goto(prefix || '/');
      for (const study of await page.locator('article[data-case-study]').all()) {
        const figures = await study.locator('dl > div').evaluateAll((divs) =>
          divs.map((div) => {
            const box = div.getBoundingClientRect();
            // The widest line of the value and of the label, however they wrap.
            const widest = [...div.children].map((el) => {
              const range = document.createRange();
              range.selectNodeContents(el);
              return Math.max(...[...range.getClientRects()].map((r) => r.right));
            });
            return { left: box.left, right: box.right, textRight: Math.max(...widest), text: div.textContent };
          }),
        );
        expect(figures).toHaveLength(3);
        for (const [i, f] of figures.entries()) {
          expect(f.textRight, `${prefix || '/'}: ${f.text}`).toBeLessThanOrEqual(f.right + 0.5);
          if (i > 0) expect(figures[i - 1]!.right, `${prefix || '/'}: ${f.text}`).toBeLessThanOrEqual(f.left);
        }
      }
    }
  });
}

test("advisors' bio buttons are alike on a phone, and say the name as French writes it", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/fr/about');
  await expect(page.getByRole('button', { name: 'En savoir plus sur Ana Sousa' })).toBeVisible();
  const widths = await page
    .locator('button[aria-haspopup="dialog"]')
    .evaluateAll((buttons) => buttons.map((b) => b.getBoundingClientRect().width));
  expect(widths).toHaveLength(6);
  expect(new Set(widths.map(Math.round)).size).toBe(1);
});

test('the about page shows a portrait for every team member and advisor, and example partner badges', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const about = content<About>('about', 'de');
  await page.goto('/de/about');
  for (const person of [...about.team.members, ...about.advisors.people]) {
    const avatar = page.locator(`svg[data-avatar="${person.name}"]`);
    await expect(avatar).toBeVisible();
    const initials = person.name
      .split(' ')
      .map((w) => w[0])
      .filter((_, i, all) => i === 0 || i === all.length - 1)
      .join('');
    await expect(avatar).toHaveText(initials);
  }
  await expect(page.locator('[data-partner-badge]')).not.toHaveCount(0);
  await expect(page.getByTestId('example-partners')).toHaveText(about.partners.exampleNote);
});
