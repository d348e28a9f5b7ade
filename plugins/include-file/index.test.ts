import assert from 'node:assert/strict';
import {mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {after, before, describe, test} from 'node:test';
import {defaultTitle, expandIncludes, findIncludeFences, includedFile, IncludeError} from './expand';
import includeFileLoader from './loader';
import {LOADER} from './index';

const FENCE = '```';
const md = (...lines: string[]) => lines.join('\n');

let root = '';
const write = (rel: string, text: string) => {
  mkdirSync(path.dirname(path.join(root, rel)), {recursive: true});
  writeFileSync(path.join(root, rel), text);
};
const expand = (markdown: string) => expandIncludes(markdown, {siteDir: root, sourceName: 'docs/page.md'});
/** assert.throws with a message pattern anchored at the message itself, not at "Error: ". */
const includeError = (message: RegExp) => (err: unknown) => err instanceof IncludeError && message.test(err.message);

before(() => {
  root = mkdtempSync(path.join(tmpdir(), 'include-file-'));
  write('examples/demo/app/main.py', 'import tower\n\nprint("hi")\n');
  write('examples/demo/README.md', 'Run it:\n\n```bash\ntower run\n```\n');
  write('snippets/Towerfile', '[app]\nname = "x"\nscript = "./x.py"\n');
});
after(() => rmSync(root, {recursive: true, force: true}));

describe('a fence that names a file', () => {
  test('gets the file as its content, keeps its language and meta, and is titled with the path inside examples/', () => {
    const {markdown, files} = expand(md('# Page', '', `${FENCE}python file="examples/demo/app/main.py" showLineNumbers`, FENCE, '', 'After.'));
    assert.equal(
      markdown,
      md(
        '# Page',
        '',
        `${FENCE}python file="examples/demo/app/main.py" showLineNumbers title="demo/app/main.py"`,
        'import tower',
        '',
        'print("hi")',
        FENCE,
        '',
        'After.',
      ),
    );
    assert.deepEqual(files, [path.join(root, 'examples/demo/app/main.py')]);
  });

  test('keeps a title the page gives, and titles other files with their full path', () => {
    assert.match(
      expand(md(`${FENCE}python file="examples/demo/app/main.py" title="main.py"`, FENCE)).markdown,
      /^```python file="examples\/demo\/app\/main.py" title="main.py"\n/,
    );
    assert.equal(defaultTitle('snippets/Towerfile'), 'snippets/Towerfile');
  });

  test('uses a longer fence when the file itself contains a fence, and indents like the opening fence', () => {
    const {markdown} = expand(md('1. Read it:', '', `   ${FENCE}markdown file="examples/demo/README.md"`, `   ${FENCE}`));
    assert.equal(
      markdown,
      md(
        '1. Read it:',
        '',
        '   ````markdown file="examples/demo/README.md" title="demo/README.md"',
        '   Run it:',
        '',
        '   ```bash',
        '   tower run',
        '   ```',
        '   ````',
      ),
    );
  });

  test('leaves pages without includes, and fences shown inside a longer fence, untouched', () => {
    const page = md('````markdown', `${FENCE}python file="examples/missing.py"`, FENCE, '````', '', `${FENCE}python`, 'x = 1', FENCE);
    assert.deepEqual(expand(page), {markdown: page, files: []});
    assert.deepEqual(findIncludeFences(page), []);
  });

  test('is found with its line by checkers, in any quoting', () => {
    assert.deepEqual(findIncludeFences(md('---', 'title: x', '---', '', `${FENCE}toml file=snippets/Towerfile`, FENCE)), [
      {line: 5, file: 'snippets/Towerfile'},
    ]);
    assert.equal(includedFile("title='x' file='a b.py'"), 'a b.py');
    assert.equal(includedFile('title="profile=1"'), undefined);
  });
});

describe('a bad include fails the build, naming the page and the line', () => {
  const cases: [string, string, RegExp][] = [
    ['a missing file', 'examples/demo/app/nope.py', /^docs\/page\.md:3: cannot include "examples\/demo\/app\/nope\.py": the file does not exist$/],
    ['a path out of the repository', '../etc/passwd', /^docs\/page\.md:3: cannot include "\.\.\/etc\/passwd": the path leaves the repository$/],
    ['an absolute path', '/etc/passwd', /docs\/page\.md:3: .*relative to the repository root/],
    ['a folder', 'examples/demo', /docs\/page\.md:3: .*it is not a file/],
    ['an empty name', '', /docs\/page\.md:3: .*the file= attribute is empty/],
  ];
  for (const [what, file, message] of cases) {
    test(what, () => {
      assert.throws(() => expand(md('# Page', '', `${FENCE}python file="${file}"`, FENCE)), includeError(message));
    });
  }

  test('a link that leads out of the repository', () => {
    const elsewhere = mkdtempSync(path.join(tmpdir(), 'include-file-elsewhere-'));
    try {
      writeFileSync(path.join(elsewhere, 'private.txt'), 'not for the docs\n');
      symlinkSync(elsewhere, path.join(root, 'examples', 'escape'));
      assert.throws(
        () => expand(md(`${FENCE}text file="examples/escape/private.txt"`, FENCE)),
        includeError(/: the path leaves the repository through a link$/),
      );
    } finally {
      rmSync(elsewhere, {recursive: true, force: true});
    }
  });

  test('a fence that has content of its own', () => {
    assert.throws(
      () => expand(md('# Page', `${FENCE}python file="examples/demo/app/main.py"`, 'print("stale copy")', FENCE)),
      includeError(/^docs\/page\.md:2: a fence with file="examples\/demo\/app\/main\.py" must be empty/),
    );
  });

  test('a fence that is never closed', () => {
    assert.throws(() => expand(md('# Page', `${FENCE}python file="examples/demo/app/main.py"`)), includeError(/^docs\/page\.md:2: .*never closed/));
  });
});

test('the loader expands the page and makes each included file a dependency of it', () => {
  const dependencies: string[] = [];
  const output = includeFileLoader.call(
    {resourcePath: path.join(root, 'docs', 'guide.md'), getOptions: () => ({siteDir: root}), addDependency: (file) => dependencies.push(file)},
    md(`${FENCE}toml file="snippets/Towerfile"`, FENCE),
  );
  assert.match(output, /^```toml file="snippets\/Towerfile" title="snippets\/Towerfile"\n\[app\]/);
  assert.deepEqual(dependencies, [path.join(root, 'snippets/Towerfile')]);
  assert.throws(
    () =>
      includeFileLoader.call(
        {resourcePath: path.join(root, 'docs', 'guide.md'), getOptions: () => ({siteDir: root}), addDependency: () => {}},
        md(`${FENCE}toml file="nope"`, FENCE),
      ),
    includeError(/^docs\/guide\.md:1: cannot include "nope": the file does not exist$/),
  );
});

test('the bundler can load the loader through its CommonJS entry', () => {
  assert.match(LOADER, /plugins[\\/]include-file[\\/]loader\.cjs$/);
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- webpack loads the loader with require(); this test does the same
  const loader = require(LOADER) as typeof includeFileLoader;
  assert.equal(typeof loader, 'function');
});
