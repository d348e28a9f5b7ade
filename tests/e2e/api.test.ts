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

  test('every operation page shows its heading, method and path; no form, no send button, nothing off-origin', async () => {
    const {page, context, offOrigin, pageErrors} = await openContext(site.browser, site.base);
    const problems: string[] = [];
    for (const route of API_ROUTES) {
      const response = await page.goto(`${site.base}${route.path}`, {waitUntil: 'domcontentloaded'});
      if (response?.status() !== 200) problems.push(`${route.path}: status ${response?.status()}`);
      const heading = (await page.locator('article h1').first().textContent())?.trim();
      if (heading !== route.heading) problems.push(`${route.path}: h1 "${heading}", expected "${route.heading}"`);
      const endpoint = page.locator('article .api-endpoint');
      if (!(await endpoint.isVisible())) {
        problems.push(`${route.path}: no visible method and path`);
        continue;
      }
      const method = (await endpoint.locator('.api-method').innerText()).trim();
      const apiPath = (await endpoint.locator('code').innerText()).trim();
      if (method !== route.method) problems.push(`${route.path}: method "${method}", expected ${route.method}`);
      if (apiPath !== route.apiPath) problems.push(`${route.path}: path "${apiPath}", expected ${route.apiPath}`);
      const controls = await requestControls(page);
      if (controls.length) problems.push(`${route.path}: request controls ${controls.join(', ')}`);
      // The title as served (read from the HTML: during hydration the document title flickers).
      const title = /<title[^>]*>([^<]*)<\/title>/.exec((await response?.text()) ?? '')?.[1];
      if (title !== `${escapeHtml(route.heading)} | Tower`) problems.push(`${route.path}: title "${title}"`);
    }
    assert.deepEqual(problems, []);
    assert.deepEqual(offOrigin, []);
    assert.deepEqual(pageErrors, []);
    await context.close();
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
  test('each page has copyable curl and Python samples, plus the CLI and SDK where the spec names them', async () => {
    const {page, context} = await openContext(site.browser, site.base);
    const problems: string[] = [];
    for (const id of API_OPERATION_IDS) {
      await page.goto(`${site.base}/docs/reference/api/${id}`, {waitUntil: 'domcontentloaded'});
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
      if (!python?.includes('import requests')) problems.push(`${id}: python sample`);
      if (operation['x-tower-cli']) {
        const cli = (await panels.nth(2).locator('pre').textContent())?.trim();
        if (cli !== operation['x-tower-cli']) problems.push(`${id}: CLI sample "${cli}"`);
      }
      // Copy buttons appear once React has hydrated the code blocks.
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
      for (const section of ['Code samples', 'Parameters', 'Request body', 'Responses']) {
        if ((await page.locator('article h2', {hasText: section}).count()) !== 1) problems.push(`${id}: no "${section}" section`);
      }
      if (!(await page.locator('article p', {hasText: 'Authentication:'}).count())) problems.push(`${id}: no authentication line`);
    }
    assert.deepEqual(problems, []);
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
