/**
 * Code samples as a reader meets them: highlighted in the HTML the server
 * sends (no highlighter runs in the browser), titled where the fence names a
 * file, scrollable by keyboard, and copied exactly by the copy button.
 */
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, test} from 'node:test';
import {listFiles} from '../../lib/files';
import {DEFAULT_BUILD_DIR} from '../../scripts/serve-nginx';
import {REPO_ROOT} from '../../lib/paths';
import {goto, openContext, PHONE} from '../../lib/browser';
import {useSite} from './support/site';

const site = useSite();

/** Strings only Prism's grammars or prism-react-renderer put in a bundle. */
const PRISM_MARKERS = ['disableWorkerMessageHandler', 'BASH_COMPLETION_COMPAT_DIR', 'token-line'];

describe('code blocks', () => {
  test('arrive highlighted and titled in the server-rendered HTML', async () => {
    const response = await fetch(`${site.base}/docs/reference/towerfile`);
    const html = await response.text();
    const block = html.match(/<div class="theme-code-block language-toml[^"]*">([\s\S]*?)<\/pre>/)?.[1] ?? '';
    assert.match(block, /Towerfile<\/div>/, 'the fence title is shown above the code');
    assert.match(block, /<span class="token table class-name">app<\/span>/, 'TOML is tokenised at build time');
  });

  test('the copy button puts exactly the code on the clipboard, on a phone too', async () => {
    const {page, context, pageErrors} = await openContext(site.browser, site.base, {viewport: PHONE});
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], {origin: site.base});
    await goto(page, `${site.base}/docs/reference/towerfile`);
    const block = page.locator('.theme-code-block').filter({hasText: 'Towerfile'}).first();
    const shown = await block.locator('pre').innerText();
    assert.match(shown, /^\[app\]\nname = "hello"/);
    const button = block.getByRole('button', {name: 'Copy code to clipboard'});
    // The icon is a CSS mask on the button (no inline SVG): drawn at a visible size, and a tick once copied.
    const icon = (name: string) =>
      block.getByRole('button', {name}).evaluate((element) => {
        const style = getComputedStyle(element, '::before');
        return {mask: style.maskImage, width: parseFloat(style.width)};
      });
    const idle = await icon('Copy code to clipboard');
    assert.match(idle.mask, /^url\("data:image\/svg\+xml,/);
    assert.ok(idle.width >= 16, `the copy icon is ${idle.width}px wide`);
    await button.click();
    await block.getByRole('button', {name: 'Copied'}).waitFor();
    const done = await icon('Copied');
    assert.match(done.mask, /^url\("data:image\/svg\+xml,/);
    assert.notEqual(done.mask, idle.mask, 'the icon turns into a tick once the code is copied');
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), shown.replace(/\n$/, ''));
    await block.getByRole('status').filter({hasText: 'Copied to the clipboard'}).waitFor();
    await block.getByRole('button', {name: 'Copy code to clipboard'}).waitFor({timeout: 5000});
    // A wide sample scrolls sideways by keyboard: the <pre> takes focus.
    await block.locator('pre').focus();
    assert.equal(await page.evaluate(() => document.activeElement?.tagName), 'PRE');
    assert.deepEqual(pageErrors, []);
    await context.close();
  });

  test('highlighted lines and line numbers from the fence, numbers never copied', async () => {
    const {page, context, pageErrors} = await openContext(site.browser, site.base);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], {origin: site.base});
    await goto(page, `${site.base}/docs/reference/towerfile-checker`);
    const block = page.locator('.theme-code-block').filter({hasText: 'A Towerfile with a misspelt key'});
    const marked = block.locator('mark');
    assert.equal(await marked.count(), 1, 'one highlighted line, marked up as such');
    assert.equal(await marked.innerText(), 'sources = ["./export.py", "./pyproject.toml"]');
    // Numbers are a CSS counter from 1 on each line: drawn, but never part of the text.
    const numbering = await block
      .locator('code')
      .evaluate((code) => [
        getComputedStyle(code).counterReset,
        ...Array.from(code.querySelectorAll('.theme-code-line'), (line) => getComputedStyle(line, '::before').content),
      ]);
    assert.deepEqual(numbering, ['code-line 0', ...Array(4).fill('counter(code-line)')]);
    const shown = await block.locator('pre').innerText();
    // Selecting the block by hand copies the same text as the button.
    const selected = await block.locator('pre').evaluate((pre) => {
      getSelection()!.selectAllChildren(pre);
      return getSelection()!.toString();
    });
    await block.getByRole('button', {name: 'Copy code to clipboard'}).click();
    await block.getByRole('button', {name: 'Copied'}).waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    assert.equal(copied, '[app]\nname = "invoice-export"\nscript = "./export.py"\nsources = ["./export.py", "./pyproject.toml"]');
    assert.equal(shown.replace(/\n$/, ''), copied, 'what is shown is what is copied: no numbers in the text');
    assert.equal(selected.replace(/\n$/, ''), copied, 'a selection copies the code too');
    assert.deepEqual(pageErrors, []);
    await context.close();
  });

  test('long lines can be wrapped with a toggle, by keyboard, on a phone', async () => {
    const {page, context, pageErrors} = await openContext(site.browser, site.base, {viewport: PHONE});
    await goto(page, `${site.base}/docs/using-tower/orchestrate`);
    const block = page.locator('.theme-code-block').filter({hasText: 'curl -s -X POST'}).first();
    const pre = block.locator('pre');
    await pre.scrollIntoViewIfNeeded();
    const scrolls = () => pre.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
    assert.equal(await scrolls(), true, 'the long line scrolls sideways at first');
    const toggle = block.getByRole('button', {name: 'Wrap long lines'});
    assert.equal(await toggle.getAttribute('aria-pressed'), 'false');
    await toggle.focus();
    await page.keyboard.press('Enter');
    assert.equal(await toggle.getAttribute('aria-pressed'), 'true');
    assert.equal(await scrolls(), false, 'wrapped: nothing to scroll');
    await page.keyboard.press('Space');
    assert.equal(await toggle.getAttribute('aria-pressed'), 'false');
    assert.equal(await scrolls(), true);
    const short = page.locator('.theme-code-block').filter({hasText: 'tower apps cancel daily-sales 12'}).first();
    assert.equal(await short.getByRole('button', {name: 'Wrap long lines'}).count(), 0, 'no toggle where every line is short');
    assert.deepEqual(pageErrors, []);
    await context.close();
  });

  test('the reference pages say which tower-cli version the build checked their samples against', async () => {
    const {cliVersion} = JSON.parse(readFileSync(path.join(REPO_ROOT, 'data/cli-manifest.json'), 'utf8')) as {cliVersion: string};
    const {page, context} = await openContext(site.browser, site.base);
    for (const route of ['/docs/reference/tower-cli', '/docs/reference/tower-sdk', '/docs/reference/towerfile']) {
      await goto(page, `${site.base}${route}`);
      const afterTitle = page.locator('article header:has(h1) + p');
      assert.equal(await afterTitle.innerText(), `The samples on this page are checked against tower-cli ${cliVersion} every time the site is built.`, route);
    }
    await goto(page, `${site.base}/docs/concepts/runs`);
    assert.equal(await page.getByText('The samples on this page are checked against').count(), 0, 'only on the checked reference pages');
    await context.close();
  });

  test('no highlighter reaches the browser', () => {
    const offenders = listFiles(path.join(DEFAULT_BUILD_DIR, 'assets', 'js'), (file) => file.endsWith('.js')).flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      return PRISM_MARKERS.filter((marker) => text.includes(marker)).map((marker) => `${path.basename(file)}: ${marker}`);
    });
    assert.deepEqual(offenders, []);
  });
});
