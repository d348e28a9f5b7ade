/**
 * /docs is the docs root and leads to its main doc, /docs/intro (spec: routes;
 * issue 14, part 5): nginx redirects it, `docusaurus serve` (npm run preview)
 * serves the page that refreshes to it, and in the app the router replaces the
 * address.
 */
import assert from 'node:assert/strict';
import {spawn, type ChildProcess} from 'node:child_process';
import {after, before, describe, test} from 'node:test';
import {REPO_ROOT} from '../../scripts/nginx-conf';
import {DEFAULT_BUILD_DIR, freePort} from '../../scripts/serve-nginx';
import {goto, openContext} from './support/browser';
import {useSite} from './support/site';
import {headingOf} from './routes';

const MAIN_DOC = '/docs/intro';
const site = useSite();

async function waitForHeading(page: import('playwright-core').Page, heading: string): Promise<void> {
  await page.waitForFunction((h) => document.querySelector('main h1, article h1')?.textContent === h, heading);
}

describe('under nginx', () => {
  test('/docs and /docs/ redirect (302) to the main doc, query kept', async () => {
    const {page, context, offOrigin} = await openContext(site.browser, site.base);
    for (const [path, landing] of [
      ['/docs', MAIN_DOC],
      ['/docs/', MAIN_DOC],
      ['/docs?utm_source=mail', `${MAIN_DOC}?utm_source=mail`],
    ]) {
      const response = await page.goto(`${site.base}${path}`, {waitUntil: 'load'});
      assert.equal(page.url(), `${site.base}${landing}`, path);
      assert.equal(response?.status(), 200);
      assert.equal((await response?.request().redirectedFrom()?.response())?.status(), 302, `${path} answers 302`);
      await waitForHeading(page, headingOf(MAIN_DOC));
    }
    assert.deepEqual(offOrigin, []);
    await context.close();
  });
});

describe('in the app', () => {
  test('a link to /docs lands on the main doc without reloading the page', async () => {
    const {page, context, pageErrors} = await openContext(site.browser, site.base);
    await goto(page, `${site.base}/docs/concepts/runs`);
    await page.evaluate('window.__sameDocument = true');
    // What the router does for an in-app <Link to="/docs">: push the address, render the route.
    await page.evaluate(() => {
      window.history.pushState({}, '', '/docs');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.waitForURL(`${site.base}${MAIN_DOC}`);
    await waitForHeading(page, headingOf(MAIN_DOC));
    assert.equal(await page.evaluate('window.__sameDocument'), true, 'no page load: the route redirected in the app');
    assert.deepEqual(pageErrors, []);
    await context.close();
  });
});

describe('under docusaurus serve (npm run preview)', () => {
  let server: ChildProcess | undefined;
  let base = '';

  before(async () => {
    const port = await freePort();
    base = `http://localhost:${port}`;
    server = spawn('npx', ['docusaurus', 'serve', '--dir', DEFAULT_BUILD_DIR, '--port', String(port), '--host', 'localhost', '--no-open'], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
      detached: true,
    });
    await new Promise<void>((resolve, reject) => {
      server!.stdout!.on('data', (chunk: Buffer) => {
        if (/Serving/.test(chunk.toString())) resolve();
      });
      server!.once('exit', (code) => reject(new Error(`docusaurus serve exited with ${code}`)));
    });
  });
  after(() => {
    // npx and the server it starts share the process group spawned above.
    try {
      if (server?.pid) process.kill(-server.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  });

  for (const javaScriptEnabled of [true, false]) {
    test(`/docs and /docs/ land on the main doc (JavaScript ${javaScriptEnabled ? 'on' : 'off'})`, async () => {
      const {page, context} = await openContext(site.browser, base, {javaScriptEnabled});
      for (const path of ['/docs', '/docs/']) {
        await page.goto(`${base}${path}`, {waitUntil: 'load'});
        await page.waitForURL(`${base}${MAIN_DOC}`);
        assert.equal(await page.locator('article h1').innerText(), headingOf(MAIN_DOC), path);
      }
      await context.close();
    });
  }
});
