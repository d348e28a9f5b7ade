/**
 * The API reference as a reader meets it: the overview and every operation
 * page (the 85 of the site contract and the further ones of the API facts)
 * answer with the right heading, method and path; pages carry code
 * samples but no request form and no send button; nothing leaves the origin;
 * and no API-explorer code reaches the browser on any page.
 */
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {dirname, join, resolve} from 'node:path';
import {describe, test} from 'node:test';
import type {Page} from 'playwright-core';
import {parse} from 'yaml';
import {SPEC_PATH} from '../../plugins/api-reference/sidebar';
import {PHONE, goto, openContext, waitForHydration} from '../../lib/browser';
import {useSite} from './support/site';
import {titleBecomes} from './support/waits';
import {axeViolations, LOOKS, openAxeContext} from './support/axe';
import {API_OPERATION_IDS, API_OVERVIEW, API_ROUTES, CONTRACT_API_OPERATION_IDS} from './routes';

const site = useSite();

type SpecOperation = {operationId: string; 'x-tower-cli'?: string; 'x-tower-sdk'?: string};
const SPEC = parse(readFileSync(SPEC_PATH, 'utf8')) as {
  tags: {name: string}[];
  paths: Record<string, Record<string, SpecOperation>>;
};
const OPERATIONS = new Map(
  Object.values(SPEC.paths)
    .flatMap((item) => Object.values(item))
    .filter((operation) => typeof operation === 'object' && operation?.operationId)
    .map((operation) => [operation.operationId, operation]),
);

/** Operation ids of the API facts kept in the repository (see data/api-facts/README.md). */
function factIds(file: string): string[] {
  const factsDir = resolve(dirname(SPEC_PATH), '..', 'data', 'api-facts');
  const facts = JSON.parse(readFileSync(join(factsDir, file), 'utf8')) as {id: string}[];
  return facts.map((fact) => fact.id);
}

/** Markers of the theme's interactive explorer and of the code generators it ships. */
const EXPLORER_MARKERS = ['Send API Request', 'postman-collection', 'postman-code-generators', 'openapi-explorer', 'Add file'];

/** Heading text without the zero-width space of the anchor link. */
function clean(text: string): string {
  return text.replace(/\u200b/g, '').trim();
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** What a page offers that could send a request: forms, inputs, send buttons. */
async function requestControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const main = document.querySelector('main') ?? document.body;
    for (const element of Array.from(main.querySelectorAll('form, input, select, textarea, [contenteditable="true"]'))) {
      found.push(element.outerHTML.slice(0, 80));
    }
    for (const button of Array.from(document.querySelectorAll('button, [role="button"], input[type="submit"]'))) {
      const text = (button.textContent ?? '').trim();
      if (/^(send|execute|try it)/i.test(text)) found.push(`button "${text}"`);
    }
    return found;
  });
}

describe('API reference routes', () => {
  test('the table covers every operation of the API facts, the 85 of the site contract among them', () => {
    const contract = factIds('operations.json');
    const all = [...contract, ...factIds('extra-operations.json')];
    assert.deepEqual([...CONTRACT_API_OPERATION_IDS].sort(), [...contract].sort(), 'the contract list is operations.json');
    assert.equal(new Set(API_OPERATION_IDS).size, API_OPERATION_IDS.length);
    assert.deepEqual([...API_OPERATION_IDS].sort(), [...all].sort());
    assert.deepEqual([...OPERATIONS.keys()].sort(), [...API_OPERATION_IDS].sort());
  });

  test('the overview names the API, its base URL, authentication, errors, pagination and streams', async () => {
    const {page, context, offOrigin} = await openContext(site.browser, site.base);
    await goto(page, `${site.base}${API_OVERVIEW.path}`);
    assert.equal((await page.locator('article h1').innerText()).trim(), API_OVERVIEW.heading);
    const text = await page.locator('article').innerText();
    assert.match(text, /https:\/\/api\.tower\.dev\/v1/);
    const h2s = (await page.locator('article h2').allInnerTexts()).map(clean);
    for (const heading of ['Base URL', 'Authentication', 'Errors', 'Pagination', 'Streams', 'Operations']) {
      assert.ok(h2s.includes(heading), `overview lacks "${heading}" (has ${h2s.join(', ')})`);
    }
    // The operations index links every operation page.
    const links = await page
      .locator('article a[href^="/docs/reference/api/"]')
      .evaluateAll((anchors) => anchors.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
    for (const id of API_OPERATION_IDS) assert.ok(links.includes(`/docs/reference/api/${id}`), `no link to ${id}`);
    assert.deepEqual(await requestControls(page), []);
    assert.deepEqual(offOrigin, []);
    await context.close();
  });
});

describe('API operation pages', () => {
  // One visit per operation page for everything a page must show (the route table leaves these pages to this sweep).
  test('every operation page: heading, method and path, its title, copyable samples for each client, its sections; no form, no send button, nothing off-origin, no page error', async () => {
    const {page, context, offOrigin, pageErrors} = await openContext(site.browser, site.base);
    const problems: string[] = [];
    for (const route of API_ROUTES) {
      const {id} = route;
      const response = await page.goto(`${site.base}${route.path}`, {waitUntil: 'domcontentloaded'});
      if (response?.status() !== 200) problems.push(`${id}: status ${response?.status()}`);
      const heading = (await page.locator('article h1').first().textContent())?.trim();
      if (heading !== route.heading) problems.push(`${id}: h1 "${heading}", expected "${route.heading}"`);
      // The title as served (read from the HTML: during hydration the document title flickers), and once hydrated.
      const served = /<title[^>]*>([^<]*)<\/title>/.exec((await response?.text()) ?? '')?.[1];
      if (served !== `${escapeHtml(route.heading)} | Tower`) problems.push(`${id}: served title "${served}"`);
      const endpoint = page.locator('article .api-endpoint');
      if (!(await endpoint.isVisible())) {
        problems.push(`${id}: no visible method and path`);
        continue;
      }
      const method = (await endpoint.locator('.api-method').innerText()).trim();
      const apiPath = (await endpoint.locator('code').innerText()).trim();
      if (method !== route.method) problems.push(`${id}: method "${method}", expected ${route.method}`);
      if (apiPath !== route.apiPath) problems.push(`${id}: path "${apiPath}", expected ${route.apiPath}`);
      const controls = await requestControls(page);
      if (controls.length) problems.push(`${id}: request controls ${controls.join(', ')}`);

      const tabs = await page.locator('article [role="tab"]').allInnerTexts();
      const expected = ['curl', 'Python'];
      const operation = OPERATIONS.get(id)!;
      if (operation['x-tower-cli']) expected.push('tower CLI');
      if (operation['x-tower-sdk']) expected.push('Tower SDK');
      if (JSON.stringify(tabs) !== JSON.stringify(expected)) problems.push(`${id}: tabs ${tabs.join(', ')}`);
      const panels = page.locator('article [role="tabpanel"]');
      const curl = await panels.nth(0).locator('pre').textContent();
      if (!curl?.includes('curl --request') || !curl.includes('https://api.tower.dev/v1/')) problems.push(`${id}: curl sample "${curl}"`);
      const python = await panels.nth(1).locator('pre').textContent();
      if (!python?.includes('import httpx') || python.includes('import requests')) problems.push(`${id}: python sample`);
      if (operation['x-tower-cli']) {
        const cli = (await panels.nth(2).locator('pre').textContent())?.trim();
        if (cli !== operation['x-tower-cli']) problems.push(`${id}: CLI sample "${cli}"`);
      }
      for (const section of ['Code samples', 'Parameters', 'Request body', 'Responses']) {
        if ((await page.locator('article h2', {hasText: section}).count()) !== 1) problems.push(`${id}: no "${section}" section`);
      }
      if (!(await page.locator('article p', {hasText: 'Authentication:'}).count())) problems.push(`${id}: no authentication line`);

      // Copy buttons appear once React has hydrated the code blocks; the title is then the page's own.
      await waitForHydration(page);
      const copy = page.locator('article [role="tabpanel"]:not([hidden]) button[aria-label*="Copy" i]');
      if (
        !(await copy
          .first()
          .waitFor({timeout: 5000})
          .then(
            () => true,
            () => false,
          ))
      )
        problems.push(`${id}: no copy button`);
      if (!(await titleBecomes(page, route.heading))) problems.push(`${id}: title once hydrated "${await page.title()}"`);
    }
    assert.deepEqual(problems, []);
    assert.deepEqual(offOrigin, []);
    assert.deepEqual(pageErrors, []);
    await context.close();
  });

  test('run-app shows parameters, the body schema with an example, each response and related pages', async () => {
    const {page, context} = await openContext(site.browser, site.base);
    await goto(page, `${site.base}/docs/reference/api/run-app`);
    const article = page.locator('article');
    assert.match(await article.locator('table').first().innerText(), /name\s+path · string · required/);
    assert.match(await article.innerText(), /environment · string · required/);
    assert.deepEqual((await article.locator('h3').allInnerTexts()).map(clean), ['201 Created', '401 Unauthorized']);
    assert.ok((await article.locator('pre', {hasText: '"run"'}).count()) >= 1, 'a 201 example');
    const related = await article
      .locator('p', {hasText: 'Related:'})
      .locator('a')
      .evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')));
    assert.deepEqual(related, ['/docs/concepts/runs', '/docs/using-tower/orchestrate', '/docs/using-tower/retries']);
    await context.close();
  });

  test('the sidebar groups the operations by the tags in the spec order under Reference › Tower API', async () => {
    const {page, context} = await openContext(site.browser, site.base);
    await goto(page, `${site.base}/docs/reference/api/list-apps`);
    const sidebar = page.locator('.theme-doc-sidebar-container');
    const towerApi = sidebar.locator('a.menu__link', {hasText: /^Tower API$/});
    assert.equal(await towerApi.getAttribute('href'), API_OVERVIEW.path);
    const categories = await towerApi.locator('xpath=ancestor::li[contains(@class,"menu__list-item")][1]/ul/li/div/a').allInnerTexts();
    assert.deepEqual(
      categories.map((label) => label.trim()),
      SPEC.tags.map((tag) => tag.name),
    );
    const reference = await sidebar.locator('a.menu__link', {hasText: /^Reference$/}).getAttribute('href');
    assert.equal(reference, '/docs/category/reference');
    await context.close();
  });

  test('fits a 390 px phone in dark mode without sideways scrolling of the page', async () => {
    const {page, context} = await openContext(site.browser, site.base, {viewport: PHONE, colorScheme: 'dark'});
    for (const id of ['run-app', 'list-runs', 'deploy-app', 'stream-run-logs', 'update-catalog-fact', 'create-webhook']) {
      await goto(page, `${site.base}/docs/reference/api/${id}`);
      await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `${id}: page is ${overflow}px wider than the phone`);
      assert.ok(await page.locator('article .api-endpoint').isVisible());
    }
    await context.close();
  });
});

/** The three blocks of an operation page, where the reader sees them. */
async function blocks(page: Page) {
  // No named helpers inside evaluate: the test's compiler would wrap them in a helper the page lacks.
  return page.evaluate(() => {
    const [intro, samples, details] = ['.api-operation__intro', '.api-operation__samples', '.api-operation__details'].map((selector) => {
      const rect = document.querySelector(selector)!.getBoundingClientRect();
      return {left: rect.left, right: rect.right, top: rect.top, bottom: rect.bottom, width: rect.width};
    });
    return {
      intro,
      samples,
      details,
      position: getComputedStyle(document.querySelector('.api-operation__samples')!).position,
      viewport: {width: window.innerWidth, height: window.innerHeight},
      overflow: document.documentElement.scrollWidth - window.innerWidth,
    };
  });
}

/** The four pages the layout is checked on: the contract's busiest three and one of today's further operations. */
const LAYOUT_PAGES = ['run-app', 'create-schedule', 'list-runs', 'create-webhook'];

describe('operation page layout', () => {
  test('from 1200 px: two panes, the samples on the right and in view while the details scroll', async () => {
    const {page, context} = await openContext(site.browser, site.base, {viewport: {width: 1280, height: 800}});
    for (const id of LAYOUT_PAGES) {
      await goto(page, `${site.base}/docs/reference/api/${id}`);
      const top = await blocks(page);
      assert.equal(top.position, 'sticky', id);
      assert.ok(top.samples.left >= top.intro.right && top.samples.left >= top.details.right, `${id}: the samples are right of the summary and details`);
      assert.ok(top.samples.top < top.viewport.height && top.intro.top < top.viewport.height, `${id}: both panes start on the first screen`);
      assert.ok(top.samples.width >= 380, `${id}: the samples pane is ${top.samples.width}px wide`);
      // The example answer and the notes are in the right pane, under the tabs.
      assert.equal(await page.locator('.api-operation__samples [role="tab"]').first().isVisible(), true, id);
      assert.ok(
        (await page.locator('.api-operation__samples .theme-code-block', {hasText: /^Response 2\d\d/}).count()) === 1,
        `${id}: one example answer beside the samples`,
      );
      // Halfway down the part of the page where the left side is longer than the samples pane.
      const target = await page.evaluate(() => {
        const grid = document.querySelector('.api-operation')!.getBoundingClientRect();
        const pane = document.querySelector('.api-operation__samples')!.getBoundingClientRect();
        return Math.round(window.scrollY + grid.top + (grid.height - pane.height) / 2);
      });
      await page.evaluate((y) => window.scrollTo({top: y, behavior: 'instant'}), target);
      await page.waitForFunction((y) => Math.abs(window.scrollY - y) < 2, target);
      const scrolled = await blocks(page);
      assert.ok(scrolled.intro.top < -200, `${id}: the page scrolled down the left side`);
      assert.ok(scrolled.samples.top >= 0 && scrolled.samples.top < 150, `${id}: the samples stay in view (top at ${scrolled.samples.top}px)`);
      assert.ok(scrolled.samples.bottom <= scrolled.viewport.height, `${id}: the whole samples pane is on the screen`);
      assert.ok(scrolled.overflow <= 0, `${id}: the page is ${scrolled.overflow}px wider than the window`);
    }
    await context.close();
  });

  test('below 1200 px and on a 390 px phone: one column, the samples right after the summary, nothing wider than the screen', async () => {
    for (const viewport of [{width: 1199, height: 800}, PHONE]) {
      const {page, context} = await openContext(site.browser, site.base, {viewport});
      for (const id of LAYOUT_PAGES) {
        await goto(page, `${site.base}/docs/reference/api/${id}`);
        const layout = await blocks(page);
        const where = `${id} at ${viewport.width}px`;
        assert.equal(layout.position, 'static', where);
        assert.ok(
          layout.samples.top >= layout.intro.bottom && layout.details.top >= layout.samples.bottom,
          `${where}: summary, samples, details in that order`,
        );
        assert.ok(Math.abs(layout.samples.left - layout.intro.left) < 1 && Math.abs(layout.details.left - layout.intro.left) < 1, `${where}: one column`);
        assert.ok(layout.overflow <= 0, `${where}: the page is ${layout.overflow}px wider than the screen`);
        assert.ok(layout.samples.right <= layout.viewport.width, `${where}: the samples fit the screen`);
        const tabs = await page.locator('.api-operation__samples [role="tablist"]').evaluate((list) => list.scrollWidth - list.clientWidth);
        assert.ok(tabs <= 0, `${where}: the sample tabs are ${tabs}px wider than their row`);
      }
      await context.close();
    }
  });

  test('required is a small badge, success schemas open one level deep, error schemas link the Errors section of the overview', async () => {
    const {page, context} = await openContext(site.browser, site.base);
    await goto(page, `${site.base}/docs/reference/api/list-runs`);
    const article = page.locator('article');
    assert.equal(await article.locator('strong', {hasText: /^required$/}).count(), 0, 'no bold "required"');
    const badge = article.locator('.api-flag--required').first();
    const size = await badge.evaluate(
      (element) => parseFloat(getComputedStyle(element).fontSize) / parseFloat(getComputedStyle(element.parentElement!).fontSize),
    );
    assert.ok(size < 0.9, `the badge is smaller than the text around it (${size})`);
    // The 200's fields are listed; the fields of each run are folded until the reader opens them.
    const success = article.locator('h3[id="200-ok"] ~ ul').first();
    const runs = success.locator(':scope > li', {hasText: 'runs · array of Run · required'});
    assert.ok(await runs.isVisible());
    const runFields = runs.locator('details.api-fields').first();
    assert.equal(await runFields.getAttribute('open'), null);
    const runId = runFields.locator('li', {hasText: 'run_id · string · required'}).first();
    assert.equal(await runId.isVisible(), false);
    await runFields.locator(':scope > summary').click();
    await runId.waitFor();
    // The fold is on the site's palette, not the theme's info tint.
    const border = await runFields.evaluate((element) => getComputedStyle(element).borderTopColor);
    const info = await page.evaluate(() => {
      const probe = document.createElement('span');
      probe.style.color = 'var(--ifm-color-info)';
      document.body.append(probe);
      const colour = getComputedStyle(probe).color;
      probe.remove();
      return colour;
    });
    assert.notEqual(border, info);
    // An error body links the overview's Errors section instead of repeating its schema.
    const link = article.locator('h3#other-statuses ~ p a[href$="#errors"]').first();
    assert.equal(await link.getAttribute('href'), '/docs/reference/api/tower-api#errors');
    await goto(page, `${site.base}/docs/reference/api/tower-api#errors`);
    assert.ok(await page.locator('h2#errors').isVisible());
    await context.close();
  });

  test('no accessibility violation on the operation pages in four looks, folds open or closed', async () => {
    const problems: string[] = [];
    let opened = 0;
    for (const look of LOOKS) {
      const {page, context} = await openAxeContext(site.browser, site.base, look);
      for (const id of LAYOUT_PAGES) {
        await goto(page, `${site.base}/docs/reference/api/${id}`);
        for (const violation of await axeViolations(page)) problems.push(`${id}, ${look.device} ${look.theme}: ${violation}`);
        const fold = page.locator('details.api-fields > summary').first();
        if ((await fold.count()) === 0) continue;
        await fold.click();
        opened += 1;
        for (const violation of await axeViolations(page)) problems.push(`${id} with a fold open, ${look.device} ${look.theme}: ${violation}`);
      }
      await context.close();
    }
    assert.deepEqual(problems, []);
    assert.ok(opened >= LOOKS.length, 'a fold was opened in every look');
  });
});

describe('no API explorer in the browser', () => {
  test('neither a docs page nor an API page downloads explorer or code-generator code', async () => {
    for (const path of ['/docs/intro', '/docs/reference/api/run-app', API_OVERVIEW.path]) {
      const {page, context} = await openContext(site.browser, site.base);
      const scripts: Promise<{url: string; body: string}>[] = [];
      page.on('response', (response) => {
        if (response.request().resourceType() === 'script') {
          scripts.push(response.text().then((body) => ({url: response.url(), body})));
        }
      });
      await goto(page, `${site.base}${path}`);
      await page.waitForLoadState('networkidle');
      const loaded = await Promise.all(scripts);
      assert.ok(loaded.length > 0);
      for (const {url, body} of loaded) {
        for (const marker of EXPLORER_MARKERS) assert.ok(!body.includes(marker), `${path}: ${url} contains "${marker}"`);
      }
      await context.close();
    }
  });
});
