/**
 * Search when the browser or the server lets it down: storage blocked by the
 * browser (a real Chromium profile with cookies blocked, not an emulated
 * exception), a search index that fails to load in every way the review
 * staged (404, 500, cut short, HTML instead of JSON, a reset connection),
 * pages' text files that fail to load, and JavaScript turned off.
 */
import assert from 'node:assert/strict';
import {describe, test} from 'node:test';
import type {Page, Route} from 'playwright-core';
import {SEARCH} from '../../src/constants';
import {goto, openContext, waitForHydration, settle} from '../../lib/browser';
import {openBlockedStorageProfile, storageAccess} from './support/blockedStorage';
import {useSite} from './support/site';
import {nextFrames} from './support/waits';

const site = useSite();

const INDEX = `/${SEARCH.indexFile}`;

describe('search with browser storage blocked (Chromium profile with cookies blocked)', () => {
  test('Ctrl+K and the button open the modal, results work, recent searches are not kept', async () => {
    const blocked = await openBlockedStorageProfile(site.base);
    const {page, pageErrors, offOrigin} = blocked;
    const warnings: string[] = [];
    try {
      page.on('console', (message) => {
        if (message.type() === 'warning') warnings.push(message.text());
      });
      await goto(page, `${site.base}/docs/intro`);
      await settle(page);
      // The browser really refuses storage to this page.
      assert.equal(await storageAccess(page), 'SecurityError');

      await page.keyboard.press('Control+k');
      await page.locator('.DocSearch-Modal').waitFor();
      await page.locator('.DocSearch-Input').fill('environments');
      const hit = page.locator('.DocSearch-Hit [data-url]').first();
      await hit.waitFor();
      const url = (await hit.getAttribute('data-url'))!;
      await hit.click();
      await page.waitForURL((target) => target.pathname === url.split('#')[0]);
      await page.locator('.DocSearch-Modal').waitFor({state: 'detached'});

      // The button opens it too; the search just made is not offered again: nothing was kept.
      await settle(page);
      await page.locator('.DocSearch-Button').click();
      await page.locator('.DocSearch-Modal').waitFor();
      // Where storage works, recent searches are on screen as the modal appears; two more painted frames leave room for a late render.
      await nextFrames(page);
      assert.equal(await page.locator('.DocSearch-Hit-source', {hasText: 'Recent'}).count(), 0);
      assert.equal(warnings.filter((text) => /storage.*unavailable/i.test(text)).length, 1, `warned once: ${warnings.join(' | ')}`);
      assert.deepEqual(pageErrors, []);
      assert.deepEqual(offOrigin, []);
    } finally {
      await blocked.close();
    }
  });
});

/** Ways the index can fail, as the browser sees them. */
const FAULTS: Array<[string, (route: Route) => Promise<void>]> = [
  ['404', (route) => route.fulfill({status: 404, contentType: 'text/html', body: '<h1>Not found</h1>'})],
  ['500', (route) => route.fulfill({status: 500, body: 'Internal Server Error'})],
  [
    'cut short',
    async (route) => {
      const response = await route.fetch();
      const body = await response.text();
      await route.fulfill({response, body: body.slice(0, body.length / 3)});
    },
  ],
  ['HTML instead of JSON', (route) => route.fulfill({status: 200, contentType: 'text/html', body: '<!doctype html><title>Maintenance</title>'})],
  ['reset connection', (route) => route.abort('connectionreset')],
];

async function modalQuery(page: Page, query: string): Promise<void> {
  await page.keyboard.press('Control+k');
  await page.locator('.DocSearch-Modal').waitFor();
  await page.locator('.DocSearch-Input').fill(query);
}

describe('a search index that fails to load', () => {
  for (const [fault, answer] of FAULTS) {
    test(`${fault}: the modal and the search page say search is unavailable, and Try again recovers`, async () => {
      const watched = await openContext(site.browser, site.base);
      const {page} = watched;
      let failing = true;
      await page.route(`**${INDEX}`, (route) => (failing ? answer(route) : route.fallback()));
      await goto(page, `${site.base}/docs/intro`);
      await settle(page);

      await modalQuery(page, 'deploy');
      const dialog = page.getByRole('alertdialog');
      await dialog.waitFor();
      assert.match(await dialog.innerText(), /Search is unavailable right now/);
      assert.equal(await page.getByText(/See all 0 results/).count(), 0);
      failing = false;
      await dialog.getByRole('button', {name: 'Try again'}).click();
      await page.locator('.DocSearch-Hit [data-url]').first().waitFor();
      assert.equal(await page.locator('.DocSearch-Input').inputValue(), 'deploy', 'the query is searched again');
      await page.keyboard.press('Escape');

      failing = true;
      await goto(page, `${site.base}/${SEARCH.pagePath}?q=deploy`);
      const alert = page.locator('main [role="alert"]');
      await alert.waitFor();
      assert.equal(await alert.locator('p').innerText(), 'Search is unavailable right now: the search index could not be loaded.');
      assert.doesNotMatch(await page.locator('main').innerText(), /HTTP|SyntaxError|Error:/, 'no developer wording on the page');
      failing = false;
      await alert.getByRole('button', {name: 'Try again'}).click();
      await page.locator('main article').first().waitFor();

      assert.deepEqual(watched.pageErrors, [], 'no unhandled error or rejection');
      assert.ok(
        watched.consoleErrors.some((text) => /search index/i.test(text)),
        'the details are in the console',
      );
      await watched.context.close();
    });
  }
});

describe("pages' text files", () => {
  test('a query fetches the text of the pages it shows, no more', async () => {
    const watched = await openContext(site.browser, site.base);
    const {page} = watched;
    const texts: string[] = [];
    page.on('request', (request) => {
      const {pathname} = new URL(request.url());
      if (pathname.startsWith(`/${SEARCH.textDir}/`)) texts.push(pathname);
    });
    await goto(page, `${site.base}/${SEARCH.pagePath}?q=schedule`);
    const results = page.locator('main article');
    await results.first().waitFor();
    const shown = await results.count();
    assert.ok(texts.length > 0 && texts.length <= shown, `${texts.length} text files for ${shown} pages shown`);
    assert.ok((await page.locator('main article p mark').count()) > 0, 'the snippets come from them');
    assert.deepEqual(watched.pageErrors, []);
    await watched.context.close();
  });

  test('when they fail to load, results still show, without snippets, and the details go to the console', async () => {
    const watched = await openContext(site.browser, site.base);
    const {page} = watched;
    await page.route(`**/${SEARCH.textDir}/**`, (route) => route.fulfill({status: 500, body: 'Internal Server Error'}));
    await goto(page, `${site.base}/${SEARCH.pagePath}?q=schedule`);
    const results = page.locator('main article');
    await results.first().waitFor();
    assert.ok((await results.first().locator('h2 a').innerText()).length > 0, 'titled results');
    assert.equal(await page.locator('main article p mark').count(), 0, 'no snippets');
    assert.equal(await page.locator('main [role="alert"]').count(), 0, 'search itself is not unavailable');

    await modalQuery(page, 'deploy');
    await page.locator('.DocSearch-Hit [data-url]').first().waitFor();
    assert.deepEqual(watched.pageErrors, [], 'no unhandled error or rejection');
    assert.ok(
      watched.consoleErrors.some((text) => /could not be loaded; its results are shown without snippets/.test(text)),
      watched.consoleErrors.join(' | '),
    );
    await watched.context.close();
  });
});

describe('the search page without JavaScript', () => {
  test('says that search needs JavaScript and where to browse instead', async () => {
    const {page, context} = await openContext(site.browser, site.base, {javaScriptEnabled: false});
    await page.goto(`${site.base}/${SEARCH.pagePath}?q=deploy`);
    const notice = page.locator('main p', {hasText: 'Search needs JavaScript'});
    assert.equal(await notice.isVisible(), true);
    const links = await page.locator('main a').evaluateAll((all) => all.map((a) => a.getAttribute('href')).filter(Boolean));
    assert.ok(links.includes('/llms-full.txt'), links.join(' '));
    assert.ok(links.includes('/docs/category/concepts'), links.join(' '));
    for (const href of ['/llms-full.txt', '/docs/category/reference']) assert.equal((await page.request.get(`${site.base}${href}`)).status(), 200, href);
    await context.close();
  });

  test('with JavaScript the notice is not shown', async () => {
    const {page, context} = await openContext(site.browser, site.base);
    await page.goto(`${site.base}/${SEARCH.pagePath}?q=deploy`);
    await waitForHydration(page);
    assert.equal(await page.locator('main p', {hasText: 'Search needs JavaScript'}).count(), 0);
    await context.close();
  });
});
