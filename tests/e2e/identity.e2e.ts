import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';

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
  caseStudies: { items: { title: string; figures: { value: string }[] }[] };
  clients: { exampleNote: string };
  testimonials: { items: { quote: string; name: string }[] };
};
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
    for (const [i, study] of home.caseStudies.items.entries()) {
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
