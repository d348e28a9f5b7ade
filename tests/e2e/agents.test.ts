/**
 * The docs for coding agents as nginx and the browser serve them: a page's
 * Markdown for `Accept: text/markdown` (with `Vary: Accept`), llms.txt at its
 * well-known address, and the "Use with AI" menu of every docs page, which
 * requests nothing until it is clicked, works by keyboard and passes axe.
 */
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, test} from 'node:test';
import type {Page} from 'playwright-core';
import {DOCS_MCP_URL, EDITOR_SETUPS} from '../../src/components/AgentTools/setup';
import {SITE} from '../../src/constants';
import {DEFAULT_BUILD_DIR} from '../../scripts/serve-nginx';
import {axeViolations, LOOKS, openAxeContext} from './support/axe';
import {goto, openContext, settle} from '../../lib/browser';
import {rawGet} from './support/raw-http';
import {securityHeaderProblems} from './support/security-headers';
import {useSite} from './support/site';

const site = useSite();
const twin = (route: string) => readFileSync(path.join(DEFAULT_BUILD_DIR, `${route}.md`), 'utf8');
const PAGE = '/docs/concepts/runs';

describe('content negotiation', () => {
  const get = (route: string, accept?: string) => fetch(`${site.base}${route}`, {headers: accept ? {Accept: accept} : {}});
  const varies = (response: Response) => (response.headers.get('vary') ?? '').split(',').map((value) => value.trim().toLowerCase());

  test('a page asked for as Markdown, or preferring it, answers with its twin; otherwise with the page; both vary on Accept', async () => {
    for (const accept of [
      'text/markdown',
      'text/markdown, text/html;q=0.9',
      'text/plain, text/markdown;q=0.5',
      'TEXT/MARKDOWN',
      'text/markdown;charset=utf-8',
      'text/markdown, */*',
      'text/html;q=0.5, text/markdown;q=0.6',
      'text/markdown;q=.5, text/html;q=0.45',
    ]) {
      const response = await get(PAGE, accept);
      assert.equal(response.status, 200, accept);
      assert.match(response.headers.get('content-type') ?? '', /^text\/markdown; charset=utf-8$/, accept);
      assert.ok(varies(response).includes('accept'), `${accept}: Vary ${response.headers.get('vary')}`);
      assert.equal(await response.text(), twin(PAGE), accept);
    }
    for (const accept of [
      undefined,
      '*/*',
      'text/html,application/xhtml+xml,*/*;q=0.8',
      'text/markdown;q=0',
      'text/markdown; q=0.0, text/html',
      'text/markdownx',
      // The reliability review's cases: HTML unless Markdown is preferred.
      'text/html, text/markdown;q=0.1',
      'text/markdown;level=1;q=0',
      'text/markdown;q=0.9, text/html;q=0.9',
      '*/*;q=0.9, text/markdown;q=0.8',
      'text/*, text/markdown;q=0.5',
    ]) {
      const response = await get(PAGE, accept);
      assert.match(response.headers.get('content-type') ?? '', /^text\/html/, String(accept));
      assert.ok(varies(response).includes('accept'), `${accept}: Vary ${response.headers.get('vary')}`);
    }
  });

  test('the twin carries each security header once, with its value, and a compressed answer is still the twin', async () => {
    for (const [label, path, headers] of [
      ['twin by Accept', '/docs/intro', ['Accept: text/markdown']],
      ['twin by Accept, gzip', '/docs/intro', ['Accept: text/markdown', 'Accept-Encoding: gzip']],
      ['twin by URL', '/docs/intro.md', []],
    ] as const) {
      assert.deepEqual(securityHeaderProblems(label, await rawGet(site.base, path, {headers: [...headers]})), []);
    }
    const markdown = await fetch(`${site.base}/docs/intro`, {headers: {Accept: 'text/markdown', 'Accept-Encoding': 'gzip'}});
    assert.equal(await markdown.text(), twin('/docs/intro'));
  });

  test('only pages with a twin vary; other addresses answer as before', async () => {
    const home = await get('/', 'text/markdown');
    assert.match(home.headers.get('content-type') ?? '', /^text\/html/);
    assert.ok(!varies(home).includes('accept'));
    const direct = await get('/docs/intro.md');
    assert.match(direct.headers.get('content-type') ?? '', /^text\/markdown/);
    assert.ok(!varies(direct).includes('accept'), 'the .md URL itself does not vary');
    assert.equal((await get('/docs/no-such-page', 'text/markdown')).status, 404);
    const llms = await get('/llms.txt', 'text/markdown');
    assert.match(llms.headers.get('content-type') ?? '', /^text\/plain/);
  });

  test('/.well-known/llms.txt is llms.txt', async () => {
    const known = await get('/.well-known/llms.txt');
    assert.equal(known.status, 200);
    assert.match(known.headers.get('content-type') ?? '', /^text\/plain; charset=utf-8$/);
    assert.equal(await known.text(), await (await get('/llms.txt')).text());
  });
});

/** Requests that left the site or reached /mcp, and the chunks fetched, since the page loaded. */
async function watchRequests(page: Page): Promise<{away: string[]; mcp: string[]; scripts: () => string[]}> {
  const away: string[] = [];
  const mcp: string[] = [];
  const scripts: string[] = [];
  const origin = new URL(site.base).origin;
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol.startsWith('http') && url.origin !== origin) away.push(url.href);
    if (url.pathname === '/mcp') mcp.push(url.href);
    if (request.resourceType() === 'script') scripts.push(url.pathname);
  });
  return {away, mcp, scripts: () => [...scripts]};
}

describe('"Use with AI" on a docs page', () => {
  test('nothing is requested until the reader clicks; the links start a conversation about the page Markdown', async () => {
    const {page, context, offOrigin, pageErrors, consoleErrors} = await openContext(site.browser, site.base);
    await context.addInitScript(
      `window.__cspViolations = []; document.addEventListener('securitypolicyviolation', (e) => window.__cspViolations.push(e.violatedDirective));`,
    );
    const requests = await watchRequests(page);
    await goto(page, `${site.base}${PAGE}`);
    await settle(page);
    const before = requests.scripts();
    assert.ok(!before.some((script) => /agent-tools/.test(script)), `the menu's chunk loaded with the page: ${before.join(', ')}`);
    assert.equal(await page.getByRole('link', {name: /Open in ChatGPT/}).count(), 0, 'the menu is not on the page before the click');

    const toggle = page.getByRole('button', {name: 'Use with AI'});
    assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
    await toggle.click();
    const chatGpt = page.getByRole('link', {name: 'Open in ChatGPT (opens in a new tab)'});
    await chatGpt.waitFor();
    assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
    assert.ok(
      requests.scripts().some((script) => /agent-tools/.test(script)),
      'the menu arrives as its own chunk on the click',
    );

    const prompt = `Read ${SITE.url}${PAGE}.md from the Tower documentation, then answer my questions about it.`;
    assert.equal(await chatGpt.getAttribute('href'), `https://chatgpt.com/?q=${encodeURIComponent(prompt)}`);
    const claude = page.getByRole('link', {name: 'Open in Claude (opens in a new tab)'});
    assert.equal(await claude.getAttribute('href'), `https://claude.ai/new?q=${encodeURIComponent(prompt)}`);
    for (const link of [chatGpt, claude]) {
      assert.equal(await link.getAttribute('target'), '_blank');
      assert.equal(await link.getAttribute('rel'), 'noopener noreferrer');
    }

    await page.getByRole('button', {name: 'Connect the docs to your editor'}).click();
    for (const {editor, code} of EDITOR_SETUPS) {
      const block = page.locator('.theme-code-block', {hasText: editor});
      assert.equal((await block.locator('code').textContent())?.trim(), code, editor);
    }
    assert.match((await page.locator('main').textContent()) ?? '', new RegExp(DOCS_MCP_URL.replace(/\./g, '\\.')));

    // Showing the links opened nothing: no other site and no MCP server was contacted.
    assert.deepEqual(requests.away, []);
    assert.deepEqual(offOrigin, []);
    assert.deepEqual(requests.mcp, []);
    assert.deepEqual(await page.evaluate('window.__cspViolations'), []);
    assert.deepEqual(pageErrors, []);
    assert.deepEqual(consoleErrors, []);
    await context.close();
  });

  test('a setup line is copied with its code block button', async () => {
    const {page, context} = await openContext(site.browser, site.base, {permissions: ['clipboard-read', 'clipboard-write']});
    await goto(page, `${site.base}${PAGE}`);
    await page.getByRole('button', {name: 'Use with AI'}).click();
    await page.getByRole('button', {name: 'Connect the docs to your editor'}).click();
    const claudeCode = page.locator('.theme-code-block', {hasText: 'Claude Code'});
    await claudeCode.getByRole('button', {name: 'Copy code to clipboard'}).click();
    await claudeCode.getByRole('button', {name: 'Copied'}).waitFor();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), EDITOR_SETUPS[0].code);
    await context.close();
  });

  test('by keyboard: Enter opens, Tab reaches every item, Escape closes and returns to the toggle', async () => {
    const {page, context} = await openContext(site.browser, site.base);
    await goto(page, `${site.base}${PAGE}`);
    const toggle = page.getByRole('button', {name: 'Use with AI'});
    await toggle.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('link', {name: /Open in ChatGPT/}).waitFor();
    const focused = async () => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
    const order: string[] = [];
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press('Tab');
      order.push(await focused());
    }
    assert.deepEqual(order, ['Open in ChatGPT (opens in a new tab)', 'Open in Claude (opens in a new tab)', 'Connect the docs to your editor']);
    await page.keyboard.press('Enter');
    await page.locator('.theme-code-block', {hasText: 'Cursor'}).waitFor();
    assert.equal(await page.getByRole('button', {name: 'Connect the docs to your editor'}).getAttribute('aria-expanded'), 'true');
    await page.keyboard.press('Escape');
    assert.equal(await page.getByRole('link', {name: /Open in ChatGPT/}).count(), 0);
    assert.equal(await focused(), 'Use with AI');
    assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
    await context.close();
  });

  for (const look of LOOKS) {
    test(`open, with the editor setup: no axe violation, ${look.device}, ${look.theme}`, async () => {
      const {page, context} = await openAxeContext(site.browser, site.base, look);
      await goto(page, `${site.base}${PAGE}`);
      await page.getByRole('button', {name: 'Use with AI'}).click();
      await page.getByRole('button', {name: 'Connect the docs to your editor'}).click();
      await page.locator('.theme-code-block', {hasText: 'VS Code'}).waitFor();
      assert.deepEqual(await axeViolations(page), []);
      await context.close();
    });
  }
});
