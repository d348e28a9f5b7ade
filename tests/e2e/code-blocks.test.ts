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
    await button.click();
    await block.getByRole('button', {name: 'Copied'}).waitFor();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), shown.replace(/\n$/, ''));
    await block.getByRole('status').filter({hasText: 'Copied to the clipboard'}).waitFor();
    await block.getByRole('button', {name: 'Copy code to clipboard'}).waitFor({timeout: 5000});
    // A wide sample scrolls sideways by keyboard: the <pre> takes focus.
    await block.locator('pre').focus();
    assert.equal(await page.evaluate(() => document.activeElement?.tagName), 'PRE');
    assert.deepEqual(pageErrors, []);
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
