import type { Page } from '@playwright/test';

/** People take a few seconds to fill a form; a form sent sooner is taken for a bot's (MIN_FILL_MS, 3 s). */
export const likeAPerson = (page: Page) => page.waitForTimeout(3200);
