/**
 * What a first visit downloads, as the browser sees it: every response until
 * the network is idle (idle-time prefetches included), grouped by kind, plus
 * the request count. "gzip" is the bytes on the wire as Chromium's network
 * stack counted them, with the browser limited to gzip (the yardstick;
 * browsers that accept Brotli get about a sixth less from our nginx); "raw" is the decoded size where the body can be read
 * (Chromium does not hand out the bodies of some prefetches; those count 0
 * raw but still count on the wire). Shared by `npm run bench`.
 */
import type {Browser} from 'playwright-core';
import {openContext} from '../lib/browser';

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
  const {page, context} = await openContext(browser, new URL(url).origin, {viewport, extraHTTPHeaders: {'accept-encoding': 'gzip, deflate'}});
  const bodies: Promise<void>[] = [];
  const result: PageWeight = {url, html: empty(), css: empty(), js: empty(), other: empty(), total: empty(), requests: 0};
  // A fresh context has an empty cache, so every byte is a first-visit byte.
  page.on('requestfinished', (request) => {
    result.requests += 1;
    bodies.push(
      (async () => {
        const response = await request.response();
        if (!response) return;
        const {responseBodySize} = await request.sizes();
        const raw = await response.body().then(
          (body) => body.length,
          () => 0,
        );
        const kind = kindOf(response.headers()['content-type'] ?? '', response.url());
        for (const bucket of [result[kind], result.total]) {
          bucket.raw += raw;
          bucket.gzip += responseBodySize;
          bucket.count += 1;
        }
      })().catch(() => undefined),
    );
  });
  await page.goto(url, {waitUntil: 'networkidle'});
  // Idle-time prefetches and lazy chunks count too: they are part of the visit. Ours start
  // 2 s after load (plugins/idle-prefetch), so the window is long enough to see them.
  await page.waitForTimeout(4000);
  await Promise.all(bodies);
  await context.close();
  return result;
}

export const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

export function formatWeight(label: string, w: PageWeight): string {
  const row = (name: string, x: Weight) =>
    `    ${name.padEnd(6)} ${String(x.count).padStart(3)} files  raw ${kib(x.raw).padStart(10)}  gzip ${kib(x.gzip).padStart(10)}`;
  return [
    `  ${label}: ${w.url} (${w.requests} requests)`,
    row('HTML', w.html),
    row('CSS', w.css),
    row('JS', w.js),
    row('other', w.other),
    row('total', w.total),
  ].join('\n');
}
