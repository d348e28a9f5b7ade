/**
 * The search page's first-paint script, at build time: paint.ts and what it
 * imports (the local search client, the engine, the page's view functions)
 * bundled with esbuild into one small file the /search page loads before the
 * site's bundles. Its name carries a hash of its content, so it is cached for
 * good under assets/ like the bundles.
 */
import {createHash} from 'node:crypto';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {build} from 'esbuild';
import {REPO_ROOT} from '../../../lib/paths';

const ENTRY = path.join(path.dirname(fileURLToPath(import.meta.url)), 'paint.ts');

export type FirstPaintScript = {
  /** The file's path in the build, under assets/. */
  file: string;
  code: string;
};

export async function buildFirstPaintScript(): Promise<FirstPaintScript> {
  const result = await build({
    entryPoints: [ENTRY],
    bundle: true,
    write: false,
    minify: true,
    format: 'iife',
    platform: 'browser',
    // The engine's word patterns need ES2018 (Unicode property escapes, lookbehind); the site's browsers all have it.
    target: 'es2020',
    alias: {'@site': REPO_ROOT},
    legalComments: 'none',
    logLevel: 'silent',
  });
  const code = result.outputFiles[0].text;
  const hash = createHash('sha256').update(code).digest('hex').slice(0, 12);
  return {file: `assets/js/search-first-paint.${hash}.js`, code};
}
