/**
 * Writes a maximally compressed .gz beside every text file of a build, for
 * nginx's `gzip_static on`: the server then sends stored bytes instead of
 * compressing the main bundle and the search index again on every request.
 *
 *   node --import tsx scripts/precompress.ts [build-dir]
 */
import {readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {constants, gzipSync} from 'node:zlib';
import {listFiles} from './files';

const COMPRESSIBLE = /\.(html|js|css|json|txt|md|svg|xml|map)$/;
/** Below this size compression gains nothing worth a second file. */
const MIN_BYTES = 1024;

export function precompress(dir: string): {files: number; rawBytes: number; gzipBytes: number} {
  const totals = {files: 0, rawBytes: 0, gzipBytes: 0};
  for (const file of listFiles(dir, (relative) => COMPRESSIBLE.test(relative))) {
    const raw = readFileSync(file);
    if (raw.length < MIN_BYTES) continue;
    const gz = gzipSync(raw, {level: constants.Z_BEST_COMPRESSION});
    writeFileSync(`${file}.gz`, gz);
    totals.files += 1;
    totals.rawBytes += raw.length;
    totals.gzipBytes += gz.length;
  }
  return totals;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const dir = path.resolve(process.argv[2] ?? 'build');
  const {files, rawBytes, gzipBytes} = precompress(dir);
  console.log(`[precompress] ${files} files: ${(rawBytes / 1048576).toFixed(1)} MiB -> ${(gzipBytes / 1048576).toFixed(1)} MiB gzip`);
}
