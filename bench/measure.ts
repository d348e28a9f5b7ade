/**
 * What a first visit downloads, as the browser sees it: every response until
 * the network is idle, grouped by kind, raw and gzip (nginx's level 6), plus
 * the request count. Shared by the page-weight parts of `npm run bench`.
 */
import {gzipSync} from 'node:zlib';
import type {Browser} from 'playwright-core';
import {openContext} from '../tests/e2e/support/browser';

export type Weight = {raw: number; gzip: number; count: number};
export type PageWeight = {
  url: string;
  html: Weight;
  css: Weight;
  js: Weight;
  other: Weight;
  total: Weight;
  requests: number;
};

const empty = (): Weight => ({raw: 0, gzip: 0, count: 0});

function kindOf(contentType: string, url: string): 'html' | 'css' | 'js' | 'other' {
  if (contentType.includes('text/html')) return 'html';
  if (contentType.includes('css') || url.endsWith('.css')) return 'css';
  if (contentType.includes('javascript') || url.endsWith('.js')) return 'js';
  return 'other';
}

export async function measureFirstVisit(browser: Browser, url: string, viewport = {width: 390, height: 844}): Promise<PageWeight> {
  const {page, context} = await openContext(browser, new URL(url).origin, {viewport});
  const bodies: Promise<void>[] = [];
  const result: PageWeight = {url, html: empty(), css: empty(), js: empty(), other: empty(), total: empty(), requests: 0};
  page.on('response', (response) => {
    result.requests += 1;
    bodies.push(
      response
        .body()
        .then((body) => {
          const kind = kindOf(response.headers()['content-type'] ?? '', response.url());
          const gz = gzipSync(body, {level: 6}).length;
          for (const bucket of [result[kind], result.total]) {
            bucket.raw += body.length;
            bucket.gzip += gz;
            bucket.count += 1;
          }
        })
        .catch(() => undefined),
    );
  });
  await page.goto(url, {waitUntil: 'networkidle'});
  // Idle-time prefetches and lazy chunks count too: they are part of the visit.
  await page.waitForTimeout(1500);
  await Promise.all(bodies);
  await context.close();
  return result;
}

export const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

export function formatWeight(label: string, w: PageWeight): string {
  const row = (name: string, x: Weight) => `    ${name.padEnd(6)} ${String(x.count).padStart(3)} files  raw ${kib(x.raw).padStart(10)}  gzip ${kib(x.gzip).padStart(10)}`;
  return [
    `  ${label}: ${w.url} (${w.requests} requests)`,
    row('HTML', w.html),
    row('CSS', w.css),
    row('JS', w.js),
    row('other', w.other),
    row('total', w.total),
  ].join('\n');
}
