/**
 * What a reader sees when things go wrong: a page's code that fails to load
 * during navigation (full reload), a page that crashes while rendering (the
 * crash page with Try again and the cause chain), and hostile or oversized
 * input in the query string and the hash.
 */
import assert from 'node:assert/strict';
import {describe, test} from 'node:test';
import type {Page, Request, Route} from 'playwright-core';
import {goto, openContext, type Watched, settle} from '../../lib/browser';
import {useSite} from './support/site';
import {headingOf} from './routes';
import {SEARCH} from '../../src/constants';

const FROM = '/docs/intro';
const TARGET = '/docs/concepts/apps';
const TARGET_SOURCE = '@site/docs/concepts/apps.md';

const site = useSite();

const isChunk = (url: URL) => url.pathname.startsWith('/assets/js/') && url.pathname.endsWith('.js');

/** The text of the page's H1 once it equals `heading` (fails after the timeout otherwise). */
async function waitForHeading(page: Page, heading: string): Promise<void> {
  await page.waitForFunction((h) => document.querySelector('main h1')?.textContent === h, heading);
}

/** A marker on the window: it survives client-side navigation and vanishes on a full page load. */
async function setMarker(page: Page): Promise<void> {
  await page.evaluate('window.__sameDocument = true');
}
async function hasMarker(page: Page): Promise<boolean> {
  return page.evaluate('window.__sameDocument === true') as Promise<boolean>;
}

describe('a route that fails to load during navigation', () => {
  test('makes the browser load the target page in full', async () => {
    const {page, context} = await openContext(site.browser, site.base);
    await goto(page, `${site.base}${FROM}`);
    await settle(page);

    // From now on every script chunk the page asks for fails, as after a
    // deploy that removed the old hashed files; the next document load ends it.
    let failing = true;
    const aborted: string[] = [];
    const documents: string[] = [];
    page.on('request', (request: Request) => {
      if (request.resourceType() === 'document' && request.frame() === page.mainFrame()) {
        documents.push(request.url());
        failing = false;
      }
    });
    await context.route(isChunk, (route: Route) => {
      if (!failing) return route.fallback();
      aborted.push(route.request().url());
      return route.abort('failed');
    });
    await setMarker(page);
    const loaded = page.waitForEvent('load');
    await page.locator(`.theme-doc-sidebar-container a[href="${TARGET}"]`).click();
    await loaded;
    await page.waitForURL(`${site.base}${TARGET}`);
    await waitForHeading(page, headingOf(TARGET));

    assert.ok(aborted.length > 0, 'the navigation asked for at least one chunk, and it failed');
    assert.deepEqual(documents, [`${site.base}${TARGET}`], 'exactly one full document load, of the target page');
    assert.equal(await hasMarker(page), false, 'the old document is gone: a full reload happened');
    // The reloaded page works: its chunks load and it navigates client-side again.
    await settle(page);
    await setMarker(page);
    await page.locator(`.theme-doc-sidebar-container a[href="${FROM}"]`).click();
    await page.waitForURL(`${site.base}${FROM}`);
    await waitForHeading(page, headingOf(FROM));
    assert.equal(await hasMarker(page), true, 'after the reload navigation is client-side again');
    await context.close();
  });
});

/**
 * The crash is produced without test code in the product: the browser receives
 * the target page's real content chunk, changed only so that its default export
 * (the rendered Markdown) throws an error with a cause while `window.__crash`
 * is true, and renders the real content once it is false.
 */
const CRASHING_COMPONENT = [
  'function(props){',
  'window.__crashRenders=(window.__crashRenders||0)+1;',
  'if(window.__crash!==false)throw new Error("outer",{cause:new Error("inner cause")});',
  'return ORIGINAL(props)}',
].join('');

async function crashContentOf(context: Watched['context'], source: string): Promise<string[]> {
  const replaced: string[] = [];
  await context.route(isChunk, async (route: Route) => {
    const response = await route.fetch();
    const body = await response.text();
    // The page's own metadata names its source file; neighbours only link to it.
    const exported = /default:\(\)=>([\w$]+)/.exec(body);
    if (!body.includes(`"source":"${source}"`) || !exported) return route.fulfill({response, body});
    replaced.push(route.request().url());
    const crashing = body.replace(exported[0], `default:()=>${CRASHING_COMPONENT.replace('ORIGINAL', exported[1])}`);
    return route.fulfill({response, body: crashing});
  });
  return replaced;
}

describe('a page that crashes while rendering', () => {
  test('shows "This page crashed." with Try again and the cause chain; Try again renders again', async () => {
    const {page, context, offOrigin} = await openContext(site.browser, site.base);
    const replaced = await crashContentOf(context, TARGET_SOURCE);
    await goto(page, `${site.base}${FROM}`);
    await settle(page);
    await setMarker(page);
    await page.locator(`.theme-doc-sidebar-container a[href="${TARGET}"]`).click();
    await page.waitForURL(`${site.base}${TARGET}`);

    const crashHeading = page.getByRole('heading', {level: 1, name: 'This page crashed.'});
    await crashHeading.waitFor();
    // Fetched once as a prefetch hint and once as the script itself.
    assert.equal(new Set(replaced).size, 1, `one chunk changed: the target's content (${replaced.join(', ')})`);
    assert.equal(await hasMarker(page), true, 'the crash happened during client-side navigation');
    const tryAgain = page.getByRole('button', {name: 'Try again'});
    assert.equal(await tryAgain.isVisible(), true);
    const details = await page.locator('main').innerText();
    // The error's message, then each cause in turn.
    assert.match(details, /\bouter\s+Cause:\s+inner cause\b/, `the cause chain in: ${details}`);
    assert.equal(await page.locator('nav.navbar').isVisible(), true, 'the navbar stays usable');
    assert.equal(await page.locator('article').count(), 0, 'no half-rendered article');

    // Try again while the fault persists: the page renders again and crashes again.
    const rendersBefore = (await page.evaluate('window.__crashRenders')) as number;
    await tryAgain.click();
    await page.waitForFunction((n) => ((window as Window & {__crashRenders?: number}).__crashRenders ?? 0) > n, rendersBefore);
    await crashHeading.waitFor();
    assert.match(await page.locator('main').innerText(), /inner cause/);

    // Once the fault is gone, Try again brings the page back without a reload.
    await page.evaluate('window.__crash = false');
    await tryAgain.click();
    await waitForHeading(page, headingOf(TARGET));
    assert.equal(await crashHeading.count(), 0, 'the crash page is gone');
    assert.ok((await page.locator('article h2').count()) > 0, 'the real content, sections and all, is back');
    assert.equal(await hasMarker(page), true, 'no page reload was needed');
    assert.deepEqual(offOrigin, []);
    await context.close();
  });
});

describe('hostile input', () => {
  const noStrayElements = (page: Page) =>
    page.evaluate(() => ({
      images: document.querySelectorAll('img[src="x"], img[onerror]').length,
      bold: Array.from(document.querySelectorAll('b')).filter((b) => b.textContent === 'bold').length,
      pwned: (window as Window & {__pwned?: number}).__pwned,
    }));

  function finish(watched: Watched): Promise<void> {
    assert.deepEqual(watched.pageErrors, [], 'no uncaught error in the page');
    assert.deepEqual(watched.offOrigin, []);
    return watched.context.close();
  }

  test('markup in the search query is shown as text, never as elements', async () => {
    const watched = await openContext(site.browser, site.base);
    const {page} = watched;
    const query = '<img src=x onerror="window.__pwned=1"><b>bold</b>';
    await goto(page, `${site.base}/search?q=${encodeURIComponent(query)}`);
    await settle(page);
    assert.equal(await page.locator('main h1').innerText(), `Search results for “${query}”`);
    assert.equal(await page.locator('main input[type="search"]').inputValue(), query);
    assert.deepEqual(await noStrayElements(page), {images: 0, bold: 0, pwned: undefined});
    // The same query typed by hand in the search modal.
    await page.keyboard.press('Control+k');
    await page.locator('.DocSearch-Modal').waitFor();
    await page.locator('.DocSearch-Input').fill(query);
    // The modal has answered the query: its results, or the screen that says there are none.
    await page.locator('.DocSearch-Hit, .DocSearch-NoResults').first().waitFor();
    assert.deepEqual(await noStrayElements(page), {images: 0, bold: 0, pwned: undefined});
    await finish(watched);
  });

  test('a query left unencoded in the address is shown as text too', async () => {
    const watched = await openContext(site.browser, site.base);
    const {page} = watched;
    // As a reader might paste it: the browser encodes what it must, the rest arrives raw.
    await goto(page, `${site.base}/search?q=<img src=x onerror="window.__pwned=1"><b>bold</b>`);
    await settle(page);
    assert.match(await page.locator('main h1').innerText(), /<img src=x onerror="window.__pwned=1"><b>bold<\/b>/);
    assert.deepEqual(await noStrayElements(page), {images: 0, bold: 0, pwned: undefined});
    await finish(watched);
  });

  test('markup in the hash leaves the page intact', async () => {
    const watched = await openContext(site.browser, site.base);
    const {page} = watched;
    await goto(page, `${site.base}${FROM}#<img src=x onerror="window.__pwned=1">`);
    await settle(page);
    assert.match(decodeURIComponent((await page.evaluate('location.hash')) as string), /^#<img src=x onerror=/, 'the hash reached the page');
    await waitForHeading(page, headingOf(FROM));
    assert.deepEqual(await noStrayElements(page), {images: 0, bold: 0, pwned: undefined});
    // Still a working app: client-side navigation and the table of contents.
    await setMarker(page);
    await page.locator(`.theme-doc-sidebar-container a[href="${TARGET}"]`).click();
    await page.waitForURL(`${site.base}${TARGET}`);
    await waitForHeading(page, headingOf(TARGET));
    assert.equal(await hasMarker(page), true);
    await finish(watched);
  });

  test('a long query string still renders the page', async () => {
    const watched = await openContext(site.browser, site.base);
    const {page} = watched;
    // Together (about 7.3 KB once encoded) just under the 8 KB request line nginx accepts by default.
    const q = 'tower run '.repeat(300).trim();
    const unknown = 'x'.repeat(3000);
    for (const [path, heading] of [
      // The search page searches (and shows) the query cut to the longest it takes.
      [`/search?q=${encodeURIComponent(q)}&utm_campaign=${unknown}`, `Search results for “${q.slice(0, SEARCH.maxQueryLength)}”`],
      [`${FROM}?q=${encodeURIComponent(q)}&utm_campaign=${unknown}`, headingOf(FROM)],
    ]) {
      const response = await page.goto(`${site.base}${path}`, {waitUntil: 'load'});
      assert.equal(response?.status(), 200, `${path.slice(0, 30)}… is served`);
      await settle(page);
      const shown = await page.locator('main h1').innerText();
      assert.ok(shown === heading, `${path.slice(0, 30)}… shows its heading, not ${shown.slice(0, 60)}…`);
    }
    await finish(watched);
  });

  test('an oversized query string (8 KB in q and 8 KB in another parameter) still renders the page', async () => {
    const watched = await openContext(site.browser, site.base);
    const {page} = watched;
    const q = 'tower '.repeat(1400).slice(0, 8192);
    for (const path of [`/search?q=${encodeURIComponent(q)}&utm_campaign=${'x'.repeat(8192)}`, `${FROM}?utm_campaign=${'x'.repeat(8192)}`]) {
      const response = await page.goto(`${site.base}${path}`, {waitUntil: 'load'});
      const status = response?.status();
      // deploy/nginx/site.conf gives request lines 32 KB (nginx's default 8 KB would answer 414).
      assert.equal(status, 200, `${path.slice(0, 30)}…`);
      await settle(page);
      assert.equal(await page.locator('main h1').isVisible(), true);
    }
    await finish(watched);
  });
});
