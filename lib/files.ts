/**
 * The one directory walk the build tools share (search index, nginx CSP,
 * precompression, sample checker, llms tests).
 */
import {readdirSync, statSync} from 'node:fs';
import path from 'node:path';

/**
 * Files under `dir`, at any depth, whose posix path relative to `dir` passes
 * `keep`; returned as absolute paths in a stable (sorted) order.
 */
export function listFiles(dir: string, keep: (relative: string) => boolean = () => true): string[] {
  return (readdirSync(dir, {recursive: true}) as string[])
    .map((entry) => entry.split(path.sep).join('/'))
    .filter((relative) => keep(relative) && statSync(path.join(dir, relative)).isFile())
    .sort()
    .map((relative) => path.join(dir, relative));
}

/** Every .html file of a built site under `dir`, except hashed assets, in a stable order. */
export function htmlFiles(dir: string): string[] {
  return listFiles(dir, (relative) => relative.endsWith('.html') && !relative.startsWith('assets/'));
}
