/**
 * Long input on the search UI (figures, not assertions): the longest task on
 * the page's main thread while it answers inputs a link or a paste can carry,
 * beside an ordinary query measured the same way in the same run. The UI cuts
 * every query to SEARCH.maxQueryLength; before it did, a 30,000-letter ?q=
 * froze the tab for about 30 s (review N4).
 *
 *   node --import tsx bench/search-input.ts [--build DIR]
 */
import type {Browser, Page} from 'playwright-core';
import {SEARCH} from '../src/constants';
import {launchBrowser, openContext, waitForHydration} from '../lib/browser';
import {startNginx} from '../scripts/serve-nginx';
import {siteBuildDir} from './deps';

/** Records every long task (over 50 ms) of the page from its first byte. */
const WATCH_LONG_TASKS = `
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__longTasks.push(entry.duration);
  }).observe({type: 'longtask', buffered: true});`;

type Figure = {longest: number; count: number; total: number};

async function longTasks(page: Page): Promise<Figure> {
  const durations = (await page.evaluate('window.__longTasks')) as number[];
  return {longest: Math.max(0, ...durations), count: durations.length, total: durations.reduce((a, b) => a + b, 0)};
}

async function searchPage(browser: Browser, base: string, query: string): Promise<Figure> {
  const {page, context} = await openContext(browser, base);
  await context.addInitScript(WATCH_LONG_TASKS);
  await page.goto(`${base}/${SEARCH.pagePath}?q=${encodeURIComponent(query)}`);
  await waitForHydration(page);
  await page
    .locator('main p[aria-live]')
    .filter({hasText: /match|No results/})
    .waitFor({timeout: 120_000});
  const figure = await longTasks(page);
  await context.close();
  return figure;
}

async function askAi(browser: Browser, base: string, question: string): Promise<Figure> {
  const {page, context} = await openContext(browser, base);
  await context.addInitScript(WATCH_LONG_TASKS);
  await page.goto(`${base}/docs/intro`);
  await waitForHydration(page);
  await page.keyboard.press('Control+k');
  await page.locator('.DocSearch-Input').fill('how do I deploy an app?');
  await page.locator('.tower-askai-row').click();
  const field = page.getByRole('textbox', {name: 'Your question'});
  await page.locator('.tower-askai__body a').first().waitFor();
  await page.evaluate('window.__longTasks.length = 0');
  await field.fill(question);
  await field.press('Enter');
  await page.waitForFunction(() => !document.querySelector('.tower-askai__body')?.textContent?.includes('Reading the docs'), undefined, {timeout: 120_000});
  const figure = await longTasks(page);
  await context.close();
  return figure;
}

export async function runSearchInputBench(browser: Browser, base: string): Promise<void> {
  const words = Array.from({length: 2400}, (_, i) => `word${(i * 7919).toString(36)}x`).join(' ');
  const cases: Array<[string, () => Promise<Figure>]> = [
    ['/search?q=schedule (ordinary query)', () => searchPage(browser, base, 'schedule')],
    ['/search?q= 30,000 letters', () => searchPage(browser, base, 'a'.repeat(30_000))],
    ['/search?q= 2,400 words', () => searchPage(browser, base, words)],
    ['Ask AI, an ordinary question', () => askAi(browser, base, 'how do I set a secret?')],
    ['Ask AI, a 19,600-character question', () => askAi(browser, base, 'secrets '.repeat(2450))],
  ];
  console.log(`\nLong input on the search UI (queries cut to ${SEARCH.maxQueryLength} characters): longest main-thread task, long tasks`);
  for (const [label, run] of cases) {
    const {longest, count, total} = await run();
    console.log(`  ${label.padEnd(40)} longest ${longest.toFixed(0).padStart(5)} ms   ${count} long tasks, ${total.toFixed(0)} ms in all`);
  }
  console.log('  (timings on a shared machine: compare each line with the ordinary one above it)');
}

if (require.main === module) {
  void (async () => {
    const server = await startNginx(siteBuildDir());
    const browser = await launchBrowser();
    try {
      await runSearchInputBench(browser, server.url);
    } finally {
      await browser.close();
      await server.stop();
    }
  })().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
