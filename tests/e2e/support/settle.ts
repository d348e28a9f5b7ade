import type {Page} from 'playwright-core';

/**
 * Waits until the page has nothing left to load (lazy chunks, prefetches) and
 * has painted once more, so a shortcut or click is not handled mid-update.
 */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50))));
}
