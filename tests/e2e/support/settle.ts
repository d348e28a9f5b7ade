import type {Page} from 'playwright-core';

/**
 * Waits until the page has finished its client render. Pages with a hydration
 * mismatch (React #418, seen on docs pages of this build; not caused by
 * search) render again after hydration, and a shortcut pressed during that
 * second render is lost.
 */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50))));
}
