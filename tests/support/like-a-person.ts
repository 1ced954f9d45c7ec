import type { Page } from '@playwright/test';

/**
 * People take a few seconds to fill a form; a form sent sooner is taken for a bot's (MIN_FILL_MS,
 * 3 s). The page's clock (installed on every test context, tests/support/test.ts) is moved on past
 * it instead of waiting it out.
 */
export const likeAPerson = (page: Page) => page.clock.fastForward(3200);
