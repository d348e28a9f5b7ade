/**
 * A Chromium profile that blocks site data, as a reader's browser does with "Block all cookies"
 * (or strict privacy settings): localStorage and sessionStorage throw a SecurityError on access.
 * A real profile preference, not a script that fakes the error.
 */
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {chromium, type BrowserContext, type Page} from 'playwright-core';
import {CHROMIUM, DESKTOP} from '../../../lib/browser';

type BlockedStorage = {
  page: Page;
  context: BrowserContext;
  pageErrors: string[];
  offOrigin: string[];
  close: () => Promise<void>;
};

export async function openBlockedStorageProfile(baseUrl: string, viewport = DESKTOP): Promise<BlockedStorage> {
  const profile = mkdtempSync(path.join(os.tmpdir(), 'tower-docs-blocked-storage-'));
  mkdirSync(path.join(profile, 'Default'));
  // Content setting 2 = block: cookies and all site data, local storage included.
  writeFileSync(path.join(profile, 'Default', 'Preferences'), JSON.stringify({profile: {default_content_setting_values: {cookies: 2}}}));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
  const origin = new URL(baseUrl).origin;
  const watched: BlockedStorage = {
    context,
    page: context.pages()[0] ?? (await context.newPage()),
    pageErrors: [],
    offOrigin: [],
    close: async () => {
      await context.close();
      rmSync(profile, {recursive: true, force: true});
    },
  };
  context.on('request', (request) => {
    const url = request.url();
    if (/^https?:/.test(url) && new URL(url).origin !== origin) watched.offOrigin.push(url);
  });
  await context.route(
    (url) => url.origin !== origin && url.protocol.startsWith('http'),
    (route) => route.abort('blockedbyclient'),
  );
  watched.page.on('pageerror', (error) => watched.pageErrors.push(String(error)));
  return watched;
}

/** What the page gets when it touches localStorage: "ok", or the error's name. */
export function storageAccess(page: Page): Promise<string> {
  return page.evaluate(() => {
    try {
      window.localStorage.getItem('probe');
      return 'ok';
    } catch (error) {
      return (error as Error).name;
    }
  });
}
