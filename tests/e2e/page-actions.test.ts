/**
 * The title row of a docs page (review findings 6, 7 and 20): the H1 starts
 * high on a phone, the page actions are one split button beside it that never
 * covers its text, and their menu floats over the page (the title and the
 * text do not move) with a one-line description under each entry. At the foot
 * of the page the feedback buttons are thumb-sized and stay on one row.
 * Without JavaScript the buttons, which could not work, are not shown, and a
 * plain link to the page's Markdown remains.
 */
import assert from 'node:assert/strict';
import {describe, test} from 'node:test';
import type {Page} from 'playwright-core';
import {DESKTOP, PHONE, goto, openContext} from '../../lib/browser';
import {useSite} from './support/site';

const site = useSite();
const PAGES = ['/docs/intro', '/docs/concepts/runs', '/docs/reference/tower-cli', '/docs/reference/api/run-app', '/docs/getting-started/quick-start'];
const MENU_PAGE = '/docs/concepts/runs';

type Box = {x: number; y: number; width: number; height: number};
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The boxes of the H1's text (one per line), the split button and the first paragraph, in page coordinates. */
function titleRow(page: Page) {
  return page
    .evaluate(() => {
      // Page coordinates, so that scrolling does not count as moving.
      const [dx, dy] = [scrollX, scrollY];
      const h1 = document.querySelector('article h1')!;
      const range = document.createRange();
      range.selectNodeContents(h1);
      const split = document.querySelector('article button[aria-expanded]')!.parentElement!;
      const paragraph = document.querySelector('article header + p, article .theme-doc-markdown > p')!;
      return [h1.getBoundingClientRect(), split.getBoundingClientRect(), paragraph.getBoundingClientRect(), ...Array.from(range.getClientRects())].map(
        (rect) => ({
          x: rect.x + dx,
          y: rect.y + dy,
          width: rect.width,
          height: rect.height,
        }),
      );
    })
    .then(([h1, split, paragraph, ...h1Text]) => ({h1, split, paragraph, h1Text}));
}

describe('the title row', () => {
  test('on a 390 x 844 phone the H1 starts within the top 40 % of the screen', async () => {
    const {page, context} = await openContext(site.browser, site.base, {viewport: PHONE});
    for (const route of PAGES) {
      await goto(page, `${site.base}${route}`);
      const {h1} = await titleRow(page);
      assert.ok(h1.y < 0.4 * PHONE.height, `${route}: the H1 starts at ${Math.round(h1.y)} px`);
    }
    await context.close();
  });

  for (const viewport of [PHONE, DESKTOP]) {
    test(`the split button sits beside the H1 and covers none of its text, ${viewport.width} px`, async () => {
      const {page, context} = await openContext(site.browser, site.base, {viewport});
      for (const route of PAGES) {
        await goto(page, `${site.base}${route}`);
        const {h1, h1Text, split} = await titleRow(page);
        assert.ok(
          h1Text.every((line) => !overlaps(line, split)),
          `${route}: the button covers the title`,
        );
        assert.ok(split.y < h1.y + h1.height && split.y + split.height > h1.y, `${route}: the button is not in the title's row`);
        assert.ok(split.x + split.width <= viewport.width, `${route}: the button runs off the screen`);
      }
      await context.close();
    });

    test(`the menu floats over the page: nothing moves when it opens, ${viewport.width} px`, async () => {
      const {page, context, pageErrors} = await openContext(site.browser, site.base, {viewport});
      await goto(page, `${site.base}${MENU_PAGE}`);
      const before = await titleRow(page);
      const toggle = page.getByRole('button', {name: 'Use with AI'});
      await toggle.click();
      const menu = page.getByRole('group', {name: 'Use with AI'});
      await menu.waitFor();
      assert.equal(await toggle.getAttribute('aria-controls'), await menu.getAttribute('id'));
      assert.deepEqual(await titleRow(page), before, 'the title, the button and the text stay where they were');
      const box = (await menu.boundingBox())!;
      assert.ok(box.x >= 0 && box.x + box.width <= viewport.width, 'the menu fits on the screen');
      assert.ok(overlaps(box, before.paragraph) || box.y > before.paragraph.y, 'the menu lies over the text, not in its place');
      // Opening the editor setup grows the menu, still over the page.
      await page.getByRole('button', {name: 'Connect the docs to your editor'}).click();
      await menu.locator('.theme-code-block').first().waitFor();
      assert.deepEqual(await titleRow(page), before);
      assert.deepEqual(pageErrors, []);
      await context.close();
    });
  }

  test('every menu entry has an icon and a one-line description; arrows move between entries; a click outside closes it', async () => {
    const {page, context} = await openContext(site.browser, site.base);
    await goto(page, `${site.base}${MENU_PAGE}`);
    const toggle = page.getByRole('button', {name: 'Use with AI'});
    await toggle.click();
    const menu = page.getByRole('group', {name: 'Use with AI'});
    await menu.waitFor();
    const entries = await menu.evaluate((element) =>
      Array.from(element.querySelectorAll<HTMLElement>('[data-menu-entry]'), (entry) => ({
        name: (entry.getAttribute('aria-label') ?? entry.textContent ?? '').trim(),
        icon: entry.querySelector('svg') !== null,
        description: document.getElementById(entry.getAttribute('aria-describedby') ?? '')?.textContent ?? '',
        descriptionLines: (() => {
          const line = document.getElementById(entry.getAttribute('aria-describedby') ?? '');
          return line ? Math.round(line.getBoundingClientRect().height / parseFloat(getComputedStyle(line).lineHeight)) : 0;
        })(),
      })),
    );
    assert.deepEqual(
      entries.map((entry) => entry.name),
      ['Open in ChatGPT (opens in a new tab)', 'Open in Claude (opens in a new tab)', 'Connect the docs to your editor', 'Copy page', 'View as Markdown'],
    );
    for (const entry of entries) {
      assert.ok(entry.icon, `${entry.name}: no icon`);
      assert.ok(entry.description.length > 10, `${entry.name}: no description`);
      assert.equal(entry.descriptionLines, 1, `${entry.name}: "${entry.description}" takes ${entry.descriptionLines} lines`);
    }
    await page.getByRole('link', {name: /Open in ChatGPT/}).focus();
    await page.keyboard.press('ArrowDown');
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Open in Claude (opens in a new tab)');
    await page.keyboard.press('End');
    assert.equal(await page.evaluate(() => document.activeElement?.textContent?.trim()), 'View as Markdown');
    await page.keyboard.press('ArrowDown');
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Open in ChatGPT (opens in a new tab)', 'Down wraps round');
    await page.locator('article h1').click();
    await menu.waitFor({state: 'detached'});
    assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
    await context.close();
  });
});

describe('the foot of a page', () => {
  test('the feedback buttons are at least 44 px tall and stay on one row on a phone', async () => {
    const {page, context} = await openContext(site.browser, site.base, {viewport: PHONE});
    await goto(page, `${site.base}/docs/concepts/runs`);
    const widget = page.getByRole('complementary', {name: 'Page feedback'});
    await widget.waitFor();
    const yes = (await widget.getByRole('button', {name: 'Yes'}).boundingBox())!;
    const no = (await widget.getByRole('button', {name: 'No'}).boundingBox())!;
    assert.ok(yes.height >= 44 && no.height >= 44, `heights ${yes.height} and ${no.height}`);
    assert.equal(Math.round(no.y), Math.round(yes.y), '"No" sits beside "Yes"');
    await context.close();
  });

  test('without JavaScript the page actions are not shown and the Markdown link is', async () => {
    const {page, context} = await openContext(site.browser, site.base, {viewport: PHONE, javaScriptEnabled: false});
    await page.goto(`${site.base}${MENU_PAGE}`, {waitUntil: 'load'});
    assert.equal(await page.getByRole('button', {name: 'Copy page'}).count(), 0);
    assert.equal(await page.getByRole('button', {name: 'Use with AI'}).count(), 0);
    assert.equal(await page.getByRole('link', {name: 'View as Markdown'}).getAttribute('href'), `${MENU_PAGE}.md`);
    await context.close();
  });
});
