import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { officeMember } from '../support/e2e-office-member';

// The marketing team edits the pages' copy in the office: a draft stays in the office, a publish
// is on the site at the next visit, in its language only, and an earlier version comes back as a
// draft to publish again.

// Each save, publish and restore is a call and a reload of the page's data: on the embedded
// database beside the other worker's sign-ins it may take longer than a look at the page.
const SLOW = 15_000;

const headingOf = async (request: APIRequestContext, url: string) => {
  const html = await (await request.get(url)).text();
  return html.match(/<h1[^>]*>([^<]*)<\/h1>/)?.[1];
};

/** Publish, then the question's own Publish: the status names the version that is live. */
async function publish(page: Page) {
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await page
    .getByRole('group', { name: /Publish this copy/ })
    .getByRole('button', { name: 'Publish' })
    .click();
  await expect(page.getByRole('status')).toHaveText(/^Published: version \d+ is live\.$/, { timeout: SLOW });
}

test('the marketing and legal pages are answered from the cache once rendered, and their route leads to their address', async ({
  request,
}) => {
  for (const url of ['/about', '/de/about', '/sp/products/amazonsaasboost', '/it/terms']) {
    const first = await request.get(url, { maxRedirects: 0 });
    expect(first.status(), url).toBe(200);
    await expect
      .poll(async () => (await request.get(url, { maxRedirects: 0 })).headers()['x-nextjs-cache'], { message: url, timeout: 30_000 })
      .toMatch(/^(HIT|STALE)$/);
  }
  const inner = await request.get('/de/copy/about', { maxRedirects: 0 });
  expect(inner.status()).toBe(307);
  expect(inner.headers().location).toBe('/de/about');
});

test('a marketing member changes the German about heading: a draft first, then live on /de/about alone, then restored', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const before = await headingOf(request, '/de/about');
  const english = await headingOf(request, '/about');
  expect(before).toBeTruthy();
  const changed = `Wer wir sind ${Date.now().toString(36)}`;

  const { page, context } = await officeMember(browser, 'marketing', { name: 'Mara Marketing' });
  await page.goto('/office/content');
  await page
    .getByRole('list', { name: 'About' })
    .getByRole('link', { name: /Deutsch/ })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'About: Deutsch' })).toBeVisible();
  const heading = page.getByLabel('Heading', { exact: true }).first();
  await expect(heading).toHaveValue(before!);
  await heading.fill(changed);
  await expect(page.getByRole('status')).toHaveText('Unsaved changes.');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('status')).toHaveText('Draft saved.', { timeout: SLOW });
  await expect(page.getByText(/You are editing the draft saved/)).toBeVisible({ timeout: SLOW });
  // The draft is the office's: the site still shows the published heading.
  expect(await headingOf(request, '/de/about')).toBe(before);
  // Its preview is the real page with the draft, for the office alone: never indexed or kept.
  const [preview] = await Promise.all([page.waitForEvent('popup'), page.getByRole('link', { name: 'Preview the saved draft' }).click()]);
  await expect(preview).toHaveURL(/\/de\/copy-preview\/about$/);
  await expect(preview.getByRole('heading', { level: 1 })).toHaveText(changed);
  await expect(preview.getByRole('complementary', { name: 'Preview' })).toContainText('visitors still see the published page');
  await expect(preview.getByRole('contentinfo')).toBeVisible();
  const previewed = await page.request.get('/de/copy-preview/about');
  expect(previewed.headers()['x-robots-tag']).toBe('noindex, nofollow');
  expect(previewed.headers()['cache-control']).toContain('no-store');
  expect(await previewed.text()).toMatch(/<meta name="robots" content="noindex, nofollow"\/?>/);
  expect((await request.get('/de/copy-preview/about')).status()).toBe(404);
  await preview.close();

  // A save the page's schema refuses names the field, and keeps the draft as it was.
  await heading.fill(' ');
  await page.getByRole('button', { name: 'Save draft' }).click();
  // (Next's route announcer is an alert too: the form's is the one that names the fields.)
  await expect(page.getByRole('alert').filter({ hasText: 'Some fields need your attention: 1 field below.' })).toBeVisible({
    timeout: SLOW,
  });
  await expect(heading).toHaveAccessibleDescription('Fill this in.');
  await heading.fill(changed);

  await publish(page);
  expect(await headingOf(request, '/de/about')).toBe(changed);
  expect(await headingOf(request, '/about')).toBe(english);

  // The history has the publish, by whom, with the field it changed; the version before it comes back as a draft.
  const history = page.getByRole('region', { name: 'History' });
  const latest = history.getByRole('listitem').first();
  await expect(latest).toContainText('by Mara Marketing', { timeout: SLOW });
  await expect(latest).toContainText('Changed: Heading');
  await history.getByRole('listitem').nth(1).getByRole('button', { name: 'Restore as draft' }).click();
  await history.getByRole('group').getByRole('button', { name: 'Restore as draft' }).click();
  await expect(heading).toHaveValue(before!, { timeout: SLOW });
  expect(await headingOf(request, '/de/about')).toBe(changed);
  await publish(page);
  expect(await headingOf(request, '/de/about')).toBe(before);

  // The list says when each page was last published, and by whom.
  await page.goto('/office/content');
  await expect(page.getByRole('list', { name: 'About' }).getByRole('link', { name: /Deutsch/ })).toContainText('by Mara Marketing');
  await context.close();
});

test('the home page is edited as the others: its German headline previewed, then live on /de alone, then put back', async ({
  browser,
  request,
  playwright,
  baseURL,
}) => {
  test.setTimeout(120_000);
  // '/' answers in the language a visitor chose before (decision 062): an English visitor of its own.
  const englishVisitor = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'accept-language': 'en' } });
  const before = await headingOf(request, '/de');
  const english = await headingOf(englishVisitor, '/');
  expect(before).toBeTruthy();
  const changed = `Software, die trägt ${Date.now().toString(36)}`;

  const { page, context } = await officeMember(browser, 'marketing', { name: 'Hanna Home' });
  await page.goto('/office/content/home?locale=de');
  await expect(page.getByRole('heading', { level: 1, name: 'Home page: Deutsch' })).toBeVisible();
  const headline = page.getByRole('group', { name: 'Hero' }).getByLabel('Title', { exact: true });
  await expect(headline).toHaveValue(before!);
  await headline.fill(changed);
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('status')).toHaveText('Draft saved.', { timeout: SLOW });

  const [preview] = await Promise.all([page.waitForEvent('popup'), page.getByRole('link', { name: 'Preview the saved draft' }).click()]);
  await expect(preview).toHaveURL(/\/de\/copy-preview\/home$/);
  await expect(preview.getByRole('heading', { level: 1 })).toHaveText(changed);
  await preview.close();
  expect(await headingOf(request, '/de')).toBe(before);

  await publish(page);
  await expect.poll(() => headingOf(request, '/de'), { timeout: 5_000 }).toBe(changed);
  expect(await headingOf(englishVisitor, '/')).toBe(english);

  await headline.fill(before!);
  await publish(page);
  await expect.poll(() => headingOf(request, '/de'), { timeout: 5_000 }).toBe(before);
  await context.close();
  await englishVisitor.dispose();
});

test('a draft scheduled a few seconds ahead goes live at its time; until then the editor says when and by whom', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const before = await headingOf(request, '/it/cookies');
  expect(before).toBeTruthy();
  const changed = `Cookie ${Date.now().toString(36)}`;
  // A time on the office's clock, as a member types it (Madrid).
  const madrid = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Madrid', dateStyle: 'short', timeStyle: 'medium' });

  const { page, context } = await officeMember(browser, 'marketing', { name: 'Sara Schedule' });
  await page.goto('/office/content/cookies?locale=it');
  const schedule = page.getByRole('region', { name: 'Publish later' });
  await expect(schedule).toContainText('Save a draft to publish it at a time you choose.');
  const heading = page.getByLabel('Heading', { exact: true }).first();
  await heading.fill(changed);
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('status')).toHaveText('Draft saved.', { timeout: SLOW });

  const when = schedule.getByLabel('Date and time (Madrid time)');
  await when.fill(madrid.format(new Date(Date.now() - 60_000)).replace(' ', 'T'));
  await schedule.getByRole('button', { name: 'Schedule publishing' }).click();
  await expect(when).toHaveAccessibleDescription('Choose a time in the future.', { timeout: SLOW });

  await when.fill(madrid.format(new Date(Date.now() + 5_000)).replace(' ', 'T'));
  await schedule.getByRole('button', { name: 'Schedule publishing' }).click();
  await expect(schedule).toContainText('as scheduled by Sara Schedule', { timeout: SLOW });
  expect(await headingOf(request, '/it/cookies')).toBe(before);
  // The queue publishes it at its time: the page shows it once it has.
  await expect.poll(() => headingOf(request, '/it/cookies'), { timeout: 30_000 }).toBe(changed);

  await page.reload();
  await expect(heading).toHaveValue(changed);
  await heading.fill(before!);
  await publish(page);
  await expect.poll(() => headingOf(request, '/it/cookies'), { timeout: 5_000 }).toBe(before);
  await context.close();
});
