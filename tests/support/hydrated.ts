import { expect, type Locator } from '@playwright/test';

/**
 * Waits until React has hydrated the element (its event handlers are attached). A click or key
 * press on a React control before that does nothing, and a test would wait for what never comes.
 */
export async function untilHydrated(locator: Locator) {
  await expect.poll(() => locator.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactProps')))).toBe(true);
}
