/**
 * Search in Algolia mode, without a network: the site is built with the
 * ALGOLIA_* variables into build-algolia/ (reused while it is newer than
 * build/), served by its own nginx (CSP allowing Algolia's hosts), and the
 * browser's requests to Algolia's search and Ask AI endpoints are answered by
 * request interception with responses shaped like Algolia's. The tests check
 * what the reader sees and which requests the site sends.
 */
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {existsSync, statSync} from 'node:fs';
import path from 'node:path';
import {after, before, describe, test} from 'node:test';
import type {Browser, Page, Route} from 'playwright-core';
import {SEARCH} from '../../src/constants';
import {algoliaOrigins} from '../../scripts/nginx-conf';
import {REPO_ROOT} from '../../lib/paths';
import {startNginx, type RunningServer} from '../../scripts/serve-nginx';
import {goto as load, launchBrowser, openContext, type Watched, settle} from '../../lib/browser';

const APP_ID = 'TESTAPPID';
const API_KEY = 'test-search-key';
const INDEX = 'tower-docs';
const ASSISTANT = 'test-assistant';
const OUT_DIR = path.join(REPO_ROOT, 'build-algolia');
const DOCUSAURUS_VERSION = '3.9.1';

type SentQuery = {url: URL; body: {requests: Array<Record<string, unknown>>}};

let browser: Browser;
let server: RunningServer;
let base: string;

function ensureBuild(): void {
  const reference = path.join(REPO_ROOT, 'build', 'index.html');
  const built = path.join(OUT_DIR, 'index.html');
  const fresh = existsSync(built) && (!existsSync(reference) || statSync(built).mtimeMs >= statSync(reference).mtimeMs);
  if (fresh && !process.env.SEARCH_ALGOLIA_REBUILD) return;
  const args = ['docusaurus', 'build', '--out-dir', OUT_DIR];
  if (process.env.SEARCH_BUILD_CONFIG) args.push('--config', process.env.SEARCH_BUILD_CONFIG);
  const result = spawnSync('npx', args, {
    cwd: REPO_ROOT,
    stdio: 'inherit',
    env: {
      ...process.env,
      ALGOLIA_APP_ID: APP_ID,
      ALGOLIA_API_KEY: API_KEY,
      ALGOLIA_INDEX_NAME: INDEX,
      ALGOLIA_ASSISTANT_ID: ASSISTANT,
    },
  });
  assert.equal(result.status, 0, 'the Algolia-mode build succeeds');
}

before(async () => {
  ensureBuild();
  server = await startNginx(OUT_DIR, undefined, {
    searchOrigins: algoliaOrigins({appId: APP_ID, apiKey: API_KEY, indexName: INDEX, assistantId: ASSISTANT}),
  });
  base = server.url;
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A record as Algolia's DocSearch crawler stores it, with highlight values for `query`. */
function algoliaHit(url: string, lvl0: string, lvl1: string, lvl2: string | null, content: string, pre: string, post: string) {
  const mark = (text: string) => escapeHtml(text).replace(/apps?/gi, (m) => `${pre}${m}${post}`);
  const hierarchy = {lvl0, lvl1, lvl2, lvl3: null, lvl4: null, lvl5: null, lvl6: null};
  const highlighted: Record<string, {value: string; matchLevel: string; matchedWords: string[]}> = {};
  for (const [level, value] of Object.entries(hierarchy)) {
    if (value) highlighted[level] = {value: mark(value), matchLevel: 'partial', matchedWords: ['app']};
  }
  const anchor = url.includes('#') ? url.split('#')[1] : null;
  return {
    objectID: url,
    url,
    url_without_anchor: url.split('#')[0],
    anchor,
    type: lvl2 ? 'lvl2' : 'lvl1',
    content,
    hierarchy,
    _highlightResult: {hierarchy: highlighted, hierarchy_camel: [highlighted], content: {value: mark(content), matchLevel: 'partial', matchedWords: ['app']}},
    _snippetResult: {hierarchy: highlighted, hierarchy_camel: [highlighted], content: {value: mark(content), matchLevel: 'partial'}},
  };
}

/** A crawled record whose text carries markup, raw in every value DocSearch renders (review D11). */
function hostileHit(pre: string, post: string) {
  const markup = '<img src=x onerror="window.__pwned=1"><b>bold</b>';
  const hit = algoliaHit('https://docs.tower.dev/docs/concepts/runs#logs', 'Concepts', `Runs ${markup}`, `Logs ${markup}`, `Run logs ${markup}`, pre, post);
  for (const level of ['lvl1', 'lvl2'] as const) {
    hit._highlightResult.hierarchy[level].value = `${pre}Runs${post} ${markup}`;
  }
  hit._snippetResult.content.value = `${pre}Run${post} logs ${markup}`;
  hit._highlightResult.content.value = hit._snippetResult.content.value;
  return hit;
}

/** Answers Algolia's search endpoint and records what the site sent. */
async function answerSearch(watched: Watched, sent: SentQuery[], hostile = false): Promise<void> {
  await watched.context.route(`https://${APP_ID}-dsn.algolia.net/**`, async (route: Route) => {
    const request = route.request();
    if (request.method() === 'OPTIONS') return route.fulfill({status: 204, headers: cors()});
    const body = JSON.parse(request.postData() ?? '{}');
    sent.push({url: new URL(request.url()), body});
    const results = (body.requests as Array<Record<string, unknown>>).map((params) => {
      const pre = String(params.highlightPreTag ?? '<mark>');
      const post = String(params.highlightPostTag ?? '</mark>');
      const hits = [
        ...(hostile ? [hostileHit(pre, post)] : []),
        algoliaHit(
          'https://docs.tower.dev/docs/concepts/apps#why-apps-matter',
          'Concepts',
          'Apps',
          'Why apps matter',
          'Everything else in Tower hangs off an app.',
          pre,
          post,
        ),
        algoliaHit(
          'https://docs.tower.dev/docs/reference/tower-cli#tower-apps-list',
          'Reference',
          'Tower CLI',
          'tower apps list',
          'Lists the apps of the current team <b>bold</b>.',
          pre,
          post,
        ),
        algoliaHit('https://tower.dev/blog/apps-on-tower', 'Blog', 'Apps on Tower', null, 'A blog post about apps.', pre, post),
      ];
      return {
        hits,
        nbHits: 42,
        page: Number(params.page ?? 0),
        nbPages: 5,
        hitsPerPage: 3,
        query: params.query,
        params: '',
        processingTimeMS: 1,
        exhaustiveNbHits: true,
        index: params.indexName,
      };
    });
    await route.fulfill({status: 200, contentType: 'application/json', headers: cors(), body: JSON.stringify({results})});
  });
}

function cors(): Record<string, string> {
  return {'access-control-allow-origin': '*', 'access-control-allow-headers': '*', 'access-control-allow-methods': 'GET, POST, OPTIONS'};
}

async function goto(page: Page, url: string): Promise<void> {
  await load(page, url);
  await settle(page);
}

const modal = (page: Page) => page.locator('.DocSearch-Modal');

async function openModalWithQuery(page: Page, query: string): Promise<void> {
  // After a navigation the shortcut must not land mid-update.
  await settle(page);
  await page.keyboard.press('Control+k');
  await modal(page).waitFor();
  await page.locator('.DocSearch-Input').click();
  await page.locator('.DocSearch-Input').fill(query);
  await page.waitForFunction(
    (q) => (document.querySelector('.DocSearch-Input') as HTMLInputElement | null)?.value === q && document.querySelector('.DocSearch-Hit [data-url]') !== null,
    query,
  );
}

describe('search on Algolia DocSearch', () => {
  test('queries Algolia with the configured index, facet filters and the Docusaurus agent; preconnects', async () => {
    const watched = await openContext(browser, base);
    const {page} = watched;
    const sent: SentQuery[] = [];
    await answerSearch(watched, sent);
    await goto(page, `${base}/docs/intro`);
    assert.equal(await page.locator(`link[rel="preconnect"][href="https://${APP_ID}-dsn.algolia.net"]`).count(), 1);
    await openModalWithQuery(page, 'apps');
    const last = sent[sent.length - 1];
    const agent = last.url.searchParams.get('x-algolia-agent') ?? '';
    assert.match(agent, new RegExp(`docusaurus \\(${DOCUSAURUS_VERSION.replace(/\./g, '\\.')}\\)`), agent);
    assert.equal(last.url.searchParams.get('x-algolia-application-id'), APP_ID);
    assert.equal(last.url.searchParams.get('x-algolia-api-key'), API_KEY);
    const request = last.body.requests[0];
    assert.equal(request.indexName, INDEX);
    assert.equal(request.query, 'apps');
    const filters = JSON.stringify(request.facetFilters);
    assert.match(filters, /language:en/);
    assert.match(filters, /docusaurus_tag:docs-default-current/, 'contextual search');
    assert.ok(!watched.offOrigin.some((url) => /insights|jsdelivr/.test(url)), 'insights are off');
    assert.match(await page.locator('.DocSearch-HitsFooter a').innerText(), /^See all 42 results$/);
    assert.equal(await page.locator('.DocSearch-Dropdown b').count(), 0, 'markup in results is text');
    await watched.context.close();
  });

  test('markup in index data is shown as text, never as elements (hierarchy and content alike)', async () => {
    const watched = await openContext(browser, base);
    const {page} = watched;
    await answerSearch(watched, [], true);
    await goto(page, `${base}/docs/intro`);
    await openModalWithQuery(page, 'runs');
    const dropdown = page.locator('.DocSearch-Dropdown');
    assert.equal(await dropdown.locator('img, b').count(), 0);
    assert.match(await dropdown.innerText(), /<img src=x onerror="window.__pwned=1"><b>bold<\/b>/, 'the markup is there, as text');
    assert.ok((await dropdown.locator('mark').count()) > 0, 'highlights are kept');
    assert.equal(await page.evaluate(() => (window as Window & {__pwned?: number}).__pwned), undefined);
    await watched.context.close();
  });

  test('site results navigate in the app, external results load in the whole window', async () => {
    const watched = await openContext(browser, base);
    const {page} = watched;
    await answerSearch(watched, []);
    await watched.context.route('https://tower.dev/**', (route) =>
      route.fulfill({status: 200, contentType: 'text/html', body: '<title>Tower blog</title><h1>Blog</h1>'}),
    );
    await goto(page, `${base}/docs/intro`);
    await page.evaluate(() => ((window as Window & {stayed?: boolean}).stayed = true));
    await openModalWithQuery(page, 'apps');
    // Results do come from Algolia here, and DocSearch says so.
    assert.equal(await page.locator('.DocSearch-Logo').isVisible(), true);
    const internal = page.locator('.DocSearch-Hit [data-url="/docs/concepts/apps#why-apps-matter"]');
    await internal.click();
    await page.waitForURL(`${base}/docs/concepts/apps#why-apps-matter`);
    assert.equal(await page.evaluate(() => (window as Window & {stayed?: boolean}).stayed), true, 'in-app navigation');
    await modal(page).waitFor({state: 'detached'});
    await openModalWithQuery(page, 'apps');
    await page.locator('.DocSearch-Hit [data-url="https://tower.dev/blog/apps-on-tower"]').click();
    await page.waitForURL('https://tower.dev/blog/apps-on-tower');
    assert.equal(await page.title(), 'Tower blog');
    await watched.context.close();
  });

  test('shortcuts, the focused button and Escape behave as in local mode', async () => {
    const watched = await openContext(browser, base);
    const {page} = watched;
    await answerSearch(watched, []);
    await goto(page, `${base}/docs/intro`);
    await page.keyboard.press('/');
    await modal(page).waitFor();
    await page.keyboard.press('Escape');
    await modal(page).waitFor({state: 'detached'});
    assert.equal(await page.evaluate(() => document.activeElement?.classList.contains('DocSearch-Button')), true);
    await page.keyboard.press('k');
    await modal(page).waitFor();
    assert.equal(await page.locator('.DocSearch-Input').inputValue(), 'k');
    await watched.context.close();
  });

  test("Ask AI talks to Algolia's assistant, shows the disclaimer, and Escape leaves Ask AI first", async () => {
    const watched = await openContext(browser, base);
    const {page} = watched;
    await answerSearch(watched, []);
    const chat: Array<{url: string; headers: Record<string, string>; body: string}> = [];
    await watched.context.route('https://askai.algolia.com/**', async (route) => {
      const request = route.request();
      if (request.method() === 'OPTIONS') return route.fulfill({status: 204, headers: cors()});
      chat.push({url: request.url(), headers: request.headers(), body: request.postData() ?? ''});
      if (request.url().endsWith('/token')) {
        return route.fulfill({status: 200, contentType: 'application/json', headers: cors(), body: JSON.stringify({success: true, token: 'test-token'})});
      }
      const events = [
        {type: 'start', messageId: 'answer-1'},
        {type: 'start-step'},
        {type: 'text-start', id: 'text-1'},
        {type: 'text-delta', id: 'text-1', delta: 'An app is your Python code plus a Towerfile.'},
        {type: 'text-end', id: 'text-1'},
        {type: 'finish-step'},
        {type: 'finish'},
      ];
      const body = events.map((event) => `data: ${JSON.stringify(event)}\n\n`).join('') + 'data: [DONE]\n\n';
      return route.fulfill({
        status: 200,
        headers: {...cors(), 'content-type': 'text/event-stream', 'x-vercel-ai-ui-message-stream': 'v1'},
        body,
      });
    });
    await goto(page, `${base}/docs/intro`);
    await openModalWithQuery(page, 'what is an app');
    await page.locator('.DocSearch-Hit-AskAIButton').first().click();
    await page.getByText('An app is your Python code plus a Towerfile.').waitFor();
    assert.match(await page.locator('.DocSearch-AskAiScreen-Disclaimer').first().innerText(), /AI-generated and may be wrong/);
    const message = chat.find((entry) => entry.url === 'https://askai.algolia.com/chat');
    assert.ok(message, 'the question went to the chat endpoint');
    assert.equal(message.headers['x-algolia-assistant-id'], ASSISTANT);
    assert.match(message.body, /what is an app/);
    await page.keyboard.press('Escape');
    await page.locator('.DocSearch-AskAiScreen-Disclaimer').waitFor({state: 'detached'});
    assert.equal(await modal(page).count(), 1, 'Escape left Ask AI, the modal stays');
    await page.keyboard.press('Escape');
    await modal(page).waitFor({state: 'detached'});
    await watched.context.close();
  });

  test('/search sends its query to Algolia and shows titles, breadcrumbs and snippets', async () => {
    const watched = await openContext(browser, base);
    const {page} = watched;
    const sent: SentQuery[] = [];
    await answerSearch(watched, sent);
    await goto(page, `${base}/${SEARCH.pagePath}?q=apps`);
    const results = page.locator('main article');
    await results.first().waitFor();
    // One article per page, the page's sections under its title.
    assert.equal(await results.count(), 3);
    assert.equal(await results.first().locator('h2').innerText(), 'Apps');
    assert.equal(await results.first().locator('li a').first().innerText(), 'Why apps matter');
    assert.match(await results.first().locator('.breadcrumbs').innerText(), /Concepts/);
    assert.match(await results.nth(1).locator('p').innerText(), /<b>bold<\/b>/, 'markup shows as text');
    assert.ok(sent.some((entry) => entry.body.requests[0].query === 'apps' && entry.body.requests[0].indexName === INDEX));
    // No kind filters: Algolia's records do not know page kinds.
    assert.equal(await page.getByRole('group', {name: 'Show only'}).count(), 0);
    const secondPage = page.waitForResponse((response) => response.request().method() === 'POST' && /"page":1\b/.test(response.request().postData() ?? ''));
    await page.getByRole('button', {name: 'Show more results'}).click();
    await secondPage;
    assert.equal(sent[sent.length - 1].body.requests[0].page, 1);
    // The second page of results names the same pages: still one article each.
    assert.equal(await results.count(), 3);
    await watched.context.close();
  });
});
