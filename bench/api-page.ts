/**
 * First-visit weight of an API operation page against a plain docs page,
 * measured in headless Chromium against the built site served by nginx.
 *
 * For each page: every response the browser receives on a cold first visit
 * (empty cache) until the network is idle, grouped into HTML, CSS, JS and
 * other, with raw bytes (decoded body) and gzip bytes (body gzipped at level
 * 6, the level nginx uses). Requests made at low priority for links in view
 * (prefetches) are counted separately, because they are not needed to show
 * the page. It also lists the JS files only the API page loads, largest
 * first, which shows what dominates the API page's extra JavaScript.
 *
 *   node --import tsx bench/api-page.ts [apiRoute] [docsRoute]
 *
 * bench/run.ts can import measureFirstVisit() and compareApiPage().
 */
import {gzipSync} from 'node:zlib';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import type {Browser} from 'playwright-core';
import {launchBrowser} from '../tests/e2e/support/browser';
import {startNginx} from '../scripts/serve-nginx';

export type Kind = 'html' | 'css' | 'js' | 'other';
export type Entry = {url: string; kind: Kind; raw: number; gzip: number; prefetch: boolean};
export type Totals = Record<Kind | 'all', {raw: number; gzip: number; requests: number}>;
export type Visit = {route: string; entries: Entry[]; needed: Totals; prefetched: Totals};

function kindOf(resourceType: string, contentType: string): Kind {
  if (resourceType === 'document') return 'html';
  if (resourceType === 'stylesheet' || contentType.includes('text/css')) return 'css';
  if (resourceType === 'script' || contentType.includes('javascript')) return 'js';
  return 'other';
}

function totals(entries: Entry[]): Totals {
  const result = {} as Totals;
  for (const kind of ['html', 'css', 'js', 'other', 'all'] as const) {
    const selected = entries.filter((entry) => kind === 'all' || entry.kind === kind);
    result[kind] = {
      raw: selected.reduce((sum, entry) => sum + entry.raw, 0),
      gzip: selected.reduce((sum, entry) => sum + entry.gzip, 0),
      requests: selected.length,
    };
  }
  return result;
}

/** One cold visit in a fresh context (empty cache), until the network has been idle. */
export async function measureFirstVisit(browser: Browser, baseUrl: string, route: string): Promise<Visit> {
  const context = await browser.newContext({viewport: {width: 1280, height: 800}});
  const page = await context.newPage();
  const pending: Promise<Entry | null>[] = [];
  page.on('response', (response) => {
    const request = response.request();
    const url = response.url();
    if (!url.startsWith(baseUrl)) return;
    // Docusaurus prefetches linked routes with <link rel="prefetch">: the browser fetches
    // them at the lowest priority, after the page is usable.
    const prefetch = request.resourceType() === 'other' && /\.(js|css)$/.test(url);
    pending.push(
      response.body().then(
        (body) => ({
          url: url.slice(baseUrl.length),
          kind: prefetch && url.endsWith('.js') ? 'js' : prefetch ? 'css' : kindOf(request.resourceType(), response.headers()['content-type'] ?? ''),
          raw: body.length,
          gzip: gzipSync(body, {level: 6}).length,
          prefetch,
        }),
        () => null,
      ),
    );
  });
  await page.goto(`${baseUrl}${route}`, {waitUntil: 'load'});
  await page.waitForLoadState('networkidle');
  const entries = (await Promise.all(pending)).filter((entry): entry is Entry => entry !== null);
  await context.close();
  // Chromium does not hand out the bodies of prefetched files; fetch them again to size them.
  for (const entry of entries.filter((e) => e.prefetch)) {
    const body = Buffer.from(await (await fetch(`${baseUrl}${entry.url}`)).arrayBuffer());
    entry.raw = body.length;
    entry.gzip = gzipSync(body, {level: 6}).length;
  }
  return {
    route,
    entries,
    needed: totals(entries.filter((entry) => !entry.prefetch)),
    prefetched: totals(entries.filter((entry) => entry.prefetch)),
  };
}

export type Comparison = {api: Visit; docs: Visit; jsRatioGzip: number; apiOnlyJs: Entry[]};

export async function compareApiPage(
  browser: Browser,
  baseUrl: string,
  apiRoute = '/docs/reference/api/run-app',
  docsRoute = '/docs/concepts/runs',
): Promise<Comparison> {
  const docs = await measureFirstVisit(browser, baseUrl, docsRoute);
  const api = await measureFirstVisit(browser, baseUrl, apiRoute);
  const docsJs = new Set(docs.entries.filter((entry) => entry.kind === 'js' && !entry.prefetch).map((entry) => entry.url));
  const apiOnlyJs = api.entries
    .filter((entry) => entry.kind === 'js' && !entry.prefetch && !docsJs.has(entry.url))
    .sort((a, b) => b.gzip - a.gzip);
  return {api, docs, jsRatioGzip: api.needed.js.gzip / docs.needed.js.gzip, apiOnlyJs};
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

export function formatComparison(result: Comparison): string {
  const lines: string[] = [];
  const row = (label: string, visit: Visit) => {
    const {html, css, js, all} = visit.needed;
    lines.push(
      `${label.padEnd(5)} ${visit.route}`,
      `      HTML ${kib(html.raw)} raw / ${kib(html.gzip)} gzip · CSS ${kib(css.raw)} / ${kib(css.gzip)} · ` +
        `JS ${kib(js.raw)} / ${kib(js.gzip)} (${js.requests} files) · all ${kib(all.raw)} / ${kib(all.gzip)}, ${all.requests} requests`,
      `      plus prefetches: ${visit.prefetched.all.requests} requests, ${kib(visit.prefetched.all.raw)} raw / ${kib(visit.prefetched.all.gzip)} gzip`,
    );
  };
  row('docs', result.docs);
  row('api', result.api);
  lines.push(`API page JS / docs page JS (gzip): ${result.jsRatioGzip.toFixed(2)}x (budget 1.5x)`);
  lines.push('JS only the API page loads, largest first:');
  for (const entry of result.apiOnlyJs) lines.push(`  ${kib(entry.gzip).padStart(10)} gzip  ${kib(entry.raw).padStart(10)} raw  ${entry.url}`);
  return lines.join('\n');
}

async function main(): Promise<void> {
  const [apiRoute, docsRoute] = process.argv.slice(2);
  const server = await startNginx();
  const browser = await launchBrowser();
  try {
    const result = await compareApiPage(browser, server.url, apiRoute, docsRoute);
    console.log(formatComparison(result));
    if (result.jsRatioGzip > 1.5) process.exitCode = 1;
  } finally {
    await browser.close();
    await server.stop();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) void main();
