/**
 * Search benchmark (not a test): index size, what the first query downloads,
 * query latency in headless Chromium and the time from the shortcut to the
 * first results, each against a baseline run the same way: a naive linear
 * scan over the same records (substring match of every query word).
 *
 *   npx docusaurus build && node --import tsx bench/search.ts
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {gzipSync} from 'node:zlib';
import {build} from 'esbuild';
import {SEARCH} from '../src/constants';
import type {PackedIndex} from '../src/search/records';
import {REPO_ROOT} from '../scripts/nginx-conf';
import {startNginx} from '../scripts/serve-nginx';
import {goto, launchBrowser, openContext} from '../tests/e2e/support/browser';
import {settle} from '../tests/e2e/support/settle';

const BUILD = path.join(REPO_ROOT, 'build');

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => `${value.toFixed(2)} ms`;

/** ≥200 realistic queries: product words, commands, identifiers, prefixes and typos, from the index itself. */
function queries(packed: PackedIndex): string[] {
  const fixed = ['scedule', 'tower deploy', 'tower.run_app', 'app.name', 'secrets', 'environment', 'iceberg', 'cron', 'install cli', 'parameters', 'tower apps list', 'wait_for_run', 'teams invite', 'logs', 'mcp'];
  const headings = [...new Set(packed.sections.map(([, , , heading]) => heading))].filter((h) => h.length > 3);
  const out = [...fixed];
  for (let i = 0; out.length < 240 && i < headings.length * 3; i += 1) {
    const heading = headings[(i * 7) % headings.length];
    const words = heading.split(/\s+/);
    if (i % 3 === 0) out.push(words.slice(0, 2).join(' '));
    else if (i % 3 === 1) out.push(words[0].slice(0, Math.max(3, words[0].length - 2)));
    else out.push(words[0].length > 5 ? words[0].slice(0, 2) + words[0].slice(3) : words.join(' '));
  }
  return out.slice(0, 240);
}

async function main(): Promise<void> {
  const indexFile = path.join(BUILD, SEARCH.indexFile);
  const raw = readFileSync(indexFile);
  const packed = JSON.parse(raw.toString('utf8')) as PackedIndex;
  const list = queries(packed);

  // The engine exactly as the browser runs it, bundled for injection.
  const bundle = await build({
    entryPoints: [path.join(REPO_ROOT, 'src/search/engine.ts')],
    bundle: true,
    minify: true,
    format: 'iife',
    globalName: 'TowerSearch',
    write: false,
    platform: 'browser',
  });
  const engineCode = bundle.outputFiles[0].text;

  const server = await startNginx(BUILD);
  const browser = await launchBrowser();
  try {
    const watched = await openContext(browser, server.url);
    const {page} = watched;
    // Bytes the browser receives, by URL, from the first interaction on.
    const received = new Map<string, number>();
    let counting = false;
    page.on('response', async (response) => {
      if (!counting) return;
      try {
        const length = Number(response.headers()['content-length'] ?? (await response.body()).length);
        const sizes = await response.request().sizes();
        received.set(new URL(response.url()).pathname, sizes.responseBodySize || length);
      } catch {
        /* redirects and aborted requests have no body */
      }
    });
    await goto(page, `${server.url}/docs/intro`);
    await settle(page);

    // 1. Shortcut to first results, cold (modal code, engine and index load).
    counting = true;
    const coldStart = Date.now();
    await page.keyboard.press('Control+k');
    await page.locator('.DocSearch-Input').fill('schedule');
    await page.locator('.DocSearch-Hit [data-url]').first().waitFor();
    const cold = Date.now() - coldStart;
    await page.waitForTimeout(300);
    counting = false;
    const modalBytes = [...received].filter(([url]) => url.startsWith('/assets/') && !/search-engine/.test(url)).reduce((s, [, b]) => s + b, 0);
    const queryBytes = [...received].filter(([url]) => /search-engine/.test(url) || url.endsWith(SEARCH.indexFile)).reduce((s, [, b]) => s + b, 0);
    await page.keyboard.press('Escape');

    // Warm: the same with everything loaded.
    const warms: number[] = [];
    for (const query of ['deploy', 'secrets', 'tables']) {
      const start = Date.now();
      await page.keyboard.press('Control+k');
      await page.locator('.DocSearch-Input').fill(query);
      await page.waitForFunction((q) => (document.querySelector('.DocSearch-Input') as HTMLInputElement).value === q && document.querySelector('.DocSearch-Hit [data-url]'), query);
      warms.push(Date.now() - start);
      await page.keyboard.press('Escape');
    }

    // 2. Latency per query in a page: engine vs linear scan, same records.
    // (A context that bypasses the CSP, so the bundled engine can be injected.)
    const lab = await openContext(browser, server.url, {bypassCSP: true});
    await goto(lab.page, `${server.url}/docs/intro`);
    await lab.page.addScriptTag({content: engineCode});
    // tsx names functions with a __name helper; give the page one for evaluate().
    await lab.page.addScriptTag({content: 'window.__name = (fn) => fn;'});
    const timing = await lab.page.evaluate(
      async ({indexUrl, list}) => {
        const t0 = performance.now();
        const packedIndex = await (await fetch(indexUrl)).json();
        const tFetched = performance.now();
        const w = window as unknown as {TowerSearch: {SearchEngine: {fromPacked: (p: unknown) => {records: Array<{hierarchy: Record<string, string | null>; content: string | null}>; search: (r: {query: string; hitsPerPage: number}) => {hits: unknown[]}}}}};
        const engine = w.TowerSearch.SearchEngine.fromPacked(packedIndex);
        const tBuilt = performance.now();
        const records = engine.records.map((r) => ({text: `${Object.values(r.hierarchy).filter(Boolean).join(' ')} ${r.content ?? ''}`.toLowerCase(), r}));
        const scan = (query: string) => {
          const words = query.toLowerCase().split(/\s+/).filter(Boolean);
          const scored: Array<[number, unknown]> = [];
          for (const {text, r} of records) {
            let score = 0;
            for (const word of words) if (text.includes(word)) score += 1;
            if (score) scored.push([score, r]);
          }
          return scored.sort((a, b) => b[0] - a[0]).slice(0, 20);
        };
        const engineTimes: number[] = [];
        const scanTimes: number[] = [];
        let engineHits = 0;
        let scanHits = 0;
        for (const query of list) {
          let start = performance.now();
          engineHits += engine.search({query, hitsPerPage: 20}).hits.length ? 1 : 0;
          engineTimes.push(performance.now() - start);
          start = performance.now();
          scanHits += scan(query).length ? 1 : 0;
          scanTimes.push(performance.now() - start);
        }
        // Baseline for shortcut-to-results: fetch + parse + one scan, nothing else.
        const b0 = performance.now();
        const again = await (await fetch(`${indexUrl}?baseline`)).json();
        const naiveRecords = (again.sections as Array<[number, string, number, string, string]>).map(([, , , heading, content]) => `${heading} ${content}`.toLowerCase());
        naiveRecords.filter((text) => text.includes('schedule'));
        const naiveFirst = performance.now() - b0;
        return {fetchMs: tFetched - t0, buildMs: tBuilt - tFetched, engineTimes, scanTimes, engineHits, scanHits, naiveFirst};
      },
      {indexUrl: `${server.url}/${SEARCH.indexFile}`, list},
    );

    const engineMedian = percentile(timing.engineTimes, 50);
    const engineP95 = percentile(timing.engineTimes, 95);
    const scanMedian = percentile(timing.scanTimes, 50);
    const scanP95 = percentile(timing.scanTimes, 95);
    const warm = percentile(warms, 50);

    console.log(`Search benchmark (${packed.pages.length} pages, ${packed.sections.length} sections, ${list.length} queries, headless Chromium)`);
    console.log(`index size               raw ${kb(raw.length)}   gzip ${kb(gzipSync(raw).length)}`);
    console.log(`first query downloads    ${kb(queryBytes)} over the wire (engine chunk + index, as nginx sends them to Chromium: Brotli)`);
    console.log(`modal code on first open ${kb(modalBytes)} over the wire (DocSearch modal, styles, Ask AI panel)`);
    console.log(`index fetch + engine build in page: ${ms(timing.fetchMs)} + ${ms(timing.buildMs)}`);
    console.log(`query latency  engine median ${ms(engineMedian)} p95 ${ms(engineP95)} | linear scan median ${ms(scanMedian)} p95 ${ms(scanP95)} | ratio median ${(engineMedian / scanMedian).toFixed(2)} p95 ${(engineP95 / scanP95).toFixed(2)}`);
    console.log(`queries with results     engine ${timing.engineHits}/${list.length} | linear scan ${timing.scanHits}/${list.length}`);
    console.log(`shortcut -> first results cold ${cold} ms, warm median ${warm} ms | naive fetch+parse+scan ${ms(timing.naiveFirst)} | ratio cold ${(cold / timing.naiveFirst).toFixed(1)}, warm ${(warm / timing.naiveFirst).toFixed(1)}`);
    await watched.context.close();
    await lab.context.close();
  } finally {
    await browser.close();
    await server.stop();
  }
}

void main();
