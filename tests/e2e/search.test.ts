/**
 * Search as a reader meets it in local mode (the default build): the modal,
 * its shortcuts, recent and favourite searches, Ask AI answered from the
 * docs, the /search page, escaping, lazy loading and no off-origin requests.
 */
import assert from 'node:assert/strict';
import {describe, test} from 'node:test';
import type {Page} from 'playwright-core';
import {SEARCH} from '../../src/constants';
import {goto, openContext, type Watched, settle} from '../../lib/browser';
import {useSite} from './support/site';

const site = useSite();

const modal = (page: Page) => page.locator('.DocSearch-Modal');
const input = (page: Page) => page.locator('.DocSearch-Input');
const hits = (page: Page) => page.locator('.DocSearch-Hit [data-url]');

async function open(page: Page, path = '/docs/intro'): Promise<void> {
  await goto(page, `${site.base}${path}`);
  await settle(page);
}

/** Replaces the modal's query and waits for its results. */
async function typeQuery(page: Page, query: string): Promise<void> {
  await input(page).click();
  await input(page).fill(query);
  try {
    await page.waitForFunction(
      (q) =>
        (document.querySelector('.DocSearch-Input') as HTMLInputElement | null)?.value === q && document.querySelector('.DocSearch-Hit [data-url]') !== null,
      query,
      {timeout: 8000},
    );
  } catch (error) {
    const state = await page.evaluate(() => ({
      value: (document.querySelector('.DocSearch-Input') as HTMLInputElement | null)?.value,
      active: document.activeElement?.className,
      dropdown: document.querySelector('.DocSearch-Dropdown')?.textContent?.slice(0, 300),
    }));
    throw new Error(`no results for ${JSON.stringify(query)}: ${JSON.stringify(state)}`, {cause: error});
  }
}

function finish(watched: Watched): Promise<void> {
  assert.deepEqual(watched.offOrigin, [], 'no request leaves the site');
  assert.deepEqual(watched.pageErrors, []);
  return watched.context.close();
}

describe('search modal (local index)', () => {
  test('Ctrl+K opens it, a misspelt word finds schedules, Escape closes it and focus returns to the button', async () => {
    const watched = await openContext(site.browser, site.base);
    const {page} = watched;
    await open(page);
    await page.keyboard.press('Control+k');
    await modal(page).waitFor();
    await typeQuery(page, 'scedule');
    const titles = await page.locator('.DocSearch-Hit-title').allInnerTexts();
    assert.ok(
      titles.some((title) => /schedule/i.test(title)),
      `a schedule heading among ${titles.join(' | ')}`,
    );
    assert.ok((await page.locator('.DocSearch-Hit mark').count()) > 0, 'matches are highlighted');
    await page.keyboard.press('Escape');
    await modal(page).waitFor({state: 'detached'});
    assert.equal(await page.evaluate(() => document.activeElement?.classList.contains('DocSearch-Button')), true);
    // Reopening starts empty: closing cleared the query.
    await page.keyboard.press('Control+k');
    assert.equal(await input(page).inputValue(), '');
    await finish(watched);
  });

  test('"/" opens it, but not while typing in a text field', async () => {
    const watched = await openContext(site.browser, site.base);
    const {page} = watched;
    await open(page, `/${SEARCH.pagePath}`);
    await page.locator('input[type="search"]').click();
    await page.keyboard.type('a/b');
    assert.equal(await modal(page).count(), 0, 'no modal while typing in the page search box');
    assert.equal(await page.locator('input[type="search"]').inputValue(), 'a/b');
    await page.locator('h1').click();
    await page.keyboard.press('/');
    await modal(page).waitFor();
    await finish(watched);
  });

  test('clicking the button opens it; a letter typed on the focused button becomes the query', async () => {
    const watched = await openContext(site.browser, site.base);
    const {page} = watched;
    await open(page);
    await page.locator('.DocSearch-Button').click();
    await modal(page).waitFor();
    await page.keyboard.press('Escape');
    await modal(page).waitFor({state: 'detached'});
    await page.locator('.DocSearch-Button').focus();
    await page.keyboard.press('t');
    await modal(page).waitFor();
    assert.equal(await input(page).inputValue(), 't');
    await page.keyboard.press('Escape');
    await page.locator('.DocSearch-Button').focus();
    await page.keyboard.press('7');
    await modal(page).waitFor();
    assert.equal(await input(page).inputValue(), '7');
    await finish(watched);
  });

  test('a result navigates inside the app; the search is then offered as recent and can be made a favourite', async () => {
    const watched = await openContext(site.browser, site.base);
    const {page} = watched;
    await open(page);
    await page.evaluate(() => ((window as Window & {stayed?: boolean}).stayed = true));
    await page.keyboard.press('Control+k');
    await typeQuery(page, 'towerfile app name');
    const href = (await hits(page).first().getAttribute('data-url'))!;
    assert.match(href, /^\/docs\//, 'results are site routes');
    await hits(page).first().click();
    await page.waitForURL((url) => url.pathname === href.split('#')[0]);
    await modal(page).waitFor({state: 'detached'});
    assert.equal(await page.evaluate(() => (window as Window & {stayed?: boolean}).stayed), true, 'no full page load');
    await settle(page);
    await page.keyboard.press('Control+k');
    await modal(page).waitFor();
    const recent = page.locator('.DocSearch-Hit-source', {hasText: 'Recent'});
    await recent.waitFor();
    await page.locator('.DocSearch-Hit-action-button[title="Save this search"]').first().click();
    await page.locator('.DocSearch-Hit-source', {hasText: 'Favorite'}).waitFor();
    await finish(watched);
  });

  test('a result is no control inside its option, yet a click opens it and a Ctrl+click opens it in a new tab', async () => {
    const watched = await openContext(site.browser, site.base);
    const {page, context} = watched;
    await open(page);
    await page.keyboard.press('Control+k');
    await modal(page).waitFor();
    await typeQuery(page, 'schedule');
    assert.equal(await page.locator('.DocSearch-Hit[role="option"] :is(a, button, [tabindex])').count(), 0);
    // The local index is not Algolia's: no "Powered by Algolia" link.
    assert.equal(await page.getByText('Powered by').isVisible(), false);
    assert.equal(await page.locator('.DocSearch-Modal a[href*="algolia.com"]:visible').count(), 0);
    const url = (await hits(page).nth(1).getAttribute('data-url'))!;
    const [popup] = await Promise.all([
      context.waitForEvent('page'),
      hits(page)
        .nth(1)
        .click({modifiers: ['Control']}),
    ]);
    await popup.waitForLoadState();
    assert.equal(new URL(popup.url()).pathname, url.split('#')[0]);
    await popup.close();
    await finish(watched);
  });

  test('"See all" leads to /search with the query', async () => {
    const watched = await openContext(site.browser, site.base);
    const {page} = watched;
    await open(page);
    await page.keyboard.press('Control+k');
    await typeQuery(page, 'deploy');
    const seeAll = page.locator('.DocSearch-HitsFooter a');
    assert.match(await seeAll.innerText(), /^See all \d+ results$/);
    await seeAll.click();
    await page.waitForURL(`${site.base}/${SEARCH.pagePath}?q=deploy`);
    await page.locator('article h2 a').first().waitFor();
    assert.equal(await modal(page).count(), 0, 'the modal closed');
    await finish(watched);
  });

  test('Ask AI answers from the docs with the cited section and the disclaimer; Escape leaves Ask AI first', async () => {
    const watched = await openContext(site.browser, site.base);
    const {page} = watched;
    await open(page);
    await page.keyboard.press('Control+k');
    await typeQuery(page, 'how do I pass parameters to a run');
    // A question: Ask AI is the first row.
    await page.locator('.DocSearch-Hit').first().locator('.tower-askai-row').click();
    const panel = page.getByRole('dialog', {name: 'Ask AI'});
    const cited = panel.getByRole('list', {name: /^From (this section|these sections)$/});
    await cited.waitFor();
    assert.match(await panel.innerText(), /assembled from the docs[\s\S]*may be wrong/);
    const cites = await cited.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    assert.ok(cites.length >= 1 && cites.every((href) => href?.startsWith('/docs/')), `the answer cites sections: ${cites.join(', ')}`);
    await page.keyboard.press('Escape');
    await panel.waitFor({state: 'detached'});
    assert.equal(await modal(page).count(), 1, 'still in the modal, back in keyword search');
    await page.keyboard.press('Escape');
    await modal(page).waitFor({state: 'detached'});
    // Reopening starts in keyword search, not in Ask AI.
    await page.keyboard.press('Control+k');
    await modal(page).waitFor();
    assert.equal(await panel.count(), 0);
    await finish(watched);
  });

  test("an Ask AI answer shows a table as a table and code as the site's code block with its copy button", async () => {
    const watched = await openContext(site.browser, site.base);
    const {page} = watched;
    await open(page);
    const ask = async (question: string) => {
      await page.keyboard.press('Control+k');
      await typeQuery(page, question);
      // Questions: Ask AI is the first row.
      await page.locator('.tower-askai-row').click();
      const panel = page.getByRole('dialog', {name: 'Ask AI'});
      await panel.getByRole('list', {name: /^From (this section|these sections)$/}).waitFor();
      return panel;
    };
    let panel = await ask('what are the run statuses');
    const table = panel.getByRole('table');
    assert.ok((await table.count()) >= 1, 'a table');
    assert.match(await table.first().innerText(), /crashed/);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    panel = await ask('how do I set a secret for production');
    const code = panel.locator('pre code').first();
    assert.match(await code.innerText(), /tower secrets create .*--environment production/);
    assert.ok((await panel.getByRole('button', {name: 'Copy code to clipboard'}).count()) >= 1, 'a copy button');
    assert.doesNotMatch(await panel.innerText(), /TOWER_INFERENCE_ROUTER/);
    const cites = await panel.getByRole('list', {name: 'From this section'}).getByRole('link').first().getAttribute('href');
    assert.equal(cites, '/docs/concepts/environments#create-list-and-delete-secrets');
    await finish(watched);
  });

  test('markup in an Ask AI question is shown as text, never run', async () => {
    const watched = await openContext(site.browser, site.base);
    const {page} = watched;
    await open(page);
    await page.keyboard.press('Control+k');
    const hostile = '<img src=x onerror="window.__askAiXss=1"> can I write apps in Ruby';
    await typeQuery(page, hostile);
    // Nothing matches: Ask AI is the first row.
    await page.locator('.tower-askai-row').click();
    const panel = page.getByRole('dialog', {name: 'Ask AI'});
    await panel.getByText('Not in the docs').waitFor();
    assert.ok((await panel.innerText()).includes('<img src=x'), 'the question is quoted as typed');
    assert.equal(await panel.locator('img').count(), 0);
    assert.equal(await page.evaluate(() => (window as unknown as {__askAiXss?: number}).__askAiXss), undefined);
    await finish(watched);
  });

  test('Enter opens the highlighted first result, not Ask AI', async () => {
    const watched = await openContext(site.browser, site.base);
    const {page} = watched;
    await open(page);
    await page.keyboard.press('Control+k');
    await typeQuery(page, 'create a schedule');
    const first = hits(page).first();
    const url = (await first.getAttribute('data-url'))!;
    assert.equal(
      await page.locator('.DocSearch-Hit[aria-selected="true"] [data-url]').getAttribute('data-url'),
      url,
      'the first result is the highlighted one',
    );
    await page.keyboard.press('Enter');
    await page.waitForURL((target) => target.pathname + target.hash === url);
    assert.equal(await page.getByRole('dialog', {name: 'Ask AI'}).count(), 0);
    await finish(watched);
  });

  test('the modal lists pages in the order of the search page, each once with its sections under it', async () => {
    const watched = await openContext(site.browser, site.base);
    const {page} = watched;
    await open(page);
    await page.keyboard.press('Control+k');
    await typeQuery(page, 'secrets');
    const modalUrls = await hits(page).evaluateAll((results) => results.map((r) => r.getAttribute('data-url')!.split('#')[0]));
    const modalPages = [...new Set(modalUrls)];
    // Each page's sections are together: the page order has no repeats.
    assert.deepEqual(
      modalUrls.filter((url, i) => i === 0 || modalUrls[i - 1] !== url),
      modalPages,
    );
    const groups = await page.locator('.DocSearch-Hit-source').allInnerTexts();
    assert.equal(groups.length, modalPages.length, 'one group per page');
    assert.match(groups[0], / › /, `a group is the page's breadcrumb: ${groups[0]}`);
    await goto(page, `${site.base}/${SEARCH.pagePath}?q=secrets`);
    await page.locator('main article').first().waitFor();
    const pagePages = await page.locator('main article h2 a').evaluateAll((links) => links.map((a) => a.getAttribute('href')!.split('#')[0]));
    assert.deepEqual(pagePages.slice(0, modalPages.length), modalPages);
    await finish(watched);
  });

  test('"See all N results" is the count of the query on screen, typed a key at a time, and the search page agrees', async () => {
    const watched = await openContext(site.browser, site.base);
    const {page} = watched;
    await open(page);
    await page.keyboard.press('Control+k');
    await input(page).pressSequentially('view run logs', {delay: 60});
    // The footer links to the search of the whole query and counts its results once they are in.
    await page.waitForFunction(() => {
      const link = document.querySelector<HTMLAnchorElement>('.DocSearch-HitsFooter a');
      return link !== null && new URL(link.href).searchParams.get('q') === 'view run logs' && !/^See all 0 /.test(link.textContent ?? '');
    });
    const seeAll = page.locator('.DocSearch-HitsFooter a');
    const count = Number(/^See all (\d+) results$/.exec(await seeAll.innerText())?.[1]);
    await seeAll.click();
    await page.waitForURL((url) => url.pathname === `/${SEARCH.pagePath}` && url.searchParams.get('q') === 'view run logs');
    // The URL changes before the search page replaces the page the modal was opened on.
    const summary = await page.locator('main p[aria-live]').filter({hasText: /match/}).innerText();
    assert.equal(summary, `${count} pages match, showing ${Math.min(count, 10)}.`);
    assert.ok(count > 0 && count < 60, `${count} pages is believable`);
    await finish(watched);
  });

  test('every result link is a page of this site', async () => {
    const watched = await openContext(site.browser, site.base);
    const {page} = watched;
    await open(page);
    await page.keyboard.press('Control+k');
    const seen = new Set<string>();
    for (const query of ['apps', 'secret', 'tower run', 'iceberg table', 'cron', 'tower.tables']) {
      await typeQuery(page, query);
      for (const href of await hits(page).evaluateAll((results) => results.map((r) => r.getAttribute('data-url')!))) seen.add(href.split('#')[0]);
    }
    for (const path of seen) {
      const response = await page.request.get(`${site.base}${path}`);
      assert.equal(response.status(), 200, `${path} exists`);
    }
    assert.ok(seen.size >= 5);
    await finish(watched);
  });

  test('markup in a query or in page text is shown as text', async () => {
    const watched = await openContext(site.browser, site.base);
    const {page} = watched;
    await open(page);
    await page.keyboard.press('Control+k');
    await typeQuery(page, '<img src=x onerror="window.pwned=1"> <b>tower</b> run');
    assert.equal(await page.locator('.DocSearch-Dropdown img, .DocSearch-Dropdown b').count(), 0);
    // The SDK reference has signatures such as "-> Optional[str]" and "<NAME>" placeholders.
    await typeQuery(page, 'environments create name');
    assert.equal(await page.evaluate(() => (window as Window & {pwned?: number}).pwned), undefined);
    await finish(watched);
  });

  test('the modal code and the index load only when the reader reaches for search', async () => {
    const watched = await openContext(site.browser, site.base);
    const {page} = watched;
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await open(page);
    await settle(page);
    assert.ok(!requested.includes(`/${SEARCH.indexFile}`), 'no index before searching');
    assert.ok(!requested.some((path) => /search-engine/.test(path)), 'no engine before searching');
    const before = requested.length;
    await page.keyboard.press('Control+k');
    await modal(page).waitFor();
    assert.ok(requested.length > before, 'the modal code arrived on demand');
    await typeQuery(page, 'environment');
    assert.ok(requested.includes(`/${SEARCH.indexFile}`), 'the index arrived with the first query');
    await finish(watched);
  });
});

describe('search page (local index)', () => {
  test('reads q, shows titles, breadcrumbs and snippets, pages through results and keeps the URL in step', async () => {
    const watched = await openContext(site.browser, site.base);
    const {page} = watched;
    await open(page, `/${SEARCH.pagePath}?q=tower`);
    const results = page.locator('main article');
    await results.first().waitFor();
    assert.equal(await page.locator('main h1').innerText(), 'Search results for “tower”');
    assert.equal(await results.count(), 10);
    assert.ok((await results.first().locator('h2 a').innerText()).length > 0);
    assert.ok((await page.locator('main article .breadcrumbs__item').count()) > 0, 'breadcrumbs');
    assert.ok((await page.locator('main article p mark').count()) > 0, 'highlighted snippets');
    await page.getByRole('button', {name: 'Show more results'}).click();
    await page.waitForFunction(() => document.querySelectorAll('main article').length === 20);
    await page.locator('input[type="search"]').fill('schedule');
    await page.waitForURL(`${site.base}/${SEARCH.pagePath}?q=schedule`);
    await page.waitForFunction(() => document.querySelector('main h1')?.textContent === 'Search results for “schedule”');
    await results.first().waitFor();
    const href = (await results.first().locator('h2 a').getAttribute('href'))!;
    await results.first().locator('h2 a').click();
    await page.waitForURL((url) => url.pathname === href.split('#')[0]);
    await finish(watched);
  });

  test('the index downloads with the page, not after its code, and React draws the results', async () => {
    const watched = await openContext(site.browser, site.base);
    const {page} = watched;
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await goto(page, `${site.base}/${SEARCH.pagePath}?q=schedule`);
    await page.locator('main article').first().waitFor();
    const index = requested.indexOf(`/${SEARCH.indexFile}`);
    const mainBundle = requested.findIndex((path) => /\/assets\/js\/main\.[^/]+\.js$/.test(path));
    assert.ok(index >= 0 && mainBundle >= 0, requested.join(' '));
    assert.ok(index < mainBundle, `the index is preloaded by the page's HTML: ${requested.join(' ')}`);
    assert.equal(requested.filter((path) => path === `/${SEARCH.indexFile}`).length, 1, 'fetched once: the preload is reused');
    assert.equal(await page.locator('main h1').innerText(), 'Search results for “schedule”');
    assert.deepEqual(watched.consoleErrors, []);
    await finish(watched);
  });

  test('typing, "Show more" and a click on a result work', async () => {
    const watched = await openContext(site.browser, site.base);
    const {page} = watched;
    await open(page, `/${SEARCH.pagePath}?q=secrets`);
    await page.locator('main article').first().waitFor();
    await page.getByRole('button', {name: 'Show more results'}).click();
    await page.waitForFunction(() => document.querySelectorAll('main article').length === 20);
    await page.getByRole('searchbox', {name: 'Search'}).fill('cron');
    await page.waitForURL(`${site.base}/${SEARCH.pagePath}?q=cron`);
    await page.waitForFunction(() => document.querySelector('main h1')?.textContent === 'Search results for “cron”');
    const link = page.locator('main article h2 a').first();
    await link.waitFor();
    const href = (await link.getAttribute('href'))!;
    const navigated = page.waitForURL((url) => url.pathname === href.split('#')[0]);
    let documents = 0;
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents += 1;
    });
    await link.click();
    await navigated;
    assert.equal(documents, 0, 'navigated inside the app, without loading a page');
    await finish(watched);
  });

  test('filters by kind of page, kept in the URL, with counts', async () => {
    const watched = await openContext(site.browser, site.base);
    const {page} = watched;
    await open(page, `/${SEARCH.pagePath}?q=schedule`);
    await page.locator('main article').first().waitFor();
    const api = page.getByRole('button', {name: /^API \d+$/});
    const apiCount = Number((await api.innerText()).replace(/\D/g, ''));
    await api.click();
    await page.waitForURL(`${site.base}/${SEARCH.pagePath}?q=schedule&kind=api`);
    assert.equal(await api.getAttribute('aria-pressed'), 'true');
    await page.waitForFunction((n) => document.querySelector('main [aria-live]')?.textContent?.startsWith(`${n} pages match`), apiCount);
    const links = await page.locator('main article h2 a').evaluateAll((all) => all.map((a) => a.getAttribute('href')!));
    assert.ok(links.length > 0 && links.every((href) => href.startsWith('/docs/reference/api/')), links.join(' '));
    // The breadcrumbs say where each operation lives.
    assert.deepEqual(await page.locator('main article').first().locator('.breadcrumbs__item').allInnerTexts(), ['Reference', 'Tower API', 'Schedules']);
    // The filter survives a reload, and "All" lifts it.
    await goto(page, page.url());
    await page.locator('main article').first().waitFor();
    assert.equal(await page.getByRole('button', {name: /^API \d+$/}).getAttribute('aria-pressed'), 'true');
    await page.getByRole('button', {name: /^All \d+$/}).click();
    await page.waitForURL(`${site.base}/${SEARCH.pagePath}?q=schedule`);
    await finish(watched);
  });

  test('a method and its path stay apart in snippets', async () => {
    const watched = await openContext(site.browser, site.base);
    const {page} = watched;
    await open(page, `/${SEARCH.pagePath}?q=${encodeURIComponent('POST /apps/{name}/runs')}`);
    const first = page.locator('main article').first();
    await first.waitFor();
    assert.equal(await first.locator('h2').innerText(), 'Run an app');
    assert.match(await first.locator('p').first().innerText(), /POST \/apps\/\{name\}\/runs/);
    await finish(watched);
  });

  test('markup in ?q= is shown as text', async () => {
    const watched = await openContext(site.browser, site.base);
    const {page} = watched;
    const query = '<img src=x onerror="window.pwned=1">tower';
    await open(page, `/${SEARCH.pagePath}?q=${encodeURIComponent(query)}`);
    await page.locator('main article').first().waitFor();
    assert.equal(await page.locator('main h1').innerText(), `Search results for “${query}”`);
    assert.equal(await page.locator('main img').count(), 0);
    assert.equal(await page.evaluate(() => (window as Window & {pwned?: number}).pwned), undefined);
    await finish(watched);
  });
});
