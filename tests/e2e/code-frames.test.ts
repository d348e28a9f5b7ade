/**
 * Code blocks as frames (review finding 3): the copy and wrap buttons sit in
 * a header row and never over a line of code, on a phone or a desk; the wrap
 * toggle shows on exactly the blocks with a line wider than the block; a
 * fence flagged `output` is labelled "Output" and looks unlike the command
 * above it. Measured on the CLI reference, the page with the most blocks.
 */
import assert from 'node:assert/strict';
import {describe, test} from 'node:test';
import type {Page} from 'playwright-core';
import {DESKTOP, PHONE, goto, openContext} from '../../lib/browser';
import {useSite} from './support/site';

const site = useSite();
const CLI_REFERENCE = '/docs/reference/tower-cli';

type BlockReport = {index: number; title: string; covered: boolean; overflows: boolean; toggleShown: boolean};

/** For every code block the reader can see: does a button cover a line of code, does it overflow, is its wrap toggle shown. */
function reportBlocks(page: Page): Promise<BlockReport[]> {
  return page.evaluate(async () => {
    // Two frames: the wrap toggles' ResizeObserver has reported every block.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    return Array.from(document.querySelectorAll<HTMLElement>('.theme-code-block'))
      .filter((block) => block.offsetParent !== null)
      .map((block, index) => {
        const pre = block.querySelector('pre')!;
        const code = pre.querySelector('code')!;
        const range = document.createRange();
        range.selectNodeContents(code);
        const lines = Array.from(range.getClientRects()).filter((rect) => rect.width > 0);
        const buttons = Array.from(block.querySelectorAll('button'))
          .filter((button) => button.offsetParent !== null)
          .map((button) => button.getBoundingClientRect());
        const toggle = block.querySelector<HTMLButtonElement>('button[aria-label="Wrap long lines"]');
        return {
          index,
          title: (code.textContent ?? '').split('\n')[0].slice(0, 60),
          covered: lines.some((line) =>
            buttons.some((button) => line.left < button.right && button.left < line.right && line.top < button.bottom && button.top < line.bottom),
          ),
          overflows: pre.scrollWidth > pre.clientWidth + 1,
          toggleShown: Boolean(toggle && toggle.offsetParent !== null),
        };
      });
  });
}

describe('code blocks are frames: buttons beside the code, never on it', () => {
  for (const viewport of [PHONE, DESKTOP]) {
    test(`no button covers a line of code on the CLI reference, ${viewport.width} px`, async () => {
      const {page, context, pageErrors} = await openContext(site.browser, site.base, {viewport});
      await goto(page, `${site.base}${CLI_REFERENCE}`);
      const blocks = await reportBlocks(page);
      assert.ok(blocks.length >= 90, `only ${blocks.length} code blocks measured`);
      assert.deepEqual(
        blocks.filter((block) => block.covered).map((block) => `#${block.index} ${block.title}`),
        [],
      );
      assert.deepEqual(pageErrors, []);
      await context.close();
    });

    test(`the wrap toggle shows exactly where a line overflows its block, ${viewport.width} px`, async () => {
      const {page, context} = await openContext(site.browser, site.base, {viewport});
      await goto(page, `${site.base}${CLI_REFERENCE}`);
      const blocks = await reportBlocks(page);
      const wrong = blocks.filter((block) => block.toggleShown !== block.overflows);
      assert.deepEqual(
        wrong.map((block) => `#${block.index} ${block.title}: ${block.overflows ? 'overflows, no toggle' : 'fits, toggle shown'}`),
        [],
      );
      assert.ok(
        blocks.some((block) => !block.toggleShown),
        'some blocks fit',
      );
      if (viewport === PHONE)
        assert.ok(
          blocks.some((block) => block.toggleShown),
          'a phone has blocks to wrap',
        );
      await context.close();
    });
  }

  test('the toggle follows the window: a block that fits on a desk gets it on a phone, and keeps it while wrapped', async () => {
    const {page, context} = await openContext(site.browser, site.base, {viewport: DESKTOP});
    await goto(page, `${site.base}${CLI_REFERENCE}`);
    await reportBlocks(page);
    // The first block with a toggle that fits at 1280 px (a line too long for a phone, short enough for a desk).
    const index = await page.evaluate(() =>
      Array.from(document.querySelectorAll('.theme-code-block')).findIndex((block) => {
        const toggle = block.querySelector<HTMLButtonElement>('button[aria-label="Wrap long lines"]');
        return toggle !== null && toggle.hidden && block.querySelector('pre')!.offsetParent !== null;
      }),
    );
    assert.ok(index >= 0, 'no block fits at 1280 px with a line too long for a phone');
    const block = page.locator('.theme-code-block').nth(index);
    const toggle = block.getByRole('button', {name: 'Wrap long lines', includeHidden: true});
    await page.setViewportSize(PHONE);
    await block.scrollIntoViewIfNeeded();
    await toggle.waitFor({state: 'visible'});
    await toggle.click();
    assert.equal(await toggle.getAttribute('aria-pressed'), 'true');
    assert.equal(await block.locator('pre').evaluate((pre) => pre.scrollWidth <= pre.clientWidth + 1), true, 'wrapped: nothing to scroll');
    await page.setViewportSize(DESKTOP);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    assert.equal(await toggle.isVisible(), true, 'a wrapped block keeps its toggle, so it can be unwrapped');
    await toggle.click();
    await toggle.waitFor({state: 'hidden'});
    await context.close();
  });
});

describe('command output', () => {
  test('an output block is labelled Output and looks unlike the command before it', async () => {
    const {page, context} = await openContext(site.browser, site.base);
    await goto(page, `${site.base}/docs/getting-started/quick-start`);
    const command = page
      .locator('.theme-code-block')
      .filter({hasText: /^tower version$/})
      .first();
    const output = page
      .locator('.theme-code-block')
      .filter({hasText: /^v\d+\.\d+\.\d+/})
      .first();
    const look = (block: typeof command) =>
      block.evaluate((element) => {
        const label = element.querySelector('[data-label]');
        return {
          background: getComputedStyle(element).backgroundColor,
          label: label ? getComputedStyle(label, '::before').content : null,
        };
      });
    const [commandLook, outputLook] = [await look(command), await look(output)];
    assert.equal(outputLook.label, '"Output"');
    assert.equal(commandLook.label, '"Shell"');
    assert.notEqual(outputLook.background, commandLook.background);
    // The label is drawn, not text: copying the block and the search index see only the output.
    assert.match((await output.locator('pre').innerText()).trim(), /^v\d+\.\d+\.\d+$/);
    assert.equal(await output.evaluate((element) => element.textContent?.includes('Output')), false);
    await context.close();
  });
});
