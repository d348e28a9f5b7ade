/**
 * The bundles `npm run bench:mutation` runs its test files as (scripts/bundle-tests.ts): a module
 * still finds the files beside it, packages still load from node_modules, and a bundled module
 * never starts its program.
 */
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {mkdtempSync, mkdirSync, rmSync, symlinkSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {after, describe, test} from 'node:test';
import {pathToFileURL} from 'node:url';
import {REPO_ROOT} from '../../lib/paths';
import {bundleNameOf, withOwnLocation} from '../../scripts/bundle-tests';

const scratch = mkdtempSync(path.join(tmpdir(), 'tower-bundle-'));
after(() => rmSync(scratch, {recursive: true, force: true}));

describe('test bundles for the mutation bench', () => {
  test('a bundle is named after its test file', () => {
    assert.equal(bundleNameOf('tests/unit/mcp.test.ts'), 'tests/unit/mcp.test.mutation.cjs');
    assert.equal(bundleNameOf('plugins/x/view.test.tsx'), 'plugins/x/view.test.mutation.cjs');
  });

  test("each module's own location is written into its code", () => {
    const file = '/repo/lib/data.ts';
    const source = [
      'const a = import.meta.url, b = import.meta.dirname, c = import.meta.filename;',
      'const d = __dirname + __filename;',
      'const not__dirname = 1;',
      'if (require.main === module) start();',
    ].join('\n');
    assert.equal(
      withOwnLocation(source, file),
      [
        `const a = "${pathToFileURL(file).href}", b = "/repo/lib", c = "/repo/lib/data.ts";`,
        'const d = "/repo/lib" + "/repo/lib/data.ts";',
        'const not__dirname = 1;',
        'if (false) start();',
      ].join('\n'),
    );
  });

  test('a bundle runs without tsx, reads a file beside a module it bundles and loads a package', () => {
    const dir = path.join(scratch, 'project');
    mkdirSync(path.join(dir, 'lib'), {recursive: true});
    writeFileSync(path.join(dir, 'lib', 'words.txt'), 'schedule\n');
    writeFileSync(
      path.join(dir, 'lib', 'words.ts'),
      [
        "import {readFileSync} from 'node:fs';",
        "import path from 'node:path';",
        "import {fileURLToPath} from 'node:url';",
        'const here = path.dirname(fileURLToPath(import.meta.url));',
        "export const word: string = readFileSync(path.join(here, 'words.txt'), 'utf8').trim();",
        'export const main = require.main === module;',
      ].join('\n'),
    );
    writeFileSync(
      path.join(dir, 'x.test.ts'),
      ["import {parse} from 'yaml';", "import {main, word} from './lib/words';", 'console.log(JSON.stringify({word, main, parsed: parse("a: 1")}));'].join(
        '\n',
      ),
    );
    // A folder outside the repository finds no node_modules of its own: link the site's.
    symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(dir, 'node_modules'));
    const built = spawnSync(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'scripts', 'bundle-tests.ts'), path.join(dir, 'x.test.ts')], {
      encoding: 'utf8',
    });
    assert.equal(built.status, 0, built.stderr);
    const run = spawnSync(process.execPath, [path.join(dir, 'x.test.mutation.cjs')], {encoding: 'utf8', cwd: scratch});
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(JSON.parse(run.stdout), {word: 'schedule', main: false, parsed: {a: 1}});
  });
});
