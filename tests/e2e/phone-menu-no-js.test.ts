/**
 * The phone menu without JavaScript (review D12): the menu button needs
 * JavaScript, so at phone width the navbar itself offers the ways into the
 * docs; with JavaScript the phone keeps its menu button.
 */
import assert from 'node:assert/strict';
import {describe, test} from 'node:test';
import {PHONE, goto, openContext} from '../../lib/browser';
import {useSite} from './support/site';
import {headingOf} from './routes';

const site = useSite();
const docsLink = '.navbar__items:not(.navbar__items--right) a.navbar__link';

describe('the phone menu with JavaScript off, at 390 px', () => {
  test('the navbar shows Documentation and Examples in full, and they lead into the docs', async () => {
    const {page, context} = await openContext(site.browser, site.base, {viewport: PHONE, javaScriptEnabled: false});
    await page.goto(`${site.base}/docs/concepts/runs`, {waitUntil: 'load'});
    assert.equal(await page.locator('.navbar__toggle').isVisible(), false, 'no menu button that cannot open');
    const links = page.locator(docsLink);
    assert.deepEqual(await links.allInnerTexts(), ['Documentation', 'Examples']);
    for (const link of await links.all()) {
      assert.equal(await link.isVisible(), true);
      const box = await link.boundingBox();
      assert.ok(box && box.x >= 0 && box.x + box.width <= PHONE.width, `${await link.innerText()} fits on the screen`);
      // Nothing sits on top of it (the search button at the right edge, for one).
      const onTop = await page.evaluate(
        ([x, y]) => document.elementFromPoint(x, y)?.closest('a')?.textContent,
        [box.x + box.width - 4, box.y + box.height / 2],
      );
      assert.equal(onTop, await link.innerText());
    }
    await page.locator(docsLink, {hasText: 'Documentation'}).click();
    await page.waitForURL(`${site.base}/docs/intro`);
    assert.equal(await page.locator('article h1').innerText(), headingOf('/docs/intro'));
    // From the introduction every page is a plain link away.
    await page.locator('article a[href="/docs/concepts/apps"]').first().click();
    await page.waitForURL(`${site.base}/docs/concepts/apps`);
    await page.goBack();
    await page.locator(docsLink, {hasText: 'Examples'}).click();
    await page.waitForURL(`${site.base}/docs/category/examples`);
    assert.equal(await page.locator('h1').first().innerText(), 'Examples');
    await context.close();
  });
});

describe('the phone menu with JavaScript on, at 390 px', () => {
  test('keeps the menu button, which opens the menu with the docs', async () => {
    const {page, context} = await openContext(site.browser, site.base, {viewport: PHONE});
    await goto(page, `${site.base}/docs/concepts/runs`);
    const button = page.getByRole('button', {name: 'Toggle navigation bar'});
    assert.equal(await button.isVisible(), true);
    assert.equal(await page.locator(docsLink).first().isVisible(), false, 'the navbar links live in the menu');
    await button.click();
    await page.locator('.navbar-sidebar').waitFor({state: 'visible'});
    await page.getByRole('button', {name: '← Back to main menu'}).click();
    await page.locator('.navbar-sidebar').getByRole('link', {name: 'Documentation', exact: true}).waitFor({state: 'visible'});
    await context.close();
  });
});
