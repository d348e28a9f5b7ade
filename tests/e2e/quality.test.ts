/**
 * Production quality on every page template: no accessibility violation
 * (axe-core), no CSP violation or console error under the production nginx
 * headers, and the meta a crawler or link preview needs.
 */
import assert from 'node:assert/strict';
import {statSync} from 'node:fs';
import path from 'node:path';
import {describe, test} from 'node:test';
import {SITE} from '../../src/constants';
import {DEFAULT_BUILD_DIR} from '../../scripts/serve-nginx';
import {axeViolations, LOOKS, openAxeContext} from './support/axe';
import {goto, openContext, settle} from '../../lib/browser';
import {useSite} from './support/site';

/** One page per template the site renders. */
export const TEMPLATES: Record<string, string> = {
  home: '/',
  'docs page': '/docs/concepts/runs',
  'long reference page': '/docs/reference/tower-cli',
  // The longest page, with the most tables laid out lazily (content-visibility).
  'longest reference page': '/docs/reference/tower-sdk',
  'category index': '/docs/category/concepts',
  'API overview': '/docs/reference/api/tower-api',
  'API operation page': '/docs/reference/api/stream-run-logs',
  'not-found page': '/docs/this-page-does-not-exist',
  'search page with results': '/search?q=schedule',
};

const site = useSite();

describe('accessibility (axe-core)', () => {
  for (const look of LOOKS) {
    test(`no violations on any template, ${look.device}, ${look.theme}`, async () => {
      const {page, context} = await openAxeContext(site.browser, site.base, look);
      const problems: string[] = [];
      for (const [template, path] of Object.entries(TEMPLATES)) {
        await goto(page, `${site.base}${path}`);
        assert.equal(await page.locator('html').getAttribute('data-theme'), look.theme);
        for (const violation of await axeViolations(page)) problems.push(`${template}: ${violation}`);
      }
      // The open search modal, with results, over a docs page.
      await goto(page, `${site.base}/docs/concepts/runs`);
      await page.keyboard.press('Control+k');
      await page.locator('.DocSearch-Input').fill('schedule');
      await page.locator('.DocSearch-Hit [data-url]').first().waitFor();
      for (const violation of await axeViolations(page)) problems.push(`search modal: ${violation}`);
      assert.deepEqual(problems, []);
      await context.close();
    });
  }
});

describe('production headers', () => {
  test('no CSP violation and no console error on any template', async () => {
    const {page, context, consoleErrors, pageErrors} = await openContext(site.browser, site.base);
    await context.addInitScript(`
      window.__cspViolations = [];
      document.addEventListener('securitypolicyviolation', (e) => {
        window.__cspViolations.push(e.violatedDirective + ' ' + e.blockedURI);
      });`);
    const violations: string[] = [];
    for (const [template, path] of Object.entries(TEMPLATES)) {
      await goto(page, `${site.base}${path}`);
      await settle(page);
      for (const v of (await page.evaluate('window.__cspViolations')) as string[]) violations.push(`${template}: ${v}`);
    }
    // The search modal, opened and searched (DocSearch's bundled Zod once probed for eval here).
    await goto(page, `${site.base}/docs/concepts/runs`);
    await page.keyboard.press('Control+k');
    await page.locator('.DocSearch-Input').fill('schedule');
    await page.locator('.DocSearch-Hit [data-url]').first().waitFor();
    await settle(page);
    for (const v of (await page.evaluate('window.__cspViolations')) as string[]) violations.push(`search modal: ${v}`);
    assert.deepEqual(violations, []);
    // The not-found page's own 404 response is the one expected console error.
    assert.deepEqual(
      consoleErrors.filter((e) => !e.includes('404')),
      [],
    );
    assert.deepEqual(pageErrors, []);
    await context.close();
  });

  test('security headers, caching and content types', async () => {
    const html = await fetch(`${site.base}/docs/intro`);
    const csp = html.headers.get('content-security-policy') ?? '';
    assert.match(csp, /default-src 'self'/);
    assert.match(csp, /frame-ancestors 'none'/);
    assert.match(csp, /connect-src 'self'(;|$)/, 'no third-party origin in local mode');
    assert.match(html.headers.get('strict-transport-security') ?? '', /max-age=\d+/);
    assert.equal(html.headers.get('x-content-type-options'), 'nosniff');
    assert.ok(html.headers.get('referrer-policy'));
    assert.match(html.headers.get('cache-control') ?? '', /must-revalidate/);
    const page = await html.text();
    const asset = page.match(/\/assets\/js\/[\w.-]+\.js/)![0];
    const js = await fetch(`${site.base}${asset}`, {headers: {'accept-encoding': 'gzip'}});
    assert.match(js.headers.get('cache-control') ?? '', /immutable/);
    assert.equal(js.headers.get('content-encoding'), 'gzip');
    // The stored files of the build, not compression on the fly: a Content-Length equal to the file's.
    const buildFile = (url: string, suffix: string) => statSync(path.join(DEFAULT_BUILD_DIR, `${url}${suffix}`)).size;
    assert.equal(Number(js.headers.get('content-length')), buildFile(asset, '.gz'));
    for (const url of [asset, '/search-index.json']) {
      const br = await fetch(`${site.base}${url}`, {method: 'HEAD', headers: {'accept-encoding': 'br, gzip'}});
      assert.equal(br.headers.get('content-encoding'), 'br', url);
      assert.equal(Number(br.headers.get('content-length')), buildFile(url, '.br'), url);
      assert.match(br.headers.get('vary') ?? '', /Accept-Encoding/i, url);
    }
    const md = await fetch(`${site.base}/docs/intro.md`);
    assert.match(md.headers.get('content-type') ?? '', /^text\/markdown/);
    const llms = await fetch(`${site.base}/llms.txt`);
    assert.match(llms.headers.get('content-type') ?? '', /^text\/plain/);
    const missing = await fetch(`${site.base}/nope`);
    assert.equal(missing.status, 404);
    assert.match(await missing.text(), /Page not found/);
  });
});

describe('crawlers and link previews', () => {
  test('sitemap, robots.txt, canonical URLs and social cards', async () => {
    const robots = await (await fetch(`${site.base}/robots.txt`)).text();
    assert.match(robots, /Sitemap: https:\/\/docs\.tower\.dev\/sitemap\.xml/);
    const sitemap = await (await fetch(`${site.base}/sitemap.xml`)).text();
    assert.match(sitemap, /<loc>https:\/\/docs\.tower\.dev\/docs\/concepts\/runs<\/loc>/);
    const {page, context} = await openContext(site.browser, site.base);
    for (const path of ['/', '/docs/concepts/runs', '/docs/reference/towerfile']) {
      await page.goto(`${site.base}${path}`);
      assert.equal(await page.locator('link[rel="canonical"]').getAttribute('href'), `${SITE.url}${path}`);
      const image = await page.locator('meta[property="og:image"]').getAttribute('content');
      assert.equal(image, `${SITE.url}/img/social-card.png`);
      assert.ok(await page.locator('meta[property="og:title"]').getAttribute('content'));
      assert.ok(await page.locator('meta[name="twitter:card"]').getAttribute('content'));
    }
    const card = await fetch(`${site.base}/img/social-card.png`);
    assert.equal(card.headers.get('content-type'), 'image/png');
    await context.close();
  });
});
