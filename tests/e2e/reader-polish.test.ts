/**
 * What a new reader notices first, measured in the browser: tables and inline code on a phone,
 * the home page's first screen and its cards, the not-found page (at the root and under /docs/,
 * as nginx serves it), and the dark theme's footer, buttons and links. Each look the review named
 * also passes axe in light and dark, at 1280 px and at 390 px.
 */
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, test} from 'node:test';
import type {Page} from 'playwright-core';
import {DESKTOP, PHONE, goto, openContext} from '../../lib/browser';
import {REPO_ROOT} from '../../lib/paths';
import {axeViolations, LOOKS, openAxeContext} from './support/axe';
import {useSite} from './support/site';

const site = useSite();

/** The pages with the widest tables: the references, the MCP server page and the introduction. */
const TABLE_PAGES = ['/docs/reference/tower-cli', '/docs/reference/tower-sdk', '/docs/reference/towerfile', '/docs/reference/mcp-server', '/docs/intro'];

/** Tables (Markdown tables of the article) wider than the page, and inline code drawn on more than one line. */
const READ_LAYOUT = `(() => {
  const width = document.documentElement.clientWidth;
  const wideTables = Array.from(document.querySelectorAll('article .markdown table'))
    .filter((table) => table.getBoundingClientRect().right > width + 0.5 || table.scrollWidth > table.clientWidth + 1)
    .map((table) => (table.querySelector('th, td') || {}).textContent);
  // A piece of inline code (a whole <code>, or one word of a long one) drawn as more than one box has been cut,
  // unless it is a word longer than the line it is in could ever hold (then it must break somewhere).
  const oneLineWidth = (code) => {
    const probe = code.cloneNode(true);
    probe.style.whiteSpace = 'nowrap';
    probe.style.position = 'absolute';
    probe.style.visibility = 'hidden';
    code.parentElement.append(probe);
    const width = probe.getBoundingClientRect().width;
    probe.remove();
    return width;
  };
  const lineWidth = (code) => {
    let block = code.parentElement;
    while (block && getComputedStyle(block).display.startsWith('inline')) block = block.parentElement;
    return block.clientWidth;
  };
  // Drawn as two boxes, or (a long word in a box of its own) taller than one line.
  const isCut = (code) => code.getClientRects().length > 1 || code.getBoundingClientRect().height > parseFloat(getComputedStyle(code).lineHeight) * 1.5;
  const cutCode = Array.from(document.querySelectorAll('article .markdown :not(pre) > code'))
    .filter(isCut)
    .filter((code) => !code.classList.contains('code-long') || oneLineWidth(code) <= lineWidth(code))
    .map((code) => code.textContent);
  return {wideTables, cutCode, pageOverflow: document.documentElement.scrollWidth - width};
})()`;

type Layout = {wideTables: string[]; cutCode: string[]; pageOverflow: number};

describe('tables and inline code on a phone', () => {
  test('no table is wider than a 390 px screen on the reference pages, and no inline code is cut', async () => {
    const {page, context} = await openContext(site.browser, site.base, {viewport: PHONE});
    const problems: string[] = [];
    for (const route of TABLE_PAGES) {
      await goto(page, `${site.base}${route}`);
      const layout = (await page.evaluate(READ_LAYOUT)) as Layout;
      for (const table of layout.wideTables) problems.push(`${route}: the table starting "${table}" is wider than the screen`);
      for (const code of layout.cutCode) problems.push(`${route}: the inline code "${code}" is cut over two lines`);
      if (layout.pageOverflow > 0) problems.push(`${route}: the page scrolls sideways by ${layout.pageOverflow} px`);
    }
    assert.deepEqual(problems, []);
    await context.close();
  });

  test('an options table reads as entries: the name and its short flag, then type and default, then the description', async () => {
    const {page, context} = await openContext(site.browser, site.base, {viewport: PHONE});
    await goto(page, `${site.base}/docs/reference/tower-cli#tower-run`);
    const row = page.locator('#tower-run ~ table').first().locator('tbody tr').filter({hasText: '--environment <ENV>'});
    const cells = await row.locator('td').evaluateAll((tds) =>
      tds.map((td) => {
        const box = td.getBoundingClientRect();
        const style = getComputedStyle(td, '::before').content;
        return {text: (td as HTMLElement).innerText.trim(), top: Math.round(box.top), left: Math.round(box.left), label: style === 'none' ? '' : style};
      }),
    );
    const [name, short, type, fallback, description] = cells;
    assert.deepEqual([name.text, short.text, description.text], ['--environment <ENV>', '-e', 'Environment to run in.']);
    assert.match(type.text, /string/);
    assert.match(fallback.text, /default/);
    assert.equal(short.top, name.top, 'the short flag is beside the name');
    assert.ok(type.top > name.top && fallback.top === type.top, 'type and default share the next line');
    assert.ok(description.top > type.top && description.left === name.left, 'the description comes last, at the start of its line');
    assert.deepEqual([type.label, fallback.label], ['"Type "', '"Default "']);
    // A row with no short flag leaves no gap for one.
    const dir = page.locator('#tower-run ~ table').first().locator('tbody tr').filter({hasText: '--dir <DIR>'});
    assert.equal(await dir.locator('td').nth(1).isVisible(), false);
    await context.close();
  });

  test('at 1280 px an options table beside the sidebar is entries too, and a two-column table stays a table', async () => {
    const {page, context} = await openContext(site.browser, site.base, {viewport: DESKTOP});
    await goto(page, `${site.base}/docs/reference/tower-cli#tower-run`);
    const options = page.locator('#tower-run ~ table').first();
    assert.equal(
      await options
        .locator('tr')
        .first()
        .evaluate((tr) => getComputedStyle(tr).display),
      'flex',
    );
    await goto(page, `${site.base}/docs/using-tower/orchestrate#schedule-syntax`);
    assert.equal(
      await page
        .locator('#schedule-syntax ~ table')
        .first()
        .locator('tbody tr')
        .first()
        .evaluate((tr) => getComputedStyle(tr).display),
      'table-row',
    );
    await context.close();
  });
});

/** Each card's box, by the row it is on (its top). */
async function cardRows(page: Page, list: string): Promise<{right: number; left: number}[][]> {
  const boxes = await page
    .getByRole('list', {name: list})
    .getByRole('listitem')
    .evaluateAll((items) => items.map((item) => item.getBoundingClientRect()).map((box) => ({top: Math.round(box.top), left: box.left, right: box.right})));
  const rows = new Map<number, {left: number; right: number}[]>();
  for (const box of boxes) rows.set(box.top, [...(rows.get(box.top) ?? []), box]);
  return [...rows.values()];
}

const CLI_VERSION = (JSON.parse(readFileSync(path.join(REPO_ROOT, 'data/cli-manifest.json'), 'utf8')) as {cliVersion: string}).cliVersion;

describe('home page', () => {
  for (const viewport of [DESKTOP, {width: 800, height: 900}, PHONE]) {
    test(`at ${viewport.width} px the cards fill every row they are on`, async () => {
      const {page, context} = await openContext(site.browser, site.base, {viewport});
      await goto(page, `${site.base}/`);
      for (const list of ['Tasks', 'Guides', 'Reference']) {
        const listBox = (await page.getByRole('list', {name: list}).boundingBox())!;
        for (const row of await cardRows(page, list)) {
          assert.ok(Math.abs(row[0].left - listBox.x) < 1, `${list}: a row starts at the list's left edge`);
          assert.ok(Math.abs(row.at(-1)!.right - (listBox.x + listBox.width)) < 1, `${list}: a row reaches the list's right edge`);
        }
      }
      await context.close();
    });
  }

  test('the first screen: install line, tower version with its real output, and the tasks readers come for', async () => {
    const {page, context} = await openContext(site.browser, site.base, {viewport: DESKTOP});
    await goto(page, `${site.base}/`);
    const terminal = page.locator('header figure pre');
    assert.equal(await terminal.innerText(), `$ pip install -U tower\n$ tower version\nv${CLI_VERSION}\n$ tower login\n$ tower deploy\n$ tower run`);
    assert.equal(await page.locator('header img, header svg[class*="logo"]').count(), 0, 'no second logo under the navbar');
    const tasks = await page
      .getByRole('list', {name: 'Tasks'})
      .getByRole('link')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    assert.deepEqual(tasks, [
      '/docs/getting-started/quick-start',
      '/docs/using-tower/orchestrate#run-apps-on-a-schedule',
      '/docs/concepts/environments#secrets',
      '/docs/reference/towerfile-checker',
    ]);
    const box = (await page.getByRole('list', {name: 'Tasks'}).boundingBox())!;
    assert.ok(box.y < DESKTOP.height, 'the tasks start on the first screen');
    await context.close();
  });

  test('the search box opens the search modal (and is a link to the search page without JavaScript)', async () => {
    const {page, context} = await openContext(site.browser, site.base, {viewport: PHONE});
    await goto(page, `${site.base}/`);
    const box = page.getByRole('link', {name: 'Search the docs'});
    assert.equal(await box.getAttribute('href'), '/search');
    await box.click();
    await page.locator('.DocSearch-Modal .DocSearch-Input').waitFor();
    assert.equal(new URL(page.url()).pathname, '/');
    await context.close();
  });

  test('on a phone the calls to action are one width and no terminal line wraps', async () => {
    const {page, context} = await openContext(site.browser, site.base, {viewport: PHONE});
    await goto(page, `${site.base}/`);
    const widths = await page.locator('header .button').evaluateAll((buttons) => buttons.map((b) => Math.round(b.getBoundingClientRect().width)));
    assert.equal(widths.length, 2);
    assert.equal(widths[0], widths[1]);
    const lines = await page
      .locator('header figure pre code')
      .evaluateAll((codes) =>
        codes.map((code) => ({text: code.textContent, boxes: code.getClientRects().length, height: code.getBoundingClientRect().height})),
      );
    const lineHeight = lines.find((line) => !line.text!.includes('\n'))!.height;
    for (const line of lines) assert.ok(line.height <= lineHeight * line.text!.split('\n').length + 1, `"${line.text}" is not wrapped`);
    await context.close();
  });
});

/** What the not-found page offers, once the page has loaded. */
async function notFound(
  page: Page,
  url: string,
): Promise<{status: number | undefined; title: string; heading: string; search: {action: string | null; query: string}; closest: string[]; home: boolean}> {
  const response = await page.goto(url, {waitUntil: 'load'});
  await page.getByRole('heading', {level: 1, name: 'Page not found'}).waitFor();
  await page.waitForFunction(() => !/this address/.test(document.querySelector('main p')?.textContent ?? 'this address'));
  const form = page.getByRole('search', {name: 'Search the docs'});
  return {
    status: response?.status(),
    title: await page.title(),
    heading: await page.locator('h1').innerText(),
    search: {action: await form.getAttribute('action'), query: await form.getByRole('searchbox').inputValue()},
    closest: await page
      .getByRole('region', {name: 'Pages with a similar address'})
      .getByRole('link')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')!))
      .catch(() => []),
    home: (await page.locator('main a[href="/"]').count()) === 1,
  };
}

describe('not-found page', () => {
  test('under /docs/: "Page not found", a search box with the words of the address, the closest pages and a way home', async () => {
    const {page, context} = await openContext(site.browser, site.base);
    const found = await notFound(page, `${site.base}/docs/refrence/tower-cli`);
    assert.equal(found.status, 404, 'nginx answers 404 with the site page');
    assert.equal(found.title, 'Page not found | Tower');
    assert.equal(found.heading, 'Page not found');
    assert.deepEqual(found.search, {action: '/search', query: 'refrence tower cli'});
    assert.equal(found.closest[0], '/docs/reference/tower-cli');
    assert.ok(found.home);
    // The search box searches: the results page, with the words.
    await page.getByRole('search', {name: 'Search the docs'}).getByRole('button', {name: 'Search'}).click();
    await page.waitForURL(/\/search\?q=refrence\+tower\+cli$/);
    await context.close();
  });

  test('at the root, the same page and title; an address with nothing close still offers search and home', async () => {
    const {page, context} = await openContext(site.browser, site.base);
    const quick = await notFound(page, `${site.base}/quickstart`);
    assert.equal(quick.title, 'Page not found | Tower');
    assert.equal(quick.closest[0], '/docs/getting-started/quick-start');
    const nothing = await notFound(page, `${site.base}/zzz/qqq`);
    assert.deepEqual(nothing.closest, []);
    assert.deepEqual(nothing.search, {action: '/search', query: 'zzz qqq'});
    assert.ok(nothing.home);
    await context.close();
  });

  test('after a client-side navigation to an unknown address the closest pages follow the new address', async () => {
    const {page, context} = await openContext(site.browser, site.base);
    await goto(page, `${site.base}/docs/intro`);
    await page.evaluate(() => {
      window.history.pushState({}, '', '/docs/concepts/enviroments');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.getByRole('region', {name: 'Pages with a similar address'}).getByRole('link', {name: 'Environments', exact: true}).waitFor();
    assert.equal(await page.title(), 'Page not found | Tower');
    await context.close();
  });
});

describe('dark theme', () => {
  test('footer apart from the body, outlined secondary buttons, no external-link icon on mailto links', async () => {
    const {page, context} = await openContext(site.browser, site.base, {viewport: DESKTOP});
    await context.addInitScript(`try { localStorage.setItem('theme', 'dark') } catch (e) {}`);
    await goto(page, `${site.base}/`);
    const colours = await page.evaluate(() => ({
      body: getComputedStyle(document.body).backgroundColor,
      page: getComputedStyle(document.documentElement).backgroundColor,
      footer: getComputedStyle(document.querySelector('footer')!).backgroundColor,
      footerEdge: getComputedStyle(document.querySelector('footer')!).borderTopWidth,
      secondary: getComputedStyle(document.querySelector('.button--secondary')!).backgroundColor,
    }));
    assert.notEqual(colours.footer, colours.page);
    assert.equal(colours.footerEdge, '1px');
    assert.equal(colours.secondary, 'rgba(0, 0, 0, 0)', 'the secondary button is outlined, not a light slab');
    const mail = page.locator('footer a[href^="mailto:"]');
    assert.equal(await mail.count(), 1);
    assert.equal(await mail.locator('svg').count(), 0);
    await context.close();
  });

  test('an e-mail link in a page opens the mail program where it is, not in a new empty tab', async () => {
    const {page, context} = await openContext(site.browser, site.base, {viewport: DESKTOP});
    await goto(page, `${site.base}/docs/architecture/security`);
    const mail = page.locator('article a[href^="mailto:"]');
    assert.ok((await mail.count()) > 0, 'the page has an e-mail link');
    assert.deepEqual(await mail.evaluateAll((links) => links.map((link) => link.getAttribute('target'))).then((targets) => [...new Set(targets)]), [null]);
    await context.close();
  });
});

describe('accessibility of what the review looked at (axe-core)', () => {
  for (const look of LOOKS) {
    test(`no violations, ${look.device}, ${look.theme}`, async () => {
      const {page, context} = await openAxeContext(site.browser, site.base, look);
      const found: string[] = [];
      for (const route of ['/', '/docs/refrence/tower-cli', '/quickstart', '/docs/intro', '/docs/reference/tower-cli', '/docs/architecture/networking']) {
        await goto(page, `${site.base}${route}`);
        assert.equal(await page.locator('html').getAttribute('data-theme'), look.theme);
        for (const violation of await axeViolations(page)) found.push(`${route}: ${violation}`);
      }
      assert.deepEqual(found, []);
      await context.close();
    });
  }
});
