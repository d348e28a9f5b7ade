/**
 * The site by keyboard alone: Tab order through the navbar, search opened
 * with Enter and with Ctrl+K, a result picked with the arrow keys, the colour
 * toggle, and the announcement bar's Close button. Nothing in this file uses
 * the mouse.
 */
import assert from 'node:assert/strict';
import {describe, test} from 'node:test';
import type {Page} from 'playwright-core';
import {LINKS} from '../../src/constants';
import {goto, openContext, type Watched, settle} from '../../lib/browser';
import {useSite} from './support/site';
import {headingOf} from './routes';

const site = useSite();

/** A short, readable description of the focused element. */
const FOCUSED = `(() => {
  const el = document.activeElement;
  if (!el || el === document.body) return 'body';
  const name = (el.getAttribute('aria-label') || el.textContent || '').replace(/\\s+/g, ' ').trim();
  const href = el.getAttribute('href');
  return el.tagName.toLowerCase() + ': ' + name + (href ? ' -> ' + href : '');
})()`;

const focused = (page: Page) => page.evaluate(FOCUSED) as Promise<string>;

/** Presses Tab until the focused element matches, and returns every stop on the way. */
async function tabUntil(page: Page, matches: (stop: string) => boolean, key = 'Tab', limit = 40): Promise<string[]> {
  const stops: string[] = [];
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press(key);
    const stop = await focused(page);
    stops.push(stop);
    if (matches(stop)) return stops;
  }
  throw new Error(`${key} never reached the wanted element; stops: ${stops.join(' | ')}`);
}

const isSearchButton = (stop: string) => /^button: Search\b/.test(stop);
const isColourToggle = (stop: string) => /^button: Switch between dark and light mode/.test(stop);

async function open(page: Page, path: string): Promise<void> {
  await goto(page, `${site.base}${path}`);
  await settle(page);
}

function finish(watched: Watched): Promise<void> {
  assert.deepEqual(watched.pageErrors, []);
  assert.deepEqual(watched.offOrigin, [], 'no request leaves the site');
  return watched.context.close();
}

describe('keyboard only', () => {
  test('Tab visits the navbar items in order', async () => {
    const watched = await openContext(site.browser, site.base);
    const {page} = watched;
    await open(page, '/');
    const stops = await tabUntil(page, isSearchButton);
    // The navbar's focusable elements as the DOM orders them.
    const inDom = (await page.evaluate(`Array.from(document.querySelectorAll('nav.navbar a[href], nav.navbar button'))
      .filter((el) => el.checkVisibility({visibilityProperty: true}) && el.tabIndex >= 0)
      .map((el) => {
        const name = (el.getAttribute('aria-label') || el.textContent || '').replace(/\\s+/g, ' ').trim();
        const href = el.getAttribute('href');
        return el.tagName.toLowerCase() + ': ' + name + (href ? ' -> ' + href : '');
      })`)) as string[];
    const firstNavbarStop = stops.indexOf(inDom[0]);
    assert.ok(firstNavbarStop >= 0, `Tab reaches the navbar: ${stops.join(' | ')}`);
    assert.deepEqual(stops.slice(firstNavbarStop), inDom, 'Tab follows the DOM order and skips nothing');
    // And that order is the one the reader expects.
    const wanted = [
      /^a: Documentation -> \/docs\/intro$/,
      /^a: Examples -> \/docs\/category\/examples$/,
      /^a: English\b/,
      new RegExp(`^a: Tower -> ${LINKS.mainSite}$`),
      new RegExp(`^a: Web app -> ${LINKS.webApp}$`),
      new RegExp(`^a: Blog -> ${LINKS.blog}$`),
      /^button: Switch between dark and light mode/,
      /^button: Search\b/,
    ];
    const positions = wanted.map((pattern) => stops.findIndex((stop) => pattern.test(stop)));
    assert.ok(
      positions.every((p) => p >= 0),
      `every item is reached: ${stops.join(' | ')}`,
    );
    assert.deepEqual(
      positions,
      [...positions].sort((a, b) => a - b),
      `in order: ${stops.join(' | ')}`,
    );
    assert.equal(positions.at(-1)! - positions[0], wanted.length - 1, 'with nothing else between them');
    await finish(watched);
  });

  test('Enter on the search button opens search; ArrowDown and Enter open a result', async () => {
    const watched = await openContext(site.browser, site.base);
    const {page} = watched;
    await open(page, '/');
    await page.evaluate('window.__sameDocument = true');
    await tabUntil(page, isSearchButton);
    await page.keyboard.press('Enter');
    await page.locator('.DocSearch-Modal').waitFor();
    assert.equal(await page.evaluate('document.activeElement.classList.contains("DocSearch-Input")'), true, 'focus is in the search field');
    await page.keyboard.type('environment variables');
    await page.waitForFunction(() => document.querySelectorAll('.DocSearch-Hit [data-url]').length >= 2);
    const SELECTED = `document.querySelector('.DocSearch-Hit[aria-selected="true"] [data-url]')?.getAttribute('data-url') ?? null`;
    // The Ask AI entry is selected first; ArrowDown moves to the first result.
    const first = await page.evaluate(SELECTED);
    await page.keyboard.press('ArrowDown');
    // A function, not a string: the site's CSP forbids eval, which string predicates need while polling.
    await page.waitForFunction(
      (before) => (document.querySelector('.DocSearch-Hit[aria-selected="true"] [data-url]')?.getAttribute('data-url') ?? null) !== before,
      first,
    );
    const href = (await page.evaluate(SELECTED)) as string;
    assert.ok(href?.startsWith('/docs/'), `ArrowDown selected a result: ${href}`);
    await page.keyboard.press('Enter');
    const [path, hash] = href.split('#');
    await page.waitForURL((url) => url.pathname === path && url.hash === (hash ? `#${hash}` : ''));
    await page.locator('.DocSearch-Modal').waitFor({state: 'detached'});
    await page.waitForFunction((h) => document.querySelector('article h1')?.textContent === h, headingOf(path));
    assert.equal(await page.evaluate('window.__sameDocument'), true, 'navigated inside the app');
    await finish(watched);
  });

  test('Ctrl+K opens search from anywhere, Escape closes it', async () => {
    const watched = await openContext(site.browser, site.base);
    const {page} = watched;
    await open(page, '/docs/intro');
    await page.keyboard.press('Control+k');
    await page.locator('.DocSearch-Modal').waitFor();
    await page.keyboard.type('schedule');
    await page.waitForFunction(() => document.querySelector('.DocSearch-Hit [data-url]') !== null);
    await page.keyboard.press('Escape');
    await page.locator('.DocSearch-Modal').waitFor({state: 'detached'});
    assert.ok(isSearchButton(await focused(page)), 'focus returns to the search button');
    await finish(watched);
  });

  test('Enter and Space on the colour toggle switch the colour mode', async () => {
    const watched = await openContext(site.browser, site.base, {colorScheme: 'light'});
    const {page} = watched;
    await open(page, '/');
    const theme = () => page.locator('html').getAttribute('data-theme');
    assert.equal(await theme(), 'light');
    await tabUntil(page, isColourToggle);
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    assert.match(await focused(page), /currently dark mode/, 'focus stays on the toggle, which names the new mode');
    await page.keyboard.press('Space'); // dark -> system, and the OS prefers light
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'light');
    assert.match(await focused(page), /system mode/);
    await page.keyboard.press('Space'); // system -> light
    assert.match(await focused(page), /currently light mode/);
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    await finish(watched);
  });

  test('the announcement bar closes from the keyboard', async () => {
    const watched = await openContext(site.browser, site.base);
    const {page} = watched;
    await open(page, '/');
    const bar = page.locator('.theme-announcement-bar');
    assert.equal(await bar.isVisible(), true);
    // From the navbar's first item back to the bar's Close button.
    await tabUntil(page, (stop) => /^a: Documentation\b/.test(stop));
    const back = await tabUntil(page, (stop) => stop === 'button: Close', 'Shift+Tab');
    assert.ok(back.length <= 3, `Close is just before the navbar: ${back.join(' | ')}`);
    await page.keyboard.press('Enter');
    await bar.waitFor({state: 'hidden'});
    assert.equal(await page.evaluate(() => localStorage.getItem('docusaurus.announcement.dismiss')), 'true');
    // The keyboard still works afterwards: Tab continues through the page.
    const next = await tabUntil(page, (stop) => /^a: Documentation\b/.test(stop));
    assert.ok(next.length <= 4, `Tab continues to the navbar: ${next.join(' | ')}`);
    await finish(watched);
  });
});
