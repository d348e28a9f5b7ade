/**
 * Writing an nginx configuration is a deploy step: it must not load the site's
 * build machinery (the search indexer, Docusaurus, MiniSearch, htmlparser2).
 * It once did, through an import of `htmlFiles` from plugins/search-index.
 */
import assert from 'node:assert/strict';
import {execFileSync} from 'node:child_process';
import path from 'node:path';
import {test} from 'node:test';
import {REPO_ROOT} from '../../lib/paths';

/** Every module a fresh node process has loaded after requiring `file`, minus tsx (and the esbuild it runs on). */
function modulesLoadedBy(file: string): string[] {
  const script = `require(${JSON.stringify(file)}); console.log(JSON.stringify(Object.keys(require.cache)));`;
  const output = execFileSync(process.execPath, ['--import', 'tsx', '-e', script], {cwd: REPO_ROOT, encoding: 'utf8'});
  return (JSON.parse(output) as string[])
    .map((loaded) => path.relative(REPO_ROOT, loaded).split(path.sep).join('/'))
    .filter((loaded) => !/^node_modules\/(tsx|esbuild|get-tsconfig|resolve-pkg-maps)\//.test(loaded));
}

test('scripts/nginx-conf.ts loads only itself and the shared helpers in lib/', () => {
  const loaded = modulesLoadedBy('./scripts/nginx-conf.ts');
  assert.ok(loaded.includes('scripts/nginx-conf.ts'), `the probe did not load the script: ${loaded.join(', ')}`);
  const unexpected = loaded.filter((file) => file !== 'scripts/nginx-conf.ts' && !file.startsWith('lib/'));
  assert.deepEqual(unexpected, []);
});
