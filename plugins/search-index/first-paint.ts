/**
 * The search page's first paint, at build time: writes the split index
 * (src/search/split.ts) beside search-index.json and compiles
 * src/search/firstPaint.ts into an inline script of the /search page, with
 * the list of term files built in so that it never asks for a missing one.
 *
 * Inline, because the script's job is to start its downloads the moment the
 * HTML has arrived; a file of its own would cost a request on a new
 * connection first. The price is the page's size: it must still arrive in
 * the first round trip of a new connection (TCP's initial window of ten
 * segments, 14,600 bytes with the headers), or the whole page takes one more
 * round trip. A test holds the built page to that (FIRST_ROUND_TRIP_BYTES).
 */
import {createHash} from 'node:crypto';
import {mkdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {build} from 'esbuild';
import {SEARCH, SITE} from '../../src/constants';
import type {PackedIndex} from '../../src/search/records';
import {SPLIT_FILES, decodeShardList, type SplitManifest} from '../../src/search/split';
import {splitIndex} from '../../src/search/splitIndex';

const ENTRY = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/search/firstPaint.ts');

/** TCP's initial congestion window (10 segments of 1,460 bytes): what a new connection delivers in its first round trip. */
export const FIRST_ROUND_TRIP_BYTES = 14_600;

/** A build's id: changes whenever the index does. */
export function buildId(packed: PackedIndex): string {
  return createHash('sha256').update(JSON.stringify(packed)).digest('hex').slice(0, 12);
}

/** Writes <outDir>/<SEARCH.splitIndexDir>/ (replacing an older one) and returns its manifest. */
export function writeSplitIndex(outDir: string, packed: PackedIndex): SplitManifest {
  const {manifest, base, shards, buckets} = splitIndex(packed, buildId(packed), `${SITE.baseUrl}${SEARCH.splitIndexDir}/`);
  const dir = path.join(outDir, SEARCH.splitIndexDir);
  rmSync(dir, {recursive: true, force: true});
  const write = (file: string, data: unknown) => {
    mkdirSync(path.dirname(path.join(dir, file)), {recursive: true});
    writeFileSync(path.join(dir, file), JSON.stringify(data));
  };
  write(SPLIT_FILES.base, base);
  for (const [key, shard] of shards) write(SPLIT_FILES.terms(key), shard);
  buckets.forEach((bucket, n) => write(SPLIT_FILES.text(n), bucket));
  return manifest;
}

/** The first-paint script for this manifest, minified. */
export async function compileFirstPaintScript(manifest: SplitManifest): Promise<string> {
  const result = await build({
    entryPoints: [ENTRY],
    bundle: true,
    minify: true,
    format: 'iife',
    // Browsers without ES2022 skip the first paint; the React page searches as usual.
    target: 'es2022',
    platform: 'browser',
    charset: 'utf8',
    legalComments: 'none',
    // MiniSearch's private fields (`_name`) get short names: nothing outside the script reads
    // them. About 180 bytes compressed. The hits' _highlightResult and _snippetResult keep
    // theirs: the React page reads the drawn results (window.__towerFirstResults).
    mangleProps: /^_[a-z]/i,
    reserveProps: /^_(highlightResult|snippetResult)$/,
    write: false,
    define: {__SPLIT_MANIFEST__: JSON.stringify(manifest)},
    logLevel: 'silent',
  });
  const code = result.outputFiles[0].text.trim();
  // The script goes inside <script>...</script>: it must not close the element itself.
  if (/<\/script/i.test(code)) throw new Error(`[search-index] the first-paint script contains "</script": it cannot be inlined`);
  return code;
}

/** Adds the script to a page's HTML, after everything the script reads. */
export function withInlineScript(html: string, script: string, file: string): string {
  const end = html.lastIndexOf('</body>');
  if (end < 0) throw new Error(`[search-index] ${file} has no </body>: cannot add the search page's first-paint script`);
  return `${html.slice(0, end)}<script>${script}</script>${html.slice(end)}`;
}

function shardCount(manifest: SplitManifest): number {
  return decodeShardList(manifest.shards).size;
}

/** Writes the split index and puts the first-paint script into the built search page. */
export async function addFirstPaint(outDir: string, packed: PackedIndex): Promise<{files: number; inlineBytes: number}> {
  const manifest = writeSplitIndex(outDir, packed);
  const script = await compileFirstPaintScript(manifest);
  const page = path.join(outDir, SEARCH.pagePath, 'index.html');
  let html: string;
  try {
    html = readFileSync(page, 'utf8');
  } catch {
    throw new Error(`[search-index] the search page ${path.relative(outDir, page)} was not built: cannot add its first-paint script`);
  }
  writeFileSync(page, withInlineScript(html, script, path.relative(outDir, page)));
  return {files: 1 + shardCount(manifest) + Math.ceil(packed.sections.length / manifest.bucketSize), inlineBytes: script.length};
}
