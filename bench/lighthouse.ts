/**
 * Lighthouse benchmark (figures, not assertions): the Tower docs against a
 * vanilla Docusaurus 3.9.1 page and an Astro Starlight page, all served by
 * nginx on loopback in the same run, with Lighthouse 12 driving Debian's
 * Chromium (no browser download).
 *
 * Each page is measured with Lighthouse's default mobile emulation (simulated
 * slow 4G and 4x CPU slowdown) and with its desktop preset, `--runs` times
 * each (default 3, interleaved so that machine noise spreads over all pages).
 * Every figure in the table is the median over the runs; the diagnostics come
 * from Lighthouse's own median run (lighthouse/core/lib/median-run.js). The
 * median runs' full reports are written to bench/results/lighthouse/.
 *
 *   node --import tsx bench/lighthouse.ts [--build DIR] [--runs N] [--pages home,docs] [--presets mobile]
 *
 * --pages keeps only some of the pages (home, docs, api, search, checker, vanilla; the
 * Starlight page is always measured, as the LCP reference) and --presets only
 * mobile or desktop: quicker runs while working on one page.
 *
 * The site build defaults to build/ (or BENCH_BUILD_DIR); the vanilla build to
 * bench/.vanilla-build (or VANILLA_BUILD_DIR, built if missing); the Starlight
 * site is generated and built into bench/starlight/dist on every run.
 */
import {mkdirSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {REPO_ROOT} from '../lib/paths';
import {startNginx, type RunningServer} from '../scripts/serve-nginx';
import {BENCH_DIR, CHROME_PATH, ensureBenchDeps, ensureVanillaBuild, listFlag, numberFlag, siteBuildDir} from './deps';
import {buildStarlight, DIST_DIR as STARLIGHT_DIST, TYPICAL_PAGE as STARLIGHT_PAGE} from './starlight/make-pages';

/** Exactly the flags the bench was asked to use; chrome-launcher adds its own defaults. */
export const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const RESULTS_DIR = path.join(BENCH_DIR, 'results', 'lighthouse');
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
/** Runtime errors Lighthouse asks to be answered by running again (a trace Chromium recorded badly), and how often to try. */
const RERUNNABLE_ERRORS = new Set(['NO_NAVSTART']);
const MAX_ATTEMPTS = 3;

type Preset = 'mobile' | 'desktop';
type Group = 'tower' | 'vanilla' | 'starlight';
type Target = {key: string; label: string; group: Group; url: string};

/** The parts of a Lighthouse result (LHR) this script reads. */
type Audit = {score: number | null; numericValue?: number; displayValue?: string; details?: {items?: unknown[]}};
type Lhr = {
  lighthouseVersion: string;
  runtimeError?: {code: string; message: string};
  runWarnings: string[];
  environment: {hostUserAgent: string; benchmarkIndex: number};
  categories: Record<string, {score: number | null}>;
  audits: Record<string, Audit | undefined>;
};
type Sample = {lhr: Lhr; seconds: number};

type NetworkItem = {url: string; transferSize: number; resourceType?: string; priority?: string; mimeType?: string};
type BootupItem = {url: string; total: number; scripting: number; scriptParseCompile: number};
type BreakdownItem = {group: string; groupLabel: string; duration: number};
type UnusedItem = {url: string; totalBytes: number; wastedBytes: number};
type LongTask = {url: string; duration: number; startTime: number};

const median = (values: number[]): number => {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const items = <T>(audit: Audit | undefined): T[] => (audit?.details?.items ?? []) as T[];
const num = (audit: Audit | undefined): number => audit?.numericValue ?? NaN;
const score = (lhr: Lhr, id: string): number => Math.round((lhr.categories[id]?.score ?? NaN) * 100);
const kib = (bytes: number) => (bytes / 1024).toFixed(1);
const shortUrl = (url: string) => url.replace(/^https?:\/\/[^/]+/, '') || '/';

/** Packages that live only in bench/node_modules: imported through a variable so the root `tsc` never needs them. */
async function benchImport<T>(specifier: string): Promise<T> {
  return (await import(specifier)) as T;
}

type LighthouseFn = (url: string, flags: Record<string, unknown>, config?: unknown) => Promise<{lhr: Lhr} | undefined>;
type ChromeLauncher = {launch: (options: Record<string, unknown>) => Promise<{port: number; kill: () => Promise<void> | void}>};

function metrics(lhr: Lhr) {
  const network = items<NetworkItem>(lhr.audits['network-requests']);
  const js = network.filter((r) => r.mimeType?.includes('javascript') || r.resourceType === 'Script');
  return {
    performance: score(lhr, 'performance'),
    accessibility: score(lhr, 'accessibility'),
    bestPractices: score(lhr, 'best-practices'),
    seo: score(lhr, 'seo'),
    fcp: num(lhr.audits['first-contentful-paint']),
    lcp: num(lhr.audits['largest-contentful-paint']),
    tbt: num(lhr.audits['total-blocking-time']),
    cls: num(lhr.audits['cumulative-layout-shift']),
    bytes: num(lhr.audits['total-byte-weight']),
    requests: network.length,
    // JS the page runs (script requests) and JS fetched at idle for later navigations (prefetch, lowest priority).
    jsRun: js.filter((r) => r.resourceType === 'Script').reduce((sum, r) => sum + r.transferSize, 0),
    jsPrefetch: js.filter((r) => r.resourceType !== 'Script').reduce((sum, r) => sum + r.transferSize, 0),
  };
}
type Metrics = ReturnType<typeof metrics>;

function medianMetrics(samples: Sample[]): Metrics {
  const all = samples.map((s) => metrics(s.lhr));
  const out = {} as Record<keyof Metrics, number>;
  for (const key of Object.keys(all[0]) as (keyof Metrics)[]) out[key] = median(all.map((m) => m[key]));
  return out;
}

function pad(cells: string[], widths: number[]): string {
  return cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
}

function printTable(preset: Preset, targets: Target[], results: Map<string, Sample[]>): void {
  const starlight = medianMetrics(results.get(`${preset}:starlight`)!);
  const header = ['page', 'perf', 'a11y', 'BP', 'SEO', 'FCP s', 'LCP s', 'TBT ms', 'CLS', 'KiB', 'JS KiB', 'reqs', 'LCP/SL'];
  const widths = [34, 4, 4, 3, 3, 6, 6, 6, 5, 6, 6, 4, 6];
  console.log(`\n  ${preset === 'mobile' ? 'Mobile (Lighthouse default: Moto G Power, slow 4G, 4x CPU)' : 'Desktop (Lighthouse desktop preset)'}`);
  console.log('  ' + pad(header, widths));
  for (const target of targets) {
    const m = medianMetrics(results.get(`${preset}:${target.key}`)!);
    console.log(
      '  ' +
        pad(
          [
            target.label,
            String(m.performance),
            String(m.accessibility),
            String(m.bestPractices),
            String(m.seo),
            (m.fcp / 1000).toFixed(2),
            (m.lcp / 1000).toFixed(2),
            m.tbt.toFixed(0),
            m.cls.toFixed(3),
            kib(m.bytes),
            kib(m.jsRun),
            m.requests.toFixed(0),
            (m.lcp / starlight.lcp).toFixed(2),
          ],
          widths,
        ),
    );
  }
}

function printDiagnostics(target: Target, lhr: Lhr): void {
  const a = lhr.audits;
  console.log(
    `\n  ${target.label} (${shortUrl(target.url)}), mobile median run: perf ${score(lhr, 'performance')}, TBT ${num(a['total-blocking-time']).toFixed(0)} ms, LCP ${(num(a['largest-contentful-paint']) / 1000).toFixed(2)} s`,
  );
  const bootup = items<BootupItem>(a['bootup-time']).slice(0, 3);
  console.log(
    `    bootup-time (${a['bootup-time']?.displayValue ?? '-'}): ` +
      bootup.map((b) => `${shortUrl(b.url)} ${b.total.toFixed(0)} ms (eval ${b.scripting.toFixed(0)}, parse ${b.scriptParseCompile.toFixed(0)})`).join('; '),
  );
  const work = items<BreakdownItem>(a['mainthread-work-breakdown']);
  console.log(
    `    main-thread work (${a['mainthread-work-breakdown']?.displayValue ?? '-'}): ` +
      work
        .slice(0, 5)
        .map((w) => `${w.groupLabel} ${w.duration.toFixed(0)}`)
        .join(', '),
  );
  const longTasks = items<LongTask>(a['long-tasks']);
  const byUrl = new Map<string, {count: number; ms: number}>();
  for (const task of longTasks) {
    const entry = byUrl.get(shortUrl(task.url)) ?? {count: 0, ms: 0};
    entry.count += 1;
    entry.ms += task.duration;
    byUrl.set(shortUrl(task.url), entry);
  }
  console.log(`    long tasks (${longTasks.length}): ` + [...byUrl].map(([url, v]) => `${url} ${v.count}x ${v.ms.toFixed(0)} ms`).join('; '));
  const unused = items<UnusedItem>(a['unused-javascript']);
  console.log(
    `    unused-javascript (${a['unused-javascript']?.displayValue ?? 'none'}): ` +
      unused
        .slice(0, 3)
        .map((u) => `${shortUrl(u.url)} ${kib(u.wastedBytes)} of ${kib(u.totalBytes)} KiB`)
        .join('; '),
  );
  const network = items<NetworkItem>(a['network-requests']);
  const kinds = new Map<string, {count: number; bytes: number}>();
  for (const request of network) {
    const kind = request.priority === 'VeryLow' && request.mimeType?.includes('javascript') ? 'prefetch JS' : (request.resourceType ?? 'Other');
    const entry = kinds.get(kind) ?? {count: 0, bytes: 0};
    entry.count += 1;
    entry.bytes += request.transferSize;
    kinds.set(kind, entry);
  }
  console.log(
    `    network requests (${network.length}): ` +
      [...kinds]
        .sort((x, y) => y[1].bytes - x[1].bytes)
        .map(([kind, v]) => `${kind} ${v.count} / ${kib(v.bytes)} KiB`)
        .join(', '),
  );
  const lcpBreakdown = (a['lcp-breakdown-insight']?.details?.items?.[0] as {items?: {label: string; duration: number}[]} | undefined)?.items ?? [];
  const lcpElement = (a['largest-contentful-paint-element']?.details?.items?.[0] as {items?: {node?: {snippet?: string; selector?: string}}[]} | undefined)
    ?.items?.[0]?.node;
  console.log(
    `    LCP element ${lcpElement?.snippet ?? '?'} ${lcpElement?.selector ?? ''}; observed subparts: ` +
      lcpBreakdown.map((p) => `${p.label} ${p.duration.toFixed(0)} ms`).join(', '),
  );
  const dom = num(a['dom-size']);
  const blocking = items<{url: string; wastedMs: number}>(a['render-blocking-insight']);
  console.log(
    `    DOM elements ${Number.isFinite(dom) ? dom : '?'}; render-blocking: ` +
      (blocking.map((b) => `${shortUrl(b.url)} ${b.wastedMs.toFixed(0)} ms`).join(', ') || 'none'),
  );
}

function slugOf(target: Target, preset: Preset): string {
  return `${preset}-${target.key}`;
}

export type LighthouseOptions = {siteBuild?: string; runs?: number; pages?: string[]; presets?: Preset[]};

export async function runLighthouseBench(options: LighthouseOptions = {}): Promise<void> {
  const runs = options.runs ?? numberFlag('--runs', 3);
  const siteBuild = options.siteBuild ?? siteBuildDir();
  console.log('\nLighthouse (figures, not assertions)');
  ensureBenchDeps();
  const vanillaBuild = await ensureVanillaBuild();
  const starlightSeconds = buildStarlight();
  console.log(`  Starlight reference site: 41 synthetic pages built in ${starlightSeconds.toFixed(1)} s (Astro, cold)`);

  const {default: lighthouse} = await benchImport<{default: LighthouseFn}>('lighthouse');
  const {default: desktopConfig} = await benchImport<{default: unknown}>('lighthouse/core/config/desktop-config.js');
  const {computeMedianRun} = await benchImport<{computeMedianRun: (runs: Lhr[]) => Lhr}>('lighthouse/core/lib/median-run.js');
  const chromeLauncher = await benchImport<ChromeLauncher>('chrome-launcher');

  const servers: RunningServer[] = [];
  let chrome: {port: number; kill: () => Promise<void> | void} | undefined;
  try {
    const site = await startNginx(siteBuild);
    servers.push(site);
    const vanilla = await startNginx(vanillaBuild);
    servers.push(vanilla);
    const starlight = await startNginx(STARLIGHT_DIST);
    servers.push(starlight);
    const docsRoute = '/docs/reference/tower-cli';
    const allTargets: Target[] = [
      {key: 'home', label: 'Tower home /', group: 'tower', url: `${site.url}/`},
      {key: 'docs', label: 'Tower long docs page', group: 'tower', url: `${site.url}${docsRoute}`},
      {key: 'api', label: 'Tower API operation page', group: 'tower', url: `${site.url}/docs/reference/api/run-app`},
      {key: 'search', label: 'Tower search ?q=schedule', group: 'tower', url: `${site.url}/search?q=schedule`},
      {key: 'checker', label: 'Tower Towerfile checker', group: 'tower', url: `${site.url}/docs/reference/towerfile-checker`},
      {key: 'vanilla', label: 'vanilla Docusaurus (same page)', group: 'vanilla', url: `${vanilla.url}${docsRoute}`},
      {key: 'starlight', label: 'Starlight typical page', group: 'starlight', url: `${starlight.url}${STARLIGHT_PAGE}`},
    ];
    const pages = options.pages ?? listFlag('--pages');
    const unknownPages = (pages ?? []).filter((key) => !allTargets.some((target) => target.key === key));
    if (unknownPages.length) throw new Error(`--pages: unknown ${unknownPages.join(', ')}; pages are ${allTargets.map((t) => t.key).join(', ')}`);
    const targets = allTargets.filter((target) => !pages || target.group === 'starlight' || pages.includes(target.key));
    chrome = await chromeLauncher.launch({chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, logLevel: 'silent'});

    const presets = (options.presets ?? (listFlag('--presets') as Preset[] | undefined) ?? ['mobile', 'desktop']).filter(
      (preset): preset is Preset => preset === 'mobile' || preset === 'desktop',
    );
    if (presets.length === 0) throw new Error('--presets: give mobile, desktop or both');
    const results = new Map<string, Sample[]>();
    const rerun: string[] = [];
    const total = runs * presets.length * targets.length;
    let done = 0;
    const started = Date.now();
    const loadBefore = os.loadavg()[0].toFixed(2);
    for (let run = 1; run <= runs; run += 1) {
      for (const preset of presets) {
        for (const target of targets) {
          let t0 = Date.now();
          let lhr: Lhr | undefined;
          for (let attempt = 1; ; attempt += 1) {
            t0 = Date.now();
            const result = await lighthouse(
              target.url,
              {port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES], disableFullPageScreenshot: true},
              preset === 'desktop' ? desktopConfig : undefined,
            );
            lhr = result?.lhr;
            if (!lhr) throw new Error(`Lighthouse returned nothing for ${target.url}`);
            const error = lhr.runtimeError;
            if (!error) break;
            // Chromium now and then records a trace without the navigation's start on a loaded machine;
            // Lighthouse's own advice is to run again. The run is repeated, and said so, never dropped.
            if (!RERUNNABLE_ERRORS.has(error.code) || attempt === MAX_ATTEMPTS) {
              throw new Error(`Lighthouse failed on ${target.url}: ${error.code} ${error.message}`);
            }
            rerun.push(`${target.key} (${error.code})`);
          }
          const key = `${preset}:${target.key}`;
          results.set(key, [...(results.get(key) ?? []), {lhr, seconds: (Date.now() - t0) / 1000}]);
          done += 1;
          process.stdout.write(`\r  run ${done}/${total} (${((Date.now() - started) / 1000).toFixed(0)} s)   `);
        }
      }
    }
    process.stdout.write('\n');
    const first = results.values().next().value![0].lhr;
    const load = os.loadavg()[0].toFixed(2);
    console.log(
      `  Lighthouse ${first.lighthouseVersion}, ${first.environment.hostUserAgent.match(/HeadlessChrome\/[\d.]+/)?.[0] ?? 'Chromium'}, benchmarkIndex ${first.environment.benchmarkIndex}; ${runs} runs per page and preset, medians; ${((Date.now() - started) / 60000).toFixed(1)} min; load average ${loadBefore} before, ${load} after on ${os.cpus().length} CPUs (other work on the machine inflates TBT)`,
    );
    if (rerun.length) console.log(`  runs repeated after a Lighthouse error: ${rerun.join(', ')}`);
    const warnings = new Set([...results.values()].flatMap((samples) => samples.flatMap((s) => s.lhr.runWarnings)));
    for (const warning of warnings) console.log(`  Lighthouse warning: ${warning}`);

    for (const preset of presets) printTable(preset, targets, results);
    console.log(
      "  (KiB = total transfer incl. idle prefetches; JS KiB = JavaScript executed, gzip on the wire; LCP/SL = LCP divided by the Starlight page's LCP in the same preset)",
    );
    console.log('\n  Every run, mobile (perf / LCP s / TBT ms), to judge the spread behind the medians');
    for (const target of targets) {
      const each = results.get(`mobile:${target.key}`)?.map((s) => metrics(s.lhr));
      if (!each) continue;
      console.log(`    ${target.label.padEnd(32)} ` + each.map((m) => `${m.performance} / ${(m.lcp / 1000).toFixed(2)} / ${m.tbt.toFixed(0)}`).join('   '));
    }

    if (results.has('mobile:docs') && results.has('mobile:vanilla')) {
      const ours = medianMetrics(results.get('mobile:docs')!);
      const base = medianMetrics(results.get('mobile:vanilla')!);
      const sl = medianMetrics(results.get('mobile:starlight')!);
      console.log(`\n  First visit JavaScript, gzip on the wire (${docsRoute}, mobile runs, median):`);
      console.log(`    Tower    executed ${kib(ours.jsRun)} KiB + prefetched ${kib(ours.jsPrefetch)} KiB`);
      console.log(`    vanilla  executed ${kib(base.jsRun)} KiB + prefetched ${kib(base.jsPrefetch)} KiB`);
      console.log(`    ratio Tower / vanilla (executed): ${(ours.jsRun / base.jsRun).toFixed(2)}; Starlight typical page executes ${kib(sl.jsRun)} KiB`);
    }

    console.log('\n  What Lighthouse blames (mobile, median run of each page)');
    mkdirSync(RESULTS_DIR, {recursive: true});
    for (const preset of presets) {
      for (const target of targets) {
        const medianLhr = computeMedianRun(results.get(`${preset}:${target.key}`)!.map((s) => s.lhr));
        writeFileSync(path.join(RESULTS_DIR, `${slugOf(target, preset)}.json`), JSON.stringify(medianLhr));
        if (preset === 'mobile') printDiagnostics(target, medianLhr);
      }
    }
    console.log(
      `\n  Median-run reports: ${path.relative(REPO_ROOT, RESULTS_DIR)}/<preset>-<page>.json (open with https://googlechrome.github.io/lighthouse/viewer/ or read the JSON)`,
    );
  } finally {
    await chrome?.kill();
    for (const server of servers) await server.stop();
  }
}

if (require.main === module) {
  runLighthouseBench().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
