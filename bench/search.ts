/**
 * Search benchmark (not a test): relevance against Pagefind (Starlight's
 * engine) built from the same pages in the same run, index size and load
 * time against MiniSearch holding the same sections, what the first query
 * downloads, query latency in headless Chromium, the time from the shortcut
 * to the first results, and how long inputs no reader types (one
 * 30,000-letter word, 2,400 distinct words) take, each against a baseline run
 * the same way (Pagefind, MiniSearch, a naive linear scan over the same
 * records, an everyday query).
 *
 * Relevance is scored on three labelled suites (plugins/search-index/): the
 * keyword queries (relevance-cases.ts), the questions readers type
 * (question-cases.ts) and the held-back questions no tuning looks at
 * (question-cases-heldback.ts; its misses are not printed). Each gets success
 * at 1 and at 3 (a right page first, or among the first three pages) and mean
 * reciprocal rank (of the first right page in the first ten). Pagefind and
 * MiniSearch install on demand into bench/node_modules, like the rest of the
 * bench's tools.
 *
 *   npm run build && npm run bench:search
 */
import {existsSync, mkdtempSync, readFileSync, rmSync, statSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {gzipSync} from 'node:zlib';
import {build} from 'esbuild';
import {SEARCH} from '../src/constants';
import type {ExtractedPage, PackedIndex} from '../src/search/records';
import {escapeHtml} from '../lib/html';
import {buildSearchFiles, engineOf, extractBuiltPages} from '../plugins/search-index/index';
import {labelledQueries} from '../plugins/search-index/relevance-cases';
import {QUESTION_CASES, questionPages} from '../plugins/search-index/question-cases';
import {HELD_BACK_QUESTIONS} from '../plugins/search-index/question-cases-heldback';
import {formatScores, scoreSuite, type Scores} from '../plugins/search-index/relevance-score';
import {REPO_ROOT} from '../lib/paths';
import {BENCH_MODULES, ensureBenchDeps} from './deps';
import type {SearchEngine} from '../src/search/engine';
import {answerQuestion} from '../src/search/answer';
import {longWord, manyWords} from '../plugins/search-index/bounded-inputs';
import {startNginx} from '../scripts/serve-nginx';
import {goto, launchBrowser, openContext, settle} from '../lib/browser';

const BUILD = path.join(REPO_ROOT, 'build');

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** A labelled suite: queries with the pages that answer them. */
type Suite = {name: string; file: string; cases: Array<[string, string[]]>; showMisses: boolean};

/** Milliseconds `run` takes, once. */
function timed(run: () => unknown): number {
  const start = performance.now();
  run();
  return performance.now() - start;
}

/**
 * Search and Ask AI times, in Node, for inputs no reader types (one
 * 30,000-letter word, 2,400 distinct words) beside an everyday question.
 */
function boundedInputs(engine: SearchEngine): Array<{input: string; search: number; ask: number}> {
  const inputs: Array<[string, string]> = [
    ['everyday question (how do I set a secret for production)', 'how do I set a secret for production'],
    ['one word of 30,000 letters', longWord()],
    ['2,400 distinct words', manyWords()],
  ];
  return inputs.map(([input, query]) => ({
    input,
    search: timed(() => engine.search({query, hitsPerPage: 10, distinct: 3})),
    ask: timed(() => answerQuestion(engine, query)),
  }));
}

type MiniSearchModule = {
  default: new (options: {fields: string[]; idField: string}) => {addAll: (documents: object[]) => void; toJSON: () => object};
};

/** The same sections in a MiniSearch index (their heading, the headings above and the text), as JSON, with the options to load it. */
async function miniSearchOf(engine: SearchEngine): Promise<{json: string; fields: string[]}> {
  ensureBenchDeps();
  const {default: MiniSearch} = (await import(path.join(BENCH_MODULES, 'minisearch', 'dist', 'es', 'index.js'))) as MiniSearchModule;
  const fields = ['title', 'path', 'content'];
  const index = new MiniSearch({fields, idField: 'id'});
  index.addAll(
    engine.records.map((record, id) => {
      const headings = Object.values(record.hierarchy).filter((value): value is string => Boolean(value));
      return {id, title: headings.at(-1) ?? '', path: headings.slice(0, -1).join(' '), content: record.content ?? ''};
    }),
  );
  return {json: JSON.stringify(index), fields};
}

/** One HTML document per page, from the same extracted text the local index holds (headings kept as headings). */
function pageHtml(page: ExtractedPage): string {
  const body = page.sections
    .map(
      (section) => (section.level === 1 ? '' : `<h${section.level}>${escapeHtml(section.heading)}</h${section.level}>`) + `<p>${escapeHtml(section.text)}</p>`,
    )
    .join('\n');
  return `<!doctype html><html lang="en"><head><title>${escapeHtml(page.title)}</title></head><body><main><h1>${escapeHtml(page.title)}</h1>${body}</main></body></html>`;
}

type PagefindModule = {
  createIndex: (config?: Record<string, unknown>) => Promise<{
    index?: {
      addHTMLFile: (file: {url: string; content: string}) => Promise<{errors: string[]}>;
      writeFiles: (options: {outputPath: string}) => Promise<{errors: string[]}>;
    };
    errors: string[];
  }>;
  close: () => Promise<void>;
};

/** Builds a Pagefind index of the pages into a temporary folder. */
async function buildPagefind(pages: ExtractedPage[]): Promise<string> {
  ensureBenchDeps();
  const pagefind = (await import(path.join(BENCH_MODULES, 'pagefind', 'lib', 'index.js'))) as PagefindModule;
  const {index, errors} = await pagefind.createIndex({forceLanguage: 'en'});
  if (!index) throw new Error(`Pagefind: ${errors.join('; ')}`);
  for (const page of pages) {
    const added = await index.addHTMLFile({url: page.path, content: pageHtml(page)});
    if (added.errors.length) throw new Error(`Pagefind, ${page.path}: ${added.errors.join('; ')}`);
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tower-pagefind-'));
  const written = await index.writeFiles({outputPath: dir});
  if (written.errors.length) throw new Error(`Pagefind: ${written.errors.join('; ')}`);
  await pagefind.close();
  return dir;
}
const ms = (value: number) => `${value.toFixed(2)} ms`;

/** ≥200 realistic queries: product words, commands, identifiers, prefixes and typos, from the index itself. */
function queries(packed: PackedIndex): string[] {
  const fixed = [
    'scedule',
    'tower deploy',
    'tower.run_app',
    'app.name',
    'secrets',
    'environment',
    'iceberg',
    'cron',
    'install cli',
    'parameters',
    'tower apps list',
    'wait_for_run',
    'teams invite',
    'logs',
    'mcp',
  ];
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

  // Relevance: the local engine (deterministic, in Node) and Pagefind over the same pages.
  const suites: Suite[] = [
    {name: 'keyword queries', file: 'relevance-cases.ts', cases: labelledQueries(), showMisses: true},
    {name: 'questions', file: 'question-cases.ts', cases: questionPages(QUESTION_CASES), showMisses: true},
    {name: 'held-back questions', file: 'question-cases-heldback.ts', cases: questionPages(HELD_BACK_QUESTIONS), showMisses: false},
  ];
  const labelled = suites.flatMap((suite) => suite.cases);
  const pages = extractBuiltPages(BUILD);
  const files = buildSearchFiles(pages);
  const engine = engineOf(files);
  const ours = new Map(
    labelled.map(([query]) => [
      query,
      [...new Set(engine.search({query, hitsPerPage: 10, distinct: 3}).hits.map((hit) => new URL(hit.url_without_anchor).pathname))],
    ]),
  );
  const bounded = boundedInputs(engine);
  const miniSearch = await miniSearchOf(engine);
  let pagefindDir: string | null = null;
  let pagefindProblem: string | null = null;
  try {
    pagefindDir = await buildPagefind(pages);
  } catch (error) {
    pagefindProblem = String(error);
  }

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
    // Bytes the browser receives, by URL, from the first interaction on: requests made while the
    // modal opens are the modal's, requests made once the first query is typed are the query's.
    const received = new Map<string, {bytes: number; phase: string}>();
    let phase: 'idle' | 'modal' | 'query' = 'idle';
    const phaseOf = new WeakMap<object, string>();
    page.on('request', (request) => phaseOf.set(request, phase));
    page.on('response', async (response) => {
      const requestPhase = phaseOf.get(response.request());
      if (!requestPhase || requestPhase === 'idle') return;
      try {
        const length = Number(response.headers()['content-length'] ?? (await response.body()).length);
        const sizes = await response.request().sizes();
        received.set(new URL(response.url()).pathname, {bytes: sizes.responseBodySize || length, phase: requestPhase});
      } catch {
        /* redirects and aborted requests have no body */
      }
    });
    await goto(page, `${server.url}/docs/intro`);
    await settle(page);

    // 1. Shortcut to first results, cold (modal code, engine and index load).
    phase = 'modal';
    const coldStart = Date.now();
    await page.keyboard.press('Control+k');
    await page.locator('.DocSearch-Input').waitFor();
    phase = 'query';
    await page.locator('.DocSearch-Input').fill('schedule');
    await page.locator('.DocSearch-Hit [data-url]').first().waitFor();
    const cold = Date.now() - coldStart;
    await page.waitForTimeout(300);
    phase = 'idle';
    // The query's own files: the index and the engine's chunks (named, or shared chunks with a numeric id);
    // not the pages the results link to, which the site prefetches when they appear.
    const isQueryFile = (url: string) =>
      url.endsWith(SEARCH.indexFile) || url.startsWith(`/${SEARCH.textDir}/`) || /\/assets\/js\/(search-[\w-]+|\d{1,5})\.[0-9a-f]+\.js$/.test(url);
    const bytesOf = (wanted: string) =>
      [...received].filter(([url, entry]) => entry.phase === wanted && (wanted !== 'query' || isQueryFile(url))).reduce((s, [, entry]) => s + entry.bytes, 0);
    const modalBytes = bytesOf('modal');
    const queryBytes = bytesOf('query');
    await page.keyboard.press('Escape');

    // Warm: the same with everything loaded.
    const warms: number[] = [];
    for (const query of ['deploy', 'secrets', 'tables']) {
      const start = Date.now();
      await page.keyboard.press('Control+k');
      await page.locator('.DocSearch-Input').fill(query);
      await page.waitForFunction(
        (q) => (document.querySelector('.DocSearch-Input') as HTMLInputElement).value === q && document.querySelector('.DocSearch-Hit [data-url]'),
        query,
      );
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
        type Engine = {
          records: Array<{hierarchy: Record<string, string | null>; content: string | null}>;
          pages: Array<{textFile: string}>;
          addText: (position: number, text: unknown) => void;
          search: (r: {query: string; hitsPerPage: number; distinct: number}) => {hits: unknown[]};
        };
        const w = window as unknown as {TowerSearch: {SearchEngine: {fromPacked: (p: unknown) => Engine}}};
        const t0 = performance.now();
        const packedIndex = await (await fetch(indexUrl)).json();
        const tFetched = performance.now();
        const engine = w.TowerSearch.SearchEngine.fromPacked(packedIndex);
        const tBuilt = performance.now();
        // Every page's text, so each query below makes its snippets as in use (where a page's text arrives when it is first shown).
        const texts = await Promise.all(engine.pages.map(async (page) => (await fetch(new URL(page.textFile, new URL(indexUrl, location.href)))).json()));
        texts.forEach((text, position) => engine.addText(position, text));
        const tTexts = performance.now();
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
          engineHits += engine.search({query, hitsPerPage: 10, distinct: 3}).hits.length ? 1 : 0;
          engineTimes.push(performance.now() - start);
          start = performance.now();
          scanHits += scan(query).length ? 1 : 0;
          scanTimes.push(performance.now() - start);
        }
        // Baseline for shortcut-to-results: fetch + parse the index file + one scan of its headings, nothing else.
        const b0 = performance.now();
        const again = await (await fetch(`${indexUrl}?baseline`)).json();
        const naiveRecords = (again.sections as Array<[number, string, number, string]>).map(([, , , heading]) => heading.toLowerCase());
        naiveRecords.filter((text) => text.includes('schedule'));
        const naiveFirst = performance.now() - b0;
        return {fetchMs: tFetched - t0, buildMs: tBuilt - tFetched, textsMs: tTexts - tBuilt, engineTimes, scanTimes, engineHits, scanHits, naiveFirst};
      },
      {indexUrl: `${server.url}/${SEARCH.indexFile}`, list},
    );

    // Loading the index, ours against MiniSearch holding the same sections: each from its JSON text, three times.
    await lab.page.addScriptTag({content: readFileSync(path.join(BENCH_MODULES, 'minisearch', 'dist', 'umd', 'index.js'), 'utf8')});
    const loads = await lab.page.evaluate(
      ({indexText, miniJson, fields}) => {
        const w = window as unknown as {
          TowerSearch: {SearchEngine: {fromPacked: (p: unknown) => unknown}};
          MiniSearch: {loadJSON: (json: string, options: {fields: string[]; idField: string}) => unknown};
        };
        const ours: number[] = [];
        const theirs: number[] = [];
        for (let run = 0; run < 3; run += 1) {
          let start = performance.now();
          w.TowerSearch.SearchEngine.fromPacked(JSON.parse(indexText));
          ours.push(performance.now() - start);
          start = performance.now();
          w.MiniSearch.loadJSON(miniJson, {fields, idField: 'id'});
          theirs.push(performance.now() - start);
        }
        return {ours, theirs};
      },
      {indexText: raw.toString('utf8'), miniJson: miniSearch.json, fields: miniSearch.fields},
    );

    // Pagefind in the same browser: its own script and WebAssembly, answering the same labelled queries.
    let pagefind: {ranked: Map<string, string[]>; times: number[]} | null = null;
    if (pagefindDir) {
      const dir = pagefindDir;
      await lab.page.route('**/pagefind-bench/**', (route) => {
        const file = path.join(dir, new URL(route.request().url()).pathname.replace(/^\/pagefind-bench\//, ''));
        return existsSync(file) ? route.fulfill({path: file}) : route.fulfill({status: 404});
      });
      const answers = await lab.page.evaluate(
        async (queryList) => {
          const moduleUrl = '/pagefind-bench/pagefind.js';
          const pf = (await import(moduleUrl)) as {
            init: () => Promise<void>;
            search: (q: string) => Promise<{results: Array<{data: () => Promise<{url: string}>}>}>;
          };
          await pf.init();
          await pf.search('warm up');
          const out: Array<{query: string; urls: string[]; ms: number}> = [];
          for (const query of queryList) {
            const start = performance.now();
            const result = await pf.search(query);
            const elapsed = performance.now() - start;
            const urls = await Promise.all(result.results.slice(0, 10).map(async (hit) => (await hit.data()).url));
            out.push({query, urls, ms: elapsed});
          }
          return out;
        },
        labelled.map(([query]) => query),
      );
      pagefind = {
        ranked: new Map(answers.map(({query, urls}) => [query, [...new Set(urls.map((url) => url.replace(/\/$/, '').replace(/\.html$/, '')))]])),
        times: answers.map(({ms: elapsed}) => elapsed),
      };
    }

    const engineMedian = percentile(timing.engineTimes, 50);
    const engineP95 = percentile(timing.engineTimes, 95);
    const scanMedian = percentile(timing.scanTimes, 50);
    const scanP95 = percentile(timing.scanTimes, 95);
    const warm = percentile(warms, 50);

    const queryFiles = [...received].filter(([url, entry]) => entry.phase === 'query' && isQueryFile(url)).map(([url]) => url);
    const firstQueryGzip = queryFiles.reduce((sum, url) => sum + gzipBytes(path.join(BUILD, url)), 0);
    const fmt = formatScores;
    console.log(`Search benchmark (${packed.pages.length} pages, ${packed.sections.length} sections, ${list.length} queries, headless Chromium)`);
    for (const suite of suites) {
      const misses = (scores: Scores) => (suite.showMisses && scores.misses.length ? `   misses: ${scores.misses.join(' | ')}` : '');
      const oursScores = scoreSuite(suite.cases, (query) => ours.get(query) ?? []);
      console.log(`relevance, ${suite.cases.length} ${suite.name} (plugins/search-index/${suite.file}), first ten pages:`);
      console.log(`  local engine            ${fmt(oursScores)}${misses(oursScores)}`);
      if (pagefind) {
        const ranked = pagefind.ranked;
        const theirs = scoreSuite(suite.cases, (query) => ranked.get(query) ?? []);
        console.log(`  Pagefind (same pages)   ${fmt(theirs)}${misses(theirs)}`);
      } else {
        console.log(`  Pagefind could not run here: ${pagefindProblem}`);
      }
    }
    // Each page's text file (snippets, fetched for the pages a query shows) and blocks file (fetched only by Ask AI).
    const filesOf = (position: 6 | 8) =>
      packed.pages
        .map((page) => page[position])
        .filter(Boolean)
        .map((file) => readFileSync(path.join(BUILD, file)));
    const sizes = (files: Buffer[]) =>
      `raw ${kb(files.reduce((sum, file) => sum + file.length, 0))}   gzip ${kb(files.reduce((sum, file) => sum + gzipSync(file, {level: 9}).length, 0))}`;
    const textFiles = filesOf(6);
    const blockFiles = filesOf(8);
    console.log(
      `index size               raw ${kb(raw.length)}   gzip ${kb(gzipSync(raw, {level: 9}).length)}; page texts (${textFiles.length} files, fetched for the pages shown) ${sizes(textFiles)}; ` +
        `page blocks (${blockFiles.length} files, fetched by Ask AI for the page it quotes) ${sizes(blockFiles)}`,
    );
    console.log(
      `first query downloads    ${kb(queryBytes)} over the wire (Brotli, as nginx sends it to Chromium); ${kb(firstQueryGzip)} gzip (target: at most 150 KB): ${queryFiles.filter((url) => !url.startsWith(`/${SEARCH.textDir}/`)).join(', ')} and ${queryFiles.filter((url) => url.startsWith(`/${SEARCH.textDir}/`)).length} page texts`,
    );
    const range = (values: number[]) => `${ms(Math.min(...values))}–${ms(Math.max(...values))}`;
    const recordsOnly = JSON.stringify({pages: packed.pages, sections: packed.sections});
    console.log(
      `index vs MiniSearch 7.2  load from JSON text (3 runs): ours ${range(loads.ours)} | MiniSearch ${range(loads.theirs)} | ratio median ${(percentile(loads.ours, 50) / percentile(loads.theirs, 50)).toFixed(2)}; ` +
        `gzip: ours ${kb(gzipSync(raw, {level: 9}).length)} (records included) | MiniSearch ${kb(gzipSync(miniSearch.json, {level: 9}).length)} (index only), ${kb(gzipSync(miniSearch.json + recordsOnly, {level: 9}).length)} with the same records`,
    );
    console.log(`modal code on first open ${kb(modalBytes)} over the wire (DocSearch modal, styles, Ask AI panel)`);
    console.log(
      `index fetch + engine build in page: ${ms(timing.fetchMs)} + ${ms(timing.buildMs)} (then every page's text, for the latency below: ${ms(timing.textsMs)})`,
    );
    console.log(
      `query latency  engine median ${ms(engineMedian)} p95 ${ms(engineP95)} (target: p95 under 16 ms) | linear scan median ${ms(scanMedian)} p95 ${ms(scanP95)} | ratio median ${(engineMedian / scanMedian).toFixed(2)} p95 ${(engineP95 / scanP95).toFixed(2)}`,
    );
    if (pagefind) {
      const pfMedian = percentile(pagefind.times, 50);
      const pfP95 = percentile(pagefind.times, 95);
      console.log(
        `               Pagefind (labelled queries, warm) median ${ms(pfMedian)} p95 ${ms(pfP95)} | ratio engine/Pagefind median ${(engineMedian / pfMedian).toFixed(2)} p95 ${(engineP95 / pfP95).toFixed(2)}`,
      );
    }
    console.log(`queries with results     engine ${timing.engineHits}/${list.length} | linear scan ${timing.scanHits}/${list.length}`);
    console.log(
      `shortcut -> first results cold ${cold} ms, warm median ${warm} ms | naive fetch+parse+scan ${ms(timing.naiveFirst)} | ratio cold ${(cold / timing.naiveFirst).toFixed(1)}, warm ${(warm / timing.naiveFirst).toFixed(1)}`,
    );
    const everyday = bounded[0];
    for (const {input, search, ask} of bounded) {
      console.log(
        `bounded input  ${input.padEnd(58)} search ${ms(search)} (x${(search / everyday.search).toFixed(1)} the everyday question), Ask AI ${ms(ask)} (x${(ask / everyday.ask).toFixed(1)})`,
      );
    }
    await watched.context.close();
    await lab.context.close();
  } finally {
    await browser.close();
    await server.stop();
    if (pagefindDir) rmSync(pagefindDir, {recursive: true, force: true});
  }
}

/** The gzip size of a built file: its .gz twin, as a browser without Brotli receives it. */
function gzipBytes(file: string): number {
  return existsSync(`${file}.gz`) ? statSync(`${file}.gz`).size : gzipSync(readFileSync(file)).length;
}

void main();
