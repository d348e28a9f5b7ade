/**
 * Every route of the spec answers with its own page, and path handling
 * follows the spec: unknown paths get the not-found page, ".html" and
 * "/index.html" suffixes land on the same page.
 */
import assert from 'node:assert/strict';
import {describe, test} from 'node:test';
import {goto, openContext} from '../../lib/browser';
import {useSite} from './support/site';
import {titleBecomes} from './support/waits';
import {API_OVERVIEW, DOC_ROUTES, headingOf} from './routes';

const site = useSite();

describe('route table', () => {
  // The operation pages of the API reference get the same checks, and more, in one visit each in api.test.ts.
  test('every route answers 200 with its own heading, and nothing leaves the origin', async () => {
    const {page, context, offOrigin, pageErrors} = await openContext(site.browser, site.base);
    const problems: string[] = [];
    for (const route of [...DOC_ROUTES, API_OVERVIEW]) {
      const response = await page.goto(`${site.base}${route.path}`, {waitUntil: 'load'});
      const status = response?.status();
      const heading = (await page.locator('h1').first().textContent())?.trim();
      if (status !== 200) problems.push(`${route.path}: status ${status}`);
      if (heading !== route.heading) problems.push(`${route.path}: heading "${heading}", expected "${route.heading}"`);
      if (route.path !== '/') {
        if (!(await titleBecomes(page, route.heading))) problems.push(`${route.path}: title "${await page.title()}"`);
      }
    }
    assert.deepEqual(problems, []);
    assert.deepEqual(offOrigin, []);
    assert.deepEqual(pageErrors, []);
    await context.close();
  });

  test('docs pages have one h1 and a description', async () => {
    const {page, context} = await openContext(site.browser, site.base);
    const problems: string[] = [];
    for (const route of DOC_ROUTES.filter((r) => r.path.startsWith('/docs/') && !r.path.startsWith('/docs/category/'))) {
      await page.goto(`${site.base}${route.path}`, {waitUntil: 'domcontentloaded'});
      const h1s = await page.locator('h1').count();
      if (h1s !== 1) problems.push(`${route.path}: ${h1s} h1 elements`);
      const description = await page.locator('meta[name="description"]').getAttribute('content');
      if (!description || description.length < 20) problems.push(`${route.path}: description "${description}"`);
    }
    assert.deepEqual(problems, []);
    await context.close();
  });
});

describe('path handling', () => {
  test('an unknown path shows the not-found page with status 404', async () => {
    const {page, context} = await openContext(site.browser, site.base);
    const response = await page.goto(`${site.base}/docs/no-such-page`);
    assert.equal(response?.status(), 404);
    assert.equal(await page.locator('h1').first().innerText(), 'Page not found');
    await context.close();
  });

  test('client-side navigation to an unknown path shows the not-found page', async () => {
    const {page, context} = await openContext(site.browser, site.base);
    await goto(page, `${site.base}/docs/intro`);
    await page.evaluate(() => {
      const link = document.createElement('a');
      link.href = '/docs/does-not-exist';
      link.textContent = 'broken';
      link.id = 'injected-link';
      document.querySelector('article')!.append(link);
    });
    await page.evaluate(() => window.history.pushState({}, '', '/docs/does-not-exist'));
    await page.evaluate(() => window.dispatchEvent(new PopStateEvent('popstate')));
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Page not found');
    await context.close();
  });

  for (const suffix of ['.html', '/index.html']) {
    test(`"${suffix}" lands on the same page`, async () => {
      const {page, context} = await openContext(site.browser, site.base);
      await goto(page, `${site.base}/docs/concepts/runs${suffix}`);
      assert.equal(new URL(page.url()).pathname, '/docs/concepts/runs');
      assert.equal(await page.locator('article h1').innerText(), headingOf('/docs/concepts/runs'));
      await context.close();
    });
  }

  test('"/index.html" at the root lands on the home page', async () => {
    const {page, context} = await openContext(site.browser, site.base);
    await goto(page, `${site.base}/index.html`);
    assert.equal(new URL(page.url()).pathname, '/');
    assert.equal(await page.locator('h1').first().innerText(), headingOf('/'));
    await context.close();
  });
});
