/**
 * The body of the page the browser loads is adopted, not hydrated
 * (src/theme/DocItem/Content/DocBody.tsx): React claims it as one element, so
 * no element inside carries React's bookkeeping, while its links still move
 * between pages in the browser, its code blocks still copy, and its islands
 * (tabs, reader tools) still respond. A page reached by a link renders as
 * before. The counts are React's own marks on elements (the `__reactFiber`
 * key the harness also waits for), so a change in how the page hydrates
 * shows here, not only in a benchmark.
 */
import assert from 'node:assert/strict';
import {describe, test} from 'node:test';
import type {Page} from 'playwright-core';
import {goto, openContext} from '../../lib/browser';
import {useSite} from './support/site';

const site = useSite();

/** Elements inside the page body that React created or hydrated. */
const claimedInBody = (page: Page) =>
  page.evaluate(() => {
    const body = document.querySelector('.theme-doc-markdown');
    if (!body) return -1;
    return Array.from(body.querySelectorAll('*')).filter((element) => Object.keys(element).some((key) => key.startsWith('__reactFiber'))).length;
  });

describe('the body of the loaded page is adopted', () => {
  test('React claims none of the elements of a body without islands, and its links move in the browser', async () => {
    const {page, context, pageErrors} = await openContext(site.browser, site.base);
    const documents: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents.push(new URL(request.url()).pathname);
    });
    await goto(page, `${site.base}/docs/concepts/runs`);
    assert.ok((await page.locator('.theme-doc-markdown *').count()) > 300, 'a body of some size');
    assert.equal(await claimedInBody(page), 0);
    // A link of the body: the next page arrives without a document request and renders in full.
    await page.locator('.theme-doc-markdown a[href="/docs/concepts/apps"]').first().click();
    await page.waitForURL(`${site.base}/docs/concepts/apps`);
    await page.waitForFunction(() => document.querySelector('article h1')?.textContent === 'Apps');
    assert.deepEqual(documents, ['/docs/concepts/runs']);
    assert.ok((await claimedInBody(page)) > 50, 'the page reached in the browser is rendered by React');
    // Back to the first page, rendered by React this time, with the same text.
    await page.goBack();
    await page.waitForFunction(() => document.querySelector('article h1')?.textContent === 'Runs');
    assert.ok((await claimedInBody(page)) > 50);
    assert.deepEqual(pageErrors, []);
    await context.close();
  });

  test('a link with a modifier key, or to an address the router does not know, is left to the browser', async () => {
    const {page, context} = await openContext(site.browser, site.base);
    await goto(page, `${site.base}/docs/concepts/runs`);
    const prevented = await page.evaluate(() => {
      const body = document.querySelector('.theme-doc-markdown')!;
      const seen: boolean[] = [];
      // After the body's listener: note whether it took the click over, then keep the browser where it is.
      document.addEventListener('click', (event) => {
        seen.push(event.defaultPrevented);
        event.preventDefault();
      });
      const clicks: [string, MouseEventInit][] = [
        ['/docs/concepts/apps', {ctrlKey: true}],
        ['/examples/tables.zip', {}],
        ['/docs/concepts/apps.md', {}],
        ['/docs/concepts/apps#app-names', {}],
      ];
      for (const [href, init] of clicks) {
        const link = document.createElement('a');
        link.setAttribute('href', href);
        body.append(link);
        link.dispatchEvent(new MouseEvent('click', {bubbles: true, cancelable: true, button: 0, ...init}));
        link.remove();
      }
      return seen;
    });
    assert.deepEqual(prevented, [false, false, false, true], 'only the plain click on a page of the site moves in the browser');
    await page.waitForURL(`${site.base}/docs/concepts/apps#app-names`);
    await context.close();
  });

  test('islands hydrate in the same pass: the API samples switch tabs, the schedule explainer explains', async () => {
    const {page, context, pageErrors} = await openContext(site.browser, site.base);
    await goto(page, `${site.base}/docs/reference/api/run-app`);
    const python = page.getByRole('tab', {name: 'Python'}).first();
    await python.click();
    assert.equal(await python.getAttribute('aria-selected'), 'true');
    await goto(page, `${site.base}/docs/using-tower/orchestrate`);
    const explainer = page.getByRole('region', {name: 'Schedule explainer'});
    const input = explainer.getByRole('textbox');
    await input.fill('*/15 * * * *');
    await explainer
      .getByText(/every 15 minutes/i)
      .first()
      .waitFor();
    assert.deepEqual(pageErrors, []);
    await context.close();
  });
});
