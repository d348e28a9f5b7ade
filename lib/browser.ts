/**
 * Debian's Chromium driven by playwright-core (no browser download), plus the
 * bookkeeping every browser test needs: which requests left the site's origin
 * and which console errors or CSP violations happened.
 */
import {chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page} from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_BIN ?? '/usr/bin/chromium';

export const DESKTOP = {width: 1280, height: 800};
export const PHONE = {width: 390, height: 844};

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

export type Watched = {
  page: Page;
  context: BrowserContext;
  /** Every URL requested by any page in the context that is not on the site's origin. */
  offOrigin: string[];
  consoleErrors: string[];
  pageErrors: string[];
};

export async function openContext(browser: Browser, baseUrl: string, options: BrowserContextOptions = {}): Promise<Watched> {
  const context = await browser.newContext({viewport: DESKTOP, ...options});
  const origin = new URL(baseUrl).origin;
  const watched: Watched = {page: undefined as unknown as Page, context, offOrigin: [], consoleErrors: [], pageErrors: []};
  context.on('request', (request) => {
    const url = request.url();
    if (url.startsWith('data:') || url.startsWith('blob:')) return;
    if (new URL(url).origin !== origin) watched.offOrigin.push(url);
  });
  // Never let a stray request reach the network: the machine has none, and a
  // docs site must not need one.
  await context.route(
    (url) => url.origin !== origin && url.protocol.startsWith('http'),
    (route) => route.abort('blockedbyclient'),
  );
  const track = (page: Page) => {
    page.on('console', (message) => {
      if (message.type() === 'error') watched.consoleErrors.push(message.text());
    });
    page.on('pageerror', (error) => watched.pageErrors.push(String(error)));
  };
  context.on('page', track);
  watched.page = await context.newPage();
  return watched;
}

/**
 * Waits until React has hydrated the whole page and run its effects, so
 * client-side behaviour (shortcuts, toggles) is live. Hydration completes
 * children first: once the root's last element carries React's fiber key the
 * page has been claimed; the two frames after that let passive effects run.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const last = document.getElementById('__docusaurus')?.lastElementChild;
    return Boolean(last && Object.keys(last).some((key) => key.startsWith('__reactFiber')));
  });
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

export async function goto(page: Page, url: string): Promise<void> {
  await page.goto(url, {waitUntil: 'load'});
  await waitForHydration(page);
}

/**
 * Waits until the page has nothing left to load (lazy chunks, prefetches) and
 * has painted once more, so a shortcut or click is not handled mid-update.
 */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50))));
}
