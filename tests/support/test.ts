import { test as base, type Page } from '@playwright/test';

export * from '@playwright/test';

/**
 * After a navigation, until React has hydrated the page's shell (content in a Suspense boundary
 * may follow). A public page asks for its scripts only once it has painted (decision 042), so its
 * `load` event, which Playwright waits for, comes before they run; a test would otherwise press
 * controls that do nothing yet. A page without the site's scripts is ready at once; one whose
 * scripts were asked for but cannot run (a test takes them away) after the wait. A page whose
 * scripts were never even asked for fails the test: the loader did not run.
 */
async function untilPageHydrated(page: Page) {
  const waited = await page
    .waitForFunction(
      () =>
        !document.querySelector('script[type="text/x-after-paint"]') &&
        (!document.querySelector('script[src*="/_next/static/chunks/"]') ||
          Object.keys(document.body ?? {}).some((key) => key.startsWith('__reactProps'))),
      undefined,
      { timeout: 10_000 },
    )
    .then(
      () => true,
      () => false,
    );
  if (!waited && (await page.locator('script[type="text/x-after-paint"]').count()) > 0)
    throw new Error(`${page.url()}: the page never asked for its scripts`);
}

/** The page's goto, reload, goBack and goForward return once the page they land on is hydrated. */
export function hydratingNavigations(page: Page): Page {
  for (const name of ['goto', 'reload', 'goBack', 'goForward'] as const) {
    const navigate = page[name].bind(page) as (...args: unknown[]) => Promise<unknown>;
    Object.assign(page, {
      [name]: async (...args: unknown[]) => {
        const response = await navigate(...args);
        await untilPageHydrated(page);
        return response;
      },
    });
  }
  return page;
}

/**
 * Playwright's test, whose pages (the `page` fixture and any other of its context) hydrate before a
 * navigation returns, and whose every context (the fixture's and `browser.newContext()`'s) runs on
 * Playwright's clock from its first page on: time flows as usual, and a test can move it on
 * (`likeAPerson`) instead of waiting.
 */
export const test = base.extend<object, object>({
  browser: [
    async ({ browser }, provide) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...args) => {
        const context = await newContext(...args);
        await context.clock.install();
        return context;
      };
      await provide(browser);
    },
    { scope: 'worker' },
  ],
  context: async ({ context }, provide) => {
    context.on('page', hydratingNavigations);
    await provide(context);
  },
});
