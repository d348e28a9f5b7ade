/**
 * The search modal and the /search page as a reader sees them (local mode):
 * Ask AI first for a question, "See all N results" in view, the Ask AI panel
 * on a phone, the page's empty and nothing-found states, its first paint
 * before the bundles, contrast in four looks (axe), and inputs a link or a
 * paste can carry cut to SEARCH.maxQueryLength so the tab keeps answering.
 * (How long the longest task of those inputs takes is a figure of
 * bench/search-input.ts, not a test.)
 */
import assert from 'node:assert/strict';
import {describe, test} from 'node:test';
import type {Page} from 'playwright-core';
import {SEARCH} from '../../src/constants';
import {POPULAR_SEARCHES} from '../../plugins/search-index/popular-searches';
import {CLASSES} from '../../plugins/search-index/theme/SearchPage/view';
import {DESKTOP, PHONE, goto, openContext, settle, waitForHydration, type Watched} from '../../lib/browser';
import {axeViolations, LOOKS, openAxeContext} from './support/axe';
import {useSite} from './support/site';

const site = useSite();

const SEARCH_PAGE = `/${SEARCH.pagePath}`;
/** Generous: an answer takes well under a second here; a tab frozen by a long input took 7 to 30 s. */
const PROMPTLY = {timeout: 10_000};

async function openModal(page: Page, query: string): Promise<void> {
  await goto(page, `${site.base}/docs/intro`);
  await settle(page);
  await page.keyboard.press('Control+k');
  await page.locator('.DocSearch-Modal').waitFor();
  await page.locator('.DocSearch-Input').fill(query);
  await page.locator('.DocSearch-Hit').first().waitFor();
}

function finish(watched: Watched): Promise<void> {
  assert.deepEqual(watched.offOrigin, [], 'no request leaves the site');
  assert.deepEqual(watched.pageErrors, []);
  return watched.context.close();
}

const summary = (page: Page) => page.locator('main p[aria-live]');

/** A result of the search page (not the article of the page a reader came from, still shown while /search loads). */
const RESULT = `main article.${CLASSES.result}`;

describe('search modal', () => {
  test('a question puts Ask AI first and highlighted, and Enter asks it; a keyword query lists results first, Ask AI under them', async () => {
    const watched = await openContext(site.browser, site.base);
    const {page} = watched;
    const question = 'how do I create a schedule?';
    await openModal(page, question);
    const first = page.locator('.DocSearch-Hit').first();
    await first.locator('.tower-askai-row').waitFor();
    assert.equal(await first.getAttribute('aria-selected'), 'true', 'the Ask AI row is the highlighted one');
    assert.match(await first.innerText(), /Ask AI\s+how do I create a schedule\?/);
    await page.keyboard.press('Enter');
    const panel = page.getByRole('dialog', {name: 'Ask AI'});
    await panel.waitFor();
    assert.equal(await panel.getByRole('textbox', {name: 'Your question'}).inputValue(), question);
    await panel.locator('.tower-askai__body a').first().waitFor();
    await page.keyboard.press('Escape');
    await panel.waitFor({state: 'detached'});
    assert.equal(await page.locator('.DocSearch-Input').inputValue(), question, 'back in keyword search with the question as the query');

    await page.locator('.DocSearch-Input').fill('schedule');
    await page.waitForFunction(() => document.querySelector('.DocSearch-Hit')?.querySelector('[data-url]') !== null);
    assert.equal(await page.locator('.tower-askai-row').count(), 0);
    assert.equal(await page.locator('.tower-askai-button').innerText(), 'Ask AI: “schedule”');
    await finish(watched);
  });

  for (const viewport of [DESKTOP, PHONE]) {
    test(`"See all N results" is in view without scrolling at ${viewport.width}×${viewport.height}`, async () => {
      const watched = await openContext(site.browser, site.base, {viewport});
      const {page} = watched;
      await openModal(page, 'secrets');
      const seeAll = page.locator('.DocSearch-HitsFooter a');
      await page.waitForFunction(() => /^See all \d+ results$/.test(document.querySelector('.DocSearch-HitsFooter a')?.textContent ?? ''));
      assert.equal(await page.locator('.DocSearch-Dropdown').evaluate((list) => list.scrollTop), 0, 'the list has not scrolled');
      assert.ok(
        (await page.locator('.DocSearch-Dropdown').evaluate((list) => list.scrollHeight > list.clientHeight)) || viewport === PHONE,
        'more results than fit',
      );
      const box = (await seeAll.boundingBox())!;
      assert.ok(box.y >= 0 && box.y + box.height <= viewport.height, `inside the screen: ${JSON.stringify(box)}`);
      // Nothing lies over it: the link is what a tap at its centre reaches.
      assert.equal(
        await seeAll.evaluate((link) => {
          const {x, y, width, height} = link.getBoundingClientRect();
          return document.elementFromPoint(x + width / 2, y + height / 2) === link;
        }),
        true,
      );
      await finish(watched);
    });
  }

  test('on a phone the Ask AI panel fills the screen with one question field that shows the whole question', async () => {
    const watched = await openContext(site.browser, site.base, {viewport: PHONE});
    const {page} = watched;
    const question = 'how do I set a secret for the production environment?';
    await openModal(page, question);
    await page.locator('.tower-askai-row').click();
    const panel = page.getByRole('dialog', {name: 'Ask AI'});
    await panel.locator('.tower-askai__body a').first().waitFor();
    assert.deepEqual(await panel.locator('.tower-askai__panel').boundingBox(), {x: 0, y: 0, width: PHONE.width, height: PHONE.height});
    // DocSearch's own box is under the panel: the reader sees one field.
    assert.equal(
      await page.locator('.DocSearch-Input').evaluate((input) => {
        const {x, y, width, height} = input.getBoundingClientRect();
        return Boolean(document.elementFromPoint(x + width / 2, y + height / 2)?.closest('.tower-askai'));
      }),
      true,
    );
    const field = panel.getByRole('textbox', {name: 'Your question'});
    assert.ok((await field.boundingBox())!.width >= 280, 'a field as wide as the screen allows');
    assert.equal(await field.evaluate((area) => area.scrollHeight <= area.clientHeight + 1), true, 'the whole question shows');
    // The disclaimer closes the panel at the bottom of the screen: no empty strip under it.
    const disclaimer = (await panel.locator('.tower-askai__disclaimer').boundingBox())!;
    assert.ok(Math.abs(disclaimer.y + disclaimer.height - PHONE.height) <= 1, JSON.stringify(disclaimer));
    // The answer scrolls inside the screen, not sideways.
    assert.equal(await panel.locator('.tower-askai__body').evaluate((body) => body.scrollWidth <= body.clientWidth), true);
    await finish(watched);
  });

  test('on a phone a table in an answer keeps its words whole (it scrolls sideways instead)', async () => {
    const watched = await openContext(site.browser, site.base, {viewport: PHONE});
    const {page} = watched;
    await openModal(page, 'what are the run statuses');
    await page.locator('.tower-askai-row').click();
    const table = page.getByRole('dialog', {name: 'Ask AI'}).getByRole('region', {name: 'Table from the docs'});
    await table.locator('td').first().waitFor();
    // A one-word cell ("scheduled", "Finished?") drawn on more than one line has been cut inside its word.
    const cut = await table.evaluate((region) =>
      Array.from(region.querySelectorAll('th, td'))
        .filter((cell) => cell.textContent && !/\s/.test(cell.textContent.trim()))
        .filter((cell) => {
          const range = document.createRange();
          range.selectNodeContents(cell);
          return new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top))).size > 1;
        })
        .map((cell) => cell.textContent),
    );
    assert.deepEqual(cut, []);
    await finish(watched);
  });
});

describe('search page states', () => {
  test('an empty search page offers the popular searches, and each one finds pages', async () => {
    const watched = await openContext(site.browser, site.base);
    const {page} = watched;
    await goto(page, `${site.base}${SEARCH_PAGE}`);
    const popular = page.getByRole('region', {name: 'Popular searches'});
    assert.deepEqual(await popular.getByRole('link').allInnerTexts(), [...POPULAR_SEARCHES]);
    for (const query of POPULAR_SEARCHES) {
      await popular.getByRole('link', {name: query, exact: true}).click();
      await page.waitForURL((url) => url.searchParams.get('q') === query);
      await page.waitForFunction(() => document.querySelector('main [aria-live]')?.textContent?.includes('match'));
      assert.ok((await page.locator(RESULT).count()) > 0, `"${query}" finds pages`);
      await page.goBack();
      await popular.waitFor();
    }
    await finish(watched);
  });

  test('a search that finds nothing suggests words the docs use and offers Ask AI with the query', async () => {
    const watched = await openContext(site.browser, site.base);
    const {page} = watched;
    await goto(page, `${site.base}${SEARCH_PAGE}?q=sceduel`);
    await summary(page).filter({hasText: 'No results for “sceduel”.'}).waitFor();
    const suggestions = page.getByRole('region', {name: 'Did you mean'});
    const words = await suggestions.getByRole('link').allInnerTexts();
    assert.ok(
      words.some((word) => word.startsWith('schedul')),
      words.join(', '),
    );
    assert.ok((await page.getByRole('region', {name: 'Popular searches'}).getByRole('link').count()) > 0);
    await page.getByRole('button', {name: 'Ask AI: “sceduel”'}).click();
    const panel = page.getByRole('dialog', {name: 'Ask AI'});
    await panel.waitFor();
    assert.equal(await panel.getByRole('textbox', {name: 'Your question'}).inputValue(), 'sceduel');
    await page.keyboard.press('Escape');
    await panel.waitFor({state: 'detached'});
    await page.keyboard.press('Escape');
    await page.locator('.DocSearch-Modal').waitFor({state: 'detached'});
    await suggestions
      .getByRole('link')
      .filter({hasText: /^schedul/})
      .first()
      .click();
    await page.waitForURL((url) => url.searchParams.get('q')?.startsWith('schedul') === true);
    await page.locator(RESULT).first().waitFor();
    await finish(watched);
  });

  test('a snippet starts at the block of its first match, not in the text before it', async () => {
    const watched = await openContext(site.browser, site.base);
    const {page} = watched;
    await goto(page, `${site.base}${SEARCH_PAGE}?q=${encodeURIComponent('cron expression')}`);
    await page.locator(RESULT).first().waitFor();
    const snippets = await page.locator(`${RESULT} p`).allInnerTexts();
    for (const text of snippets) {
      // A table's header row ("Expression Runs") ran into the sentence before it.
      assert.doesNotMatch(text, /minute\. Expression Runs/, text);
    }
    await finish(watched);
  });
});

describe('search page first paint', () => {
  const RESULTS_BEFORE_BUNDLES = 3;

  test('with ?q= the query and the first results show before the bundles run, and React then draws the same', async () => {
    const blocked = await openContext(site.browser, site.base);
    // No bundle ever runs: what shows is the first paint's.
    await blocked.page.route(/\/assets\/js\/(runtime~)?main\./, (route) => route.abort());
    await blocked.page.goto(`${site.base}${SEARCH_PAGE}?q=schedule`);
    const drawn = blocked.page.locator('#search-first-paint');
    await drawn
      .locator('article')
      .nth(RESULTS_BEFORE_BUNDLES - 1)
      .waitFor();
    assert.equal(await blocked.page.locator('main h1').innerText(), 'Search results for “schedule”');
    assert.equal(await blocked.page.locator('main input[type="search"]').inputValue(), 'schedule');
    assert.match(await drawn.locator('p[aria-live]').innerText(), /^\d+ pages match, showing 10\.$/);
    const firstPaint = await drawn.evaluate((region, count) => {
      const [filters, summaryLine, results] = Array.from(region.children);
      return [
        filters.outerHTML,
        summaryLine.outerHTML,
        ...Array.from(results.children)
          .slice(0, count)
          .map((article) => article.outerHTML),
      ];
    }, RESULTS_BEFORE_BUNDLES);
    await blocked.context.close();

    const watched = await openContext(site.browser, site.base);
    const {page} = watched;
    await goto(page, `${site.base}${SEARCH_PAGE}?q=schedule`);
    await page.locator('#search-first-paint').waitFor({state: 'detached'});
    const byReact = await page.evaluate((count) => {
      const main = document.querySelector('main')!;
      const filters = main.querySelector('[role="group"][aria-label="Show only"]')!;
      const summaryLine = main.querySelector('p[aria-live]')!;
      const results = Array.from(main.querySelectorAll('article')).slice(0, count);
      return [filters.outerHTML, summaryLine.outerHTML, ...results.map((article) => article.outerHTML)];
    }, RESULTS_BEFORE_BUNDLES);
    assert.deepEqual(byReact, firstPaint, 'React draws what the first paint drew');
    assert.deepEqual(watched.consoleErrors, []);
    await finish(watched);
  });

  test('the bundles wait for the first results, which fetch the index once, the one the page preloads', async () => {
    const watched = await openContext(site.browser, site.base);
    const {page} = watched;
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await goto(page, `${site.base}${SEARCH_PAGE}?q=schedule`);
    await page.locator(RESULT).first().waitFor();
    const main = requested.findIndex((path) => /\/assets\/js\/main\.[^/]+\.js$/.test(path));
    const texts = requested.map((path, i) => [path, i] as const).filter(([path]) => path.startsWith(`/${SEARCH.textDir}/`));
    assert.ok(texts.length >= RESULTS_BEFORE_BUNDLES, requested.join(' '));
    assert.ok(
      texts.slice(0, RESULTS_BEFORE_BUNDLES).every(([, i]) => i < main),
      `the first pages' text before the main bundle: ${requested.join(' ')}`,
    );
    assert.equal(requested.filter((path) => path === `/${SEARCH.indexFile}`).length, 1);
    await finish(watched);
  });

  test('a visit from another page draws with React alone, and the modal then searches with the same client', async () => {
    const watched = await openContext(site.browser, site.base);
    const {page} = watched;
    await goto(page, `${site.base}/docs/intro`);
    await page.keyboard.press('Control+k');
    await page.locator('.DocSearch-Input').fill('deploy');
    await page.locator('.DocSearch-HitsFooter a').click();
    await page.waitForURL((url) => url.pathname === SEARCH_PAGE);
    await page.locator(RESULT).first().waitFor();
    assert.equal(await page.locator('#search-first-paint').count(), 0);
    assert.equal(await page.locator('script[src*="search-first-paint"]').count(), 1, 'the first-paint script is on the page once');
    await finish(watched);
  });
});

describe('long input from a link or a paste', () => {
  const max = SEARCH.maxQueryLength;

  for (const [name, query] of [
    ['30,000 letters', 'a'.repeat(30_000)],
    ['2,400 words', Array.from({length: 2400}, (_, i) => `word${(i * 7919).toString(36)}x`).join(' ')],
  ] as const) {
    test(`/search?q= with ${name} is cut to ${max} characters, answers and keeps answering`, async () => {
      const watched = await openContext(site.browser, site.base);
      const {page} = watched;
      await page.goto(`${site.base}${SEARCH_PAGE}?q=${encodeURIComponent(query)}`);
      await waitForHydration(page);
      await summary(page)
        .filter({hasText: /match|No results/})
        .waitFor(PROMPTLY);
      assert.equal((await page.locator('main input[type="search"]').inputValue()).length, max);
      await page.waitForFunction((length) => new URL(location.href).searchParams.get('q')?.length === length, max, PROMPTLY);
      // Still answering: a new query is searched.
      await page.locator('main input[type="search"]').fill('secrets');
      await summary(page)
        .filter({hasText: /pages match/})
        .waitFor(PROMPTLY);
      await finish(watched);
    });
  }

  test(`an Ask AI question of 19,600 characters is cut to ${max}, answered, and the panel keeps answering`, async () => {
    const watched = await openContext(site.browser, site.base);
    const {page} = watched;
    await openModal(page, 'how do I deploy an app?');
    await page.locator('.tower-askai-row').click();
    const panel = page.getByRole('dialog', {name: 'Ask AI'});
    const field = panel.getByRole('textbox', {name: 'Your question'});
    await field.fill('secrets '.repeat(2450));
    assert.equal((await field.inputValue()).length, max);
    await field.press('Enter');
    // An answer, or "not in the docs": anything but the wait.
    await page.waitForFunction(
      () => {
        const body = document.querySelector('.tower-askai__body')?.textContent ?? '';
        return body.trim() !== '' && !body.includes('Reading the docs');
      },
      undefined,
      PROMPTLY,
    );
    await page.keyboard.press('Escape');
    await panel.waitFor({state: 'detached', ...PROMPTLY});
    await finish(watched);
  });
});

describe('search colours and contrast (axe-core)', () => {
  for (const look of LOOKS) {
    test(`the modal with a question, the Ask AI answer and the search page's states, ${look.device}, ${look.theme}`, async () => {
      const {page, context} = await openAxeContext(site.browser, site.base, look);
      const problems: string[] = [];
      const check = async (what: string) => {
        for (const violation of await axeViolations(page)) problems.push(`${what}: ${violation}`);
      };
      await openModal(page, 'how do I deploy an app?');
      await page.locator('.tower-askai-row').waitFor();
      await page.locator('.DocSearch-HitsFooter a').waitFor();
      await check('modal with a question');
      await page.locator('.tower-askai-row').click();
      await page.locator('.tower-askai__body a').first().waitFor();
      await check('Ask AI answer');
      await page.keyboard.press('Escape');
      await page.keyboard.press('Escape');
      for (const [state, path] of [
        ['empty search page', SEARCH_PAGE],
        ['nothing found', `${SEARCH_PAGE}?q=sceduel`],
      ]) {
        await goto(page, `${site.base}${path}`);
        await page.getByRole('region', {name: 'Popular searches'}).waitFor();
        await check(state);
      }
      assert.deepEqual(problems, []);
      await context.close();
    });
  }
});
