import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, test} from 'node:test';
import {fileURLToPath} from 'node:url';
import {createSlugger} from '@docusaurus/utils';
import {createTowerfileRules} from '../../src/towerfile/rules-node';
import {extractHeadings} from '../../scripts/samples/extract-blocks';
import {towerfileHeadingNames} from '../../scripts/samples/check-references';
import {checkTowerfile, parseToml, PROBLEM_LIMIT, SYNTAX_ERROR_LIMIT, type TowerfileProblem} from '../../src/towerfile/check';
import {compileGlob, MAX_ALTERNATIVES, MAX_EXPANDED_LENGTH, MAX_PATTERN_LENGTH} from '../../src/towerfile/glob';
import {locateTomlPath, splitDotted, tomlKeyLines} from '../../src/towerfile/locate';
import {
  compileSourcePatterns,
  importPathModule,
  isPackaged,
  MAX_SOURCE_CHARACTERS,
  NEVER_PACKAGED,
  packagedDependencyFiles,
} from '../../src/towerfile/packaging';
import {COMMON_ERRORS_ANCHOR, headingAnchor, keyPathLabel, referenceHeading, TOWERFILE_REFERENCE_ROUTE} from '../../src/towerfile/reference';
import {isDeprecated, knownKeys, schemaAt, type JsonSchema} from '../../src/towerfile/schema';
import {
  addressFor,
  decodeText,
  encodeText,
  hashFor,
  OPENED_TEXT_LIMIT,
  openFromHash,
  opened,
  textFromHash,
} from '../../src/components/TowerfileChecker/persist';
import {EXAMPLE} from '../../src/components/TowerfileChecker/example';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SCHEMA = JSON.parse(readFileSync(path.join(REPO, 'data/towerfile.schema.json'), 'utf8')) as JsonSchema;
const RULES = createTowerfileRules(SCHEMA);
const REFERENCE = readFileSync(path.join(REPO, 'docs/reference/towerfile.md'), 'utf8');

const check = (...lines: string[]) => checkTowerfile(lines.join('\n'), RULES);
const brief = (p: TowerfileProblem) => [p.severity, p.line, p.keyPath, p.anchor];
const MINIMAL = ['[app]', 'name = "hello"', 'script = "./hello.py"'];

describe('Towerfile checker: valid files', () => {
  test('a minimal file has no problem, and a plan that packages everything', () => {
    const result = check(...MINIMAL);
    assert.deepEqual(result.problems, []);
    assert.deepEqual(result.plan, {
      name: 'hello',
      script: './hello.py',
      runner: 'uv run',
      source: [],
      importPaths: [],
      dependencyFiles: ['pyproject.toml', 'requirements.txt'],
      parameters: [],
      legacySchedule: false,
    });
  });

  test("the page's example is accepted and planned in full", () => {
    const result = checkTowerfile(EXAMPLE, RULES);
    assert.deepEqual(result.problems, []);
    const plan = result.plan!;
    assert.equal(plan.name, 'invoice-export');
    assert.deepEqual(plan.source, ['./export.py', './pyproject.toml', './templates/*.sql']);
    assert.deepEqual(plan.dependencyFiles, ['pyproject.toml']);
    assert.deepEqual(plan.importPaths, [{path: '../common', module: 'modules/common'}]);
    assert.deepEqual(plan.parameters, [
      {name: 'MONTHS_BACK', description: 'Whole months to export, counting back from this one', default: '1', hidden: false},
      {name: 'PARTNER_TOKEN', description: "Token for the partner's invoice API", default: '', hidden: true},
    ]);
  });

  test('schedule = "" (what Tower\'s own tools write) is not a warning; a real legacy schedule is', () => {
    assert.deepEqual(check(...MINIMAL, 'schedule = ""').problems, []);
    const result = check(...MINIMAL, 'schedule = "0 */5 * * * *"');
    assert.deepEqual(result.problems.map(brief), [['warning', 4, 'app.schedule', 'appschedule']]);
    assert.match(result.problems[0].message, /legacy key.*tower schedules create/);
    assert.equal(result.plan?.legacySchedule, true);
  });
});

describe('Towerfile checker: problems', () => {
  test('a TOML syntax error names its line and column in plain words, and gives no plan', () => {
    const result = check('[app]', 'name = "hello', 'script = "main.py"');
    assert.equal(result.problems.length, 1);
    const [problem] = result.problems;
    assert.equal(problem.severity, 'error');
    assert.equal(problem.line, 2);
    assert.equal(typeof problem.column, 'number');
    assert.equal(problem.message, 'This string has no closing quote: end it with " on the same line.');
    assert.equal(problem.anchor, COMMON_ERRORS_ANCHOR);
    assert.equal(result.plan, undefined);
    const duplicate = check('[app]', 'name = "a"', 'name = "b"', 'script = "m.py"').problems;
    assert.deepEqual(
      duplicate.map((p) => [p.line, p.message]),
      [[3, 'This is already defined on line 2: each key, and each [table], appears only once.']],
      'a duplicate key is a TOML error on its line',
    );
  });

  test('a syntax error hides nothing: every problem of the file is listed, each on its line', () => {
    const result = check(
      '[app]',
      'name = "invoice-export"',
      'script = "./export.py',
      'descripton = "Sends invoices"',
      '',
      '[[parameters]]',
      'name = "MONTHS_BACK"',
      'default = 1',
      'hidden = "yes"',
    );
    assert.deepEqual(
      result.problems.map((p) => [p.severity, p.line, p.keyPath]),
      [
        ['error', 3, ''],
        ['warning', 4, 'app.descripton'],
        ['error', 8, 'parameters[0].default'],
        ['error', 9, 'parameters[0].hidden'],
      ],
    );
    assert.equal(result.problems[0].message, 'This string has no closing quote: end it with " on the same line.');
    assert.equal(result.problems[1].suggestion, 'description');
    assert.ok(!result.problems.some((p) => p.keyPath === 'app.script'), 'the key on the broken line is not also reported missing');
    assert.deepEqual([result.errors, result.warnings], [3, 1]);
  });

  test('syntax errors in plain words, and the reading goes on after each', () => {
    const cases: [string[], [number, string][]][] = [
      [
        ['[app', 'name = hello', 'script = "main.py"', 'source = [', '  "./main.py"', '  "./lib"', ']', '[[parameters]', 'name = "A"'],
        [
          [1, 'This table header has no closing "]".'],
          [2, 'This text needs quotes: write name = "hello".'],
          [6, 'A comma is missing between two items here (or the list has no closing "]").'],
          [8, 'This [[...]] header needs two closing brackets: "]]".'],
        ],
      ],
      [['[app]', 'name = "x"', 'script = "m.py"', 'source = ["m.py"', 'description = "d"'], [[4, 'This list has no closing "]".']]],
      [
        ['[app]', 'name = "x"', 'script = "m.py"', '[[parameters]]', 'name = "A"', 'hidden = True'],
        [[6, 'Write true or false in lower case, without quotes: hidden = true.']],
      ],
      [
        ['[app]', 'name "x"', 'script = "m.py" # main', 'description = "a" "b"'],
        [
          [2, 'A key holds only letters, digits, "_" and "-" (or is in quotes); this one has a space or another character, or its "=" is missing.'],
          [4, 'Something follows the value on this line: put each key on a line of its own, and start a comment with #.'],
        ],
      ],
      [
        ['[app]', 'name = "x"', 'script = "m.py"', '[app]', 'description = "d"'],
        [[4, 'This is already defined on line 1: each key, and each [table], appears only once.']],
      ],
      // In the TOML: "main\\dir" is valid, 'C:\dir' (single quotes) too, and "a\qb" is not.
      [['[app]', 'name = "x"', 'script = "main.py"', 'description = "main\\\\dir"', "import_paths = ['C:\\x']"], []],
      [
        ['[app]', 'name = "x"', 'script = "main.py"', 'description = "a\\qb"'],
        [[4, 'A backslash in "..." starts an escape such as \\n: write \\\\ for a backslash, or put the text in single quotes.']],
      ],
    ];
    for (const [lines, expected] of cases) {
      assert.deepEqual(
        check(...lines)
          .problems.filter((p) => p.anchor === COMMON_ERRORS_ANCHOR && p.line !== null)
          .map((p) => [p.line, p.message]),
        expected,
        lines.join(' / '),
      );
    }
  });

  test('past the syntax error limit the checker stops and says so', () => {
    const result = checkTowerfile(Array.from({length: 40}, (_, i) => `k${i} = "open`).join('\n'), RULES);
    assert.equal(result.problems.length, SYNTAX_ERROR_LIMIT + 1);
    assert.deepEqual(
      result.problems.map((p) => p.line),
      [null, ...Array.from({length: SYNTAX_ERROR_LIMIT}, (_, i) => i + 1)],
    );
    assert.match(result.problems[0].message, new RegExp(`stopped after ${SYNTAX_ERROR_LIMIT} syntax errors`));
    assert.equal(result.plan, undefined);
  });

  test('on one line, errors come before warnings', () => {
    // Both about line 1: [app] lacks "script" (an error) and has an unknown key (a warning).
    const result = check('app = {name = "x", sources = ["a"]}');
    assert.deepEqual(
      result.problems.map((p) => [p.severity, p.line, p.keyPath]),
      [
        ['error', 1, 'app.script'],
        ['warning', 1, 'app.sources'],
      ],
    );
    const warningFirstInSchemaOrder = check('app = {sources = ["a"], name = "x"}');
    assert.deepEqual(
      warningFirstInSchemaOrder.problems.map((p) => p.severity),
      ['error', 'warning'],
    );
  });

  test(`at most ${PROBLEM_LIMIT} problems are listed, errors first, with the totals of all`, () => {
    const keys = Array.from({length: 2000}, (_, i) => `k${i} = 1`);
    const started = performance.now();
    const many = check(...MINIMAL, ...keys);
    // A generous bound: before the key lines were read once per check, this took 5 to 11 s.
    assert.ok(performance.now() - started < 3000, 'a 2,000-key Towerfile is checked promptly');
    assert.equal(many.problems.length, PROBLEM_LIMIT);
    assert.deepEqual([many.errors, many.warnings], [0, 2000]);
    assert.deepEqual(
      many.problems.slice(0, 2).map((p) => p.line),
      [4, 5],
    );
    const withError = check('[app]', 'name = "x"', ...keys.slice(0, 150), 'script = 1');
    assert.deepEqual([withError.errors, withError.warnings], [1, 150]);
    assert.equal(withError.problems.length, PROBLEM_LIMIT);
    assert.deepEqual(
      withError.problems.filter((p) => p.severity === 'error').map((p) => p.keyPath),
      ['app.script'],
      'the error is listed even though it comes last',
    );
  });

  test('a text longer than any Towerfile is one problem, not a check', () => {
    const result = checkTowerfile(`[app]\nname = "x"\nscript = "m.py"\n${'# padding\n'.repeat(7000)}`, RULES);
    assert.deepEqual(
      result.problems.map((p) => [p.severity, p.line]),
      [['error', null]],
    );
    assert.match(result.problems[0].message, /the checker reads up to 64 KiB/);
  });

  test('long keys and values are cut short in messages, and get no "did you mean"', () => {
    const long = 'x'.repeat(5000);
    const [problem] = check(...MINIMAL, `${long} = 1`).problems;
    assert.ok(problem.message.length < 200, problem.message.slice(0, 100));
    assert.equal(problem.suggestion, undefined);
  });

  test('source globs that would freeze a regular expression get an answer, and unreadable ones a message', () => {
    const bomb = check('[app]', 'name = "x"', 'script = "./main.py"', `source = ["./main.py", "${'{a,b}'.repeat(5000)}"]`);
    assert.deepEqual(
      bomb.problems.map((p) => [p.severity, p.line, p.keyPath]),
      [['warning', 4, 'app.source[1]']],
    );
    assert.match(bomb.problems[0].message, /does not read entry 2 of "source": it is 25000 characters long/);
    assert.ok(bomb.plan, 'a warning only: Tower may read the pattern');
    const braces = check('[app]', 'name = "x"', 'script = "./main.py"', `source = ["./main.py", "${'{a,b}'.repeat(10)}"]`);
    assert.match(braces.problems[0].message, /braces that stand for more than 64 patterns/);
    const started = performance.now();
    const stars = check('[app]', 'name = "x"', `script = "./${'a'.repeat(40)}b.py"`, `source = ["${'*a'.repeat(12)}c", "${'*'.repeat(200)}a", "*.py"]`);
    assert.ok(performance.now() - started < 3000, 'stars against a long name are matched without backtracking');
    assert.deepEqual(stars.problems, []);
  });

  test('a misspelt key is a warning with a suggestion, on its line, linking the key it probably meant', () => {
    const result = check(...MINIMAL, 'sources = ["./hello.py"]');
    assert.deepEqual(result.problems.map(brief), [['warning', 4, 'app.sources', 'appsource']]);
    assert.equal(result.problems[0].suggestion, 'source');
    assert.match(result.problems[0].message, /Unknown key "sources" in \[app\]: Tower ignores it/);
    assert.ok(result.plan, 'Tower accepts the file, so the plan is still shown');
  });

  test('misspelt keys inside [[parameters]] and unknown tables', () => {
    const result = check(...MINIMAL, '', '[[parameters]]', 'name = "A"', 'defualt = "1"', '', '[build]', 'python = "3.11"');
    assert.deepEqual(result.problems.map(brief), [
      ['warning', 7, 'parameters[0].defualt', 'parametersdefault'],
      ['warning', 9, 'build', 'structure-at-a-glance'],
    ]);
    assert.equal(result.problems[0].suggestion, 'default');
    assert.match(result.problems[1].message, /^Unknown table \[build\]/);
  });

  test('the removed workspace key points to import_paths', () => {
    const [problem] = check(...MINIMAL, 'workspace = "../common"').problems;
    assert.equal(problem.suggestion, 'import_paths');
    assert.equal(problem.anchor, 'appimport_paths');
    assert.match(problem.message, /removed in tower-cli 0\.3\.20/);
  });

  test('missing required keys are errors on the table line, linking the missing key', () => {
    assert.deepEqual(check('[app]', 'name = "x"').problems.map(brief), [['error', 1, 'app.script', 'appscript']]);
    assert.deepEqual(check('[[parameters]]', 'name = "A"').problems.map(brief), [['error', null, 'app', 'app']]);
    const unnamed = check(...MINIMAL, '[[parameters]]', 'default = "1"').problems;
    assert.deepEqual(unnamed.map(brief), [['warning', 4, 'parameters[0].name', 'parametersname']], 'Tower accepts it, so a warning');
  });

  test('wrong types are errors that say what the value is and how to write it', () => {
    const result = check(...MINIMAL, 'source = "./*.py"', '[[parameters]]', 'name = "A"', 'default = 1', 'hidden = "true"');
    assert.deepEqual(result.problems.map(brief), [
      ['error', 4, 'app.source', 'appsource'],
      ['error', 7, 'parameters[0].default', 'parametersdefault'],
      ['error', 8, 'parameters[0].hidden', 'parametershidden'],
    ]);
    assert.equal(result.problems[0].message, '"source" must be a list, such as ["./main.py"], but it is the string "./*.py". Write source = ["./*.py"].');
    assert.equal(result.problems[1].message, '"default" must be a string in quotes, but it is the number 1. Write default = "1".');
    assert.equal(result.problems[2].message, '"hidden" must be true or false, without quotes, but it is the string "true". Write hidden = true.');
    assert.equal(result.plan, undefined);
  });

  test('empty name and script, and import paths with a separator', () => {
    const result = check('[app]', 'name = ""', 'script = "main.py"', 'import_paths = ["../a:../b", ""]');
    assert.deepEqual(result.problems.map(brief), [
      ['error', 2, 'app.name', 'appname'],
      ['error', 4, 'app.import_paths[0]', 'appimport_paths'],
      ['error', 4, 'app.import_paths[1]', 'appimport_paths'],
    ]);
    assert.equal(result.problems[0].message, '"name" must not be empty.');
    assert.equal(result.problems[1].message, 'Entry 1 of "import_paths" ("../a:../b") must not contain ":" or ";".');
  });

  test("Tower's script rules: inside the app, a known kind, and packaged", () => {
    assert.deepEqual(check('[app]', 'name = "x"', 'script = "../other/main.py"').problems.map(brief), [['error', 3, 'app.script', 'appscript']]);
    assert.deepEqual(check('[app]', 'name = "x"', 'script = "/srv/main.py"').problems.map(brief), [['error', 3, 'app.script', 'appscript']]);
    assert.deepEqual(check('[app]', 'name = "x"', 'script = "main.ipynb"').problems.map(brief), [['warning', 3, 'app.script', 'appscript']]);
    const unpackaged = check('[app]', 'name = "x"', 'script = "./main.py"', 'source = ["./lib/*.py", "./pyproject.toml"]');
    assert.deepEqual(unpackaged.problems.map(brief), [['warning', 4, 'app.source', 'appsource']]);
    assert.match(unpackaged.problems[0].message, /No "source" pattern seems to include the script "\.\/main\.py"/);
    assert.equal(unpackaged.problems[0].rule, 'script-not-packaged', 'named, so a caller that sees the files can check exactly instead');
    assert.deepEqual(check('[app]', 'name = "x"', 'script = "./src/main.py"', 'source = ["./src"]').problems, [], 'a folder brings in its files');
    assert.deepEqual(check('[app]', 'name = "x"', 'script = "main.py"', 'source = ["./*.py"]').problems, []);
  });

  test('hidden parameters with a default, duplicate and unusual names', () => {
    const result = check(
      ...MINIMAL,
      '[[parameters]]',
      'name = "TOKEN"',
      'default = "abc"',
      'hidden = true',
      '[[parameters]]',
      'name = "TOKEN"',
      '[[parameters]]',
      'name = "since-days"',
    );
    assert.deepEqual(result.problems.map(brief), [
      ['warning', 6, 'parameters[0].default', 'parametersdefault'],
      ['warning', 9, 'parameters[1].name', 'parametersname'],
      ['warning', 11, 'parameters[2].name', 'parametersname'],
    ]);
    assert.match(result.problems[1].message, /already declared in \[\[parameters\]\] block 1/);
  });
});

describe('Towerfile checker: helpers', () => {
  test('parseToml reports the position of a syntax error', () => {
    const bad = parseToml('a = 1\nb = [1,');
    assert.equal(bad.ok, false);
    assert.equal(bad.ok === false && bad.line, 2);
    const good = parseToml('a = "x"');
    assert.equal(good.ok && good.data.a, 'x');
  });

  test('locates keys in tables, arrays of tables and dotted keys', () => {
    const code = ['[app]', 'name = "x"', 'app.extra = 1', '[[parameters]]', 'name = "A"', '[[parameters]]', '"name" = "B"'].join('\n');
    assert.equal(locateTomlPath(code, ['app', 'name']), 1);
    assert.equal(locateTomlPath(code, ['parameters', '1', 'name']), 6);
    assert.equal(locateTomlPath(code, ['parameters', '1', 'hidden']), 5);
    assert.equal(locateTomlPath(code, []), -1);
    const lines = tomlKeyLines(code);
    assert.deepEqual(lines.pathAt(6), ['parameters', '1', 'name']);
    assert.deepEqual(lines.pathAt(2), ['app', 'app', 'extra']);
    assert.equal(lines.pathAt(0)?.join('.'), 'app');
  });

  test('globs: stars, question marks, classes, braces and ** as Tower packages them', () => {
    const matches = (pattern: string, path: string) => {
      const glob = compileGlob(pattern);
      assert.ok(glob.ok, pattern);
      return glob.ok && glob.matches(path);
    };
    const cases: [string, string, boolean][] = [
      ['*.py', 'main.py', true],
      ['*.py', 'pkg/main.py', false],
      ['./**/*.py', 'pkg/deep/x.py', true],
      ['**/*.py', 'main.py', true],
      ['src', 'src/deep/x.py', true],
      ['src/**', 'src/x.py', true],
      ['s?c/*.py', 'src/x.py', true],
      ['[ab]*.py', 'b.py', true],
      ['[!ab]*.py', 'b.py', false],
      ['[a-c]1.txt', 'c1.txt', true],
      ['{main,task}.py', 'task.py', true],
      ['{src/{a,b},lib}/x.py', 'src/b/x.py', true],
      ['*', '.env', true],
      ['\\*.py', '*.py', true],
      ['\\*.py', 'a.py', false],
      ['{a', '{a', true],
      ['templates/*.sql', 'templates/q.sql', true],
      ['templates/*.sql', 'templates/sub/q.sql', false],
    ];
    for (const [pattern, path, expected] of cases) assert.equal(matches(pattern, path), expected, `${pattern} ~ ${path}`);
    assert.equal(compileGlob('a'.repeat(MAX_PATTERN_LENGTH + 1)).ok, false);
  });

  test('packaging: globs, folders, dependency files and module names', () => {
    assert.equal(isPackaged('./main.py', []), true);
    assert.equal(isPackaged('main.py', ['./main.py']), true);
    assert.equal(isPackaged('./pkg/deep/x.py', ['pkg']), true);
    assert.equal(isPackaged('./pkg/deep/x.py', ['./**/*.py']), true);
    assert.equal(isPackaged('./pkg/x.py', ['./*.py']), false);
    assert.deepEqual(packagedDependencyFiles(['./requirements.txt', './main.py']), ['requirements.txt']);
    assert.deepEqual(packagedDependencyFiles(['./*']), ['pyproject.toml', 'requirements.txt']);
    assert.equal(importPathModule('../common'), 'modules/common');
    assert.equal(importPathModule('../../libs/common/'), 'modules/common');
  });

  test('key path labels and reference headings', () => {
    assert.equal(keyPathLabel(['parameters', '1', 'hidden']), 'parameters[1].hidden');
    assert.equal(referenceHeading(['parameters', '1', 'hidden']), 'parameters[].hidden');
    assert.equal(referenceHeading(['app']), '[app]');
    assert.equal(referenceHeading(['parameters'], true), '[[parameters]]');
  });

  test('every anchor the checker links to is a heading id of the Towerfile reference, as Docusaurus makes it', () => {
    const slugger = createSlugger();
    const ids = new Set(extractHeadings(REFERENCE).map((h) => slugger.slug(h.text.replace(/`/g, ''))));
    for (const heading of extractHeadings(REFERENCE)) {
      assert.equal(headingAnchor(heading.text.replace(/`/g, '')), createSlugger().slug(heading.text.replace(/`/g, '')), heading.text);
    }
    const {sections, keys} = towerfileHeadingNames(SCHEMA);
    const fixed = [COMMON_ERRORS_ANCHOR, 'structure-at-a-glance', 'what-gets-packaged', 'how-tower-runs-the-app'];
    for (const name of [...sections, ...keys].map(headingAnchor).concat(fixed)) assert.ok(ids.has(name), `#${name}`);
  });
});

describe('Towerfile checker: the text in the URL hash', () => {
  test('round-trips any text, Unicode included, in URL-safe characters', () => {
    for (const text of ['', EXAMPLE, 'name = "Zürich ✓ 東京"\n', '+/=?&#']) {
      const encoded = encodeText(text);
      assert.match(encoded, /^[A-Za-z0-9_-]*$/);
      assert.equal(decodeText(encoded), text);
      assert.equal(textFromHash(hashFor(text)), text);
    }
  });

  test('opens text from a link or from storage up to a limit, and says how long a longer one is', () => {
    assert.deepEqual(openFromHash(hashFor(EXAMPLE)), {text: EXAMPLE});
    assert.equal(openFromHash('#what-it-checks'), null);
    const long = 'x'.repeat(OPENED_TEXT_LIMIT + 1);
    assert.deepEqual(opened(long), {tooLong: OPENED_TEXT_LIMIT + 1});
    assert.deepEqual(openFromHash(hashFor(long)), {tooLong: OPENED_TEXT_LIMIT + 1});
    const huge = openFromHash(`#towerfile=${'A'.repeat(200_000)}`);
    assert.ok(huge && 'tooLong' in huge, 'a very long hash is not even decoded');
    assert.deepEqual(opened(null), null);
  });

  test('ignores hashes that are headings or not valid encodings', () => {
    assert.equal(textFromHash('#what-it-checks'), null);
    assert.equal(textFromHash('#towerfile=***'), null);
    assert.equal(textFromHash('#towerfile=_w'), null, 'not UTF-8');
  });
});

/** What a reader sees of each problem: its severity, line, key path and words. */
const seen = (text: string, rules = RULES) => checkTowerfile(text, rules).problems.map((p) => [p.severity, p.line, p.keyPath, p.message]);
const APP = MINIMAL.join('\n');

describe('Towerfile checker: the words of each schema problem', () => {
  const long = 'x'.repeat(61);
  const cases: [string, [string, number | null, string, string][]][] = [
    ['app = 1', [['error', 1, 'app', '[app] must be a table, but it is the number 1.']]],
    [
      '[app]\nname = 1\nscript = true',
      [
        ['error', 2, 'app.name', '"name" must be a string in quotes, but it is the number 1. Write name = "1".'],
        ['error', 3, 'app.script', '"script" must be a string in quotes, but it is the boolean true. Write script = "true".'],
      ],
    ],
    [
      `${APP}\ndescription = 2.5`,
      [['error', 4, 'app.description', '"description" must be a string in quotes, but it is the number 2.5. Write description = "2.5".']],
    ],
    [`${APP}\ndescription = ["a"]`, [['error', 4, 'app.description', '"description" must be a string in quotes, but it is a list.']]],
    [`${APP}\ndescription = 1979-05-27`, [['error', 4, 'app.description', '"description" must be a string in quotes, but it is a date.']]],
    [`${APP}\ndescription = {text = "a"}`, [['error', 4, 'app.description', '"description" must be a string in quotes, but it is a table.']]],
    [`${APP}\ndescription = ""`, []],
    [`${APP}\nsource = ""`, [['error', 4, 'app.source', '"source" must be a list, such as ["./main.py"], but it is an empty string. Write source = [""].']]],
    [
      `${APP}\nsource = "${'y'.repeat(60)}"`,
      [
        [
          'error',
          4,
          'app.source',
          `"source" must be a list, such as ["./main.py"], but it is the string "${'y'.repeat(60)}". Write source = ["${'y'.repeat(60)}"].`,
        ],
      ],
    ],
    [`${APP}\nsource = "${long}"`, [['error', 4, 'app.source', `"source" must be a list, such as ["./main.py"], but it is the string "${'x'.repeat(59)}…".`]]],
    [`${APP}\nsource = true`, [['error', 4, 'app.source', '"source" must be a list, such as ["./main.py"], but it is the boolean true.']]],
    [
      `${APP}\nimport_paths = [1]`,
      [['error', 4, 'app.import_paths[0]', 'Entry 1 of "import_paths" must be a string in quotes, but it is the number 1. Write it in quotes: "1".']],
    ],
    [
      `${APP}\n[[parameters]]\nname = "A"\nhidden = "false"`,
      [['error', 6, 'parameters[0].hidden', '"hidden" must be true or false, without quotes, but it is the string "false". Write hidden = false.']],
    ],
    [
      `${APP}\n[[parameters]]\nname = "A"\nhidden = "yes"`,
      [['error', 6, 'parameters[0].hidden', '"hidden" must be true or false, without quotes, but it is the string "yes".']],
    ],
    [
      `${APP}\n[[parameters]]\nname = "A"\nhidden = 1`,
      [['error', 6, 'parameters[0].hidden', '"hidden" must be true or false, without quotes, but it is the number 1.']],
    ],
    [`parameters = [1]\n${APP}`, [['error', 1, 'parameters[0]', '[[parameters]] block 1 must be a table, but it is the number 1.']]],
    [
      `${APP}\n[[parameters]]\nname = "A"\n[[parameters]]\nname = 2`,
      [['error', 7, 'parameters[1].name', '"name" must be a string in quotes, but it is the number 2. Write name = "2".']],
    ],
    ['[app]\nscript = "m.py"', [['error', 1, 'app.name', '[app] is missing "name", which Tower requires.']]],
    ['[app]\nname = "x"', [['error', 1, 'app.script', '[app] is missing "script", which Tower requires.']]],
    ['[[parameters]]\nname = "A"', [['error', null, 'app', 'The [app] table is missing. Every Towerfile needs one, with "name" and "script".']]],
    [
      `${APP}\n[[parameters]]\nname = "A"\n[[parameters]]\ndefault = "1"`,
      [['warning', 6, 'parameters[1].name', '[[parameters]] block 2 has no "name". Tower accepts it, but a parameter without a name cannot be set or read.']],
    ],
    [
      `${APP}\n[[parameters]]\nname = ""\n[[parameters]]\nname = ""`,
      [
        ['warning', 5, 'parameters[0].name', 'This parameter\'s "name" is empty. Tower accepts it, but the parameter cannot be set or read.'],
        ['warning', 7, 'parameters[1].name', 'This parameter\'s "name" is empty. Tower accepts it, but the parameter cannot be set or read.'],
      ],
    ],
    ['[app]\nname = "x"\nscript = ""', [['error', 3, 'app.script', '"script" must not be empty.']]],
    [`${APP}\nimport_paths = ["../a", ""]`, [['error', 4, 'app.import_paths[1]', 'Entry 2 of "import_paths" must not be empty.']]],
    [
      `${APP}\nimport_paths = ["${'c'.repeat(70)}:d"]`,
      [['error', 4, 'app.import_paths[0]', `Entry 1 of "import_paths" ("${'c'.repeat(58)}…) must not contain ":" or ";".`]],
    ],
    [`${APP}\nworkspace = "../common"`, [['warning', 4, 'app.workspace', '"workspace" was removed in tower-cli 0.3.20 and is now ignored.']]],
    [`python = "3.11"\n${APP}`, [['warning', 1, 'python', 'Unknown key "python": Tower ignores it, so it has no effect.']]],
    [`extras = [1, 2]\n${APP}`, [['warning', 1, 'extras', 'Unknown key "extras": Tower ignores it, so it has no effect.']]],
    [`${APP}\n[app.extra]\nx = 1`, [['warning', 4, 'app.extra', 'Unknown key "extra" in [app]: Tower ignores it, so it has no effect.']]],
    [
      `${APP}\n[[parameters]]\nname = "A"\nhiden = true`,
      [['warning', 6, 'parameters[0].hiden', 'Unknown key "hiden" in [[parameters]] block 1: Tower ignores it, so it has no effect.']],
    ],
    [`${APP}\n${long} = 1`, [['warning', 4, `app.${long}`, `Unknown key "${'x'.repeat(59)}…" in [app]: Tower ignores it, so it has no effect.`]]],
  ];
  test('each problem says what is wrong and how to write it, on its line', () => {
    for (const [text, expected] of cases) assert.deepEqual(seen(text), expected, text);
  });

  test('each links the reference entry a reader needs, and suggests the key a typo probably meant', () => {
    const linked = (text: string) => checkTowerfile(text, RULES).problems.map((p) => [p.keyPath, p.anchor, p.suggestion]);
    assert.deepEqual(linked('app = 1'), [['app', 'app', undefined]]);
    assert.deepEqual(linked(`parameters = [1]\n${APP}`), [['parameters[0]', 'parameters', undefined]]);
    assert.deepEqual(linked(`python = "3.11"\n${APP}`), [['python', 'structure-at-a-glance', undefined]]);
    assert.deepEqual(linked(`${APP}\nzzzzzz = 1`), [['app.zzzzzz', 'app', undefined]], 'no key is close: the table it is in');
    assert.deepEqual(linked(`${APP}\n[[parameters]]\nname = "A"\nhiden = true`), [['parameters[0].hiden', 'parametershidden', 'hidden']]);
    // A key that starts with a known one is a typo of it, up to 32 characters; longer keys are not matched at all.
    const key32 = `description${'x'.repeat(21)}`;
    assert.deepEqual(linked(`${APP}\n${key32} = 1`), [[`app.${key32}`, 'appdescription', 'description']]);
    assert.deepEqual(linked(`${APP}\n${key32}x = 1`), [[`app.${key32}x`, 'app', undefined]]);
  });

  test('rules a future schema may add read plainly too', () => {
    const schema = {
      type: 'object',
      required: ['app', 'meta'],
      properties: {
        app: {
          type: 'object',
          properties: {
            name: {type: 'string', pattern: '^[a-z]+$'},
            script: {type: 'string', pattern: '^[^ ]*$'},
            retries: {type: 'integer', maximum: 3},
            tag: {type: 'string', pattern: '^[^ ]*$|^ok now$'},
            label: {type: 'string', pattern: '^[^\\-:;]*$'},
            owner: {type: 'string', pattern: 'x^[^ ]*$'},
            ratio: {type: 'number'},
          },
        },
        meta: {type: 'object'},
      },
      maxProperties: 2,
    };
    const rules = createTowerfileRules(schema);
    assert.deepEqual(seen('[app]\nname = "A1"\nscript = "my app.py"\nretries = 5\n[meta]', rules), [
      ['error', 2, 'app.name', '"name" ("A1") must match the pattern ^[a-z]+$.'],
      ['error', 3, 'app.script', '"script" ("my app.py") must not contain " ".'],
      ['error', 4, 'app.retries', '"retries" must be <= 3.'],
    ]);
    assert.deepEqual(seen('[app]\nretries = "2"', rules), [
      ['error', null, 'meta', 'The Towerfile is missing "meta", which Tower requires.'],
      ['error', 2, 'app.retries', '"retries" must be a whole number, but it is the string "2".'],
    ]);
    assert.deepEqual(seen('[app]\ntag = "a b"\nlabel = "a-b"\nowner = "me"\nratio = "1/2"\n[meta]', rules), [
      ['error', 2, 'app.tag', '"tag" ("a b") must match the pattern ^[^ ]*$|^ok now$.'],
      ['error', 3, 'app.label', '"label" ("a-b") must not contain "-", ":" or ";".'],
      ['error', 4, 'app.owner', '"owner" ("me") must match the pattern x^[^ ]*$.'],
      ['error', 5, 'app.ratio', '"ratio" must be a number, but it is the string "1/2".'],
    ]);
    const rootRule = checkTowerfile('[app]\n[meta]\n[more]', rules).problems;
    assert.deepEqual(
      rootRule.map((p) => [p.line, p.keyPath, p.anchor, p.message]),
      [[null, '', COMMON_ERRORS_ANCHOR, 'The Towerfile must NOT have more than 2 properties.']],
    );
  });
});

describe("Towerfile checker: the words of Tower's own rules", () => {
  const app = (script: string, ...rest: string[]) => ['[app]', 'name = "x"', `script = "${script}"`, ...rest].join('\n');
  const OUTSIDE_UP = '"script" goes up out of the app folder with "..": Tower refuses an entry point outside the app when it unpacks the package.';
  const ABSOLUTE = '"script" is an absolute path: Tower refuses an entry point outside the app when it unpacks the package.';
  const KIND = 'Tower starts .py scripts with uv run and .sh scripts with bash; how it would start this file is not documented.';
  const cases: [string, [string, number | null, string, string][]][] = [
    [app('../main.py'), [['error', 3, 'app.script', OUTSIDE_UP]]],
    [app('jobs/../../main.py'), [['error', 3, 'app.script', OUTSIDE_UP]]],
    [app('jobs\\\\..\\\\..\\\\main.py'), [['error', 3, 'app.script', OUTSIDE_UP]]],
    [app('..hidden/main.py'), []],
    [app('/srv/app/main.py'), [['error', 3, 'app.script', ABSOLUTE]]],
    [app('C:\\\\apps\\\\main.py'), [['error', 3, 'app.script', ABSOLUTE]]],
    [app('d:/apps/main.py'), [['error', 3, 'app.script', ABSOLUTE]]],
    [app('jobs/d:/main.py'), []],
    // Outside the app: no second warning that "source" misses it.
    [app('../main.py', 'source = ["./*.py"]'), [['error', 3, 'app.script', OUTSIDE_UP]]],
    [app('main.ipynb'), [['warning', 3, 'app.script', KIND]]],
    [app('main.pyc'), [['warning', 3, 'app.script', KIND]]],
    [app('run.shx'), [['warning', 3, 'app.script', KIND]]],
    [app('run.sh'), []],
    [
      app('./jobs/main.py', 'source = ["./*.py"]'),
      [
        [
          'warning',
          4,
          'app.source',
          'No "source" pattern seems to include the script "./jobs/main.py". Since tower-cli 0.3.67 the build fails when the script is not packaged: add it to "source".',
        ],
      ],
    ],
    [
      app('main.py', `source = ["main.py", "${'a'.repeat(300)}"]`),
      [
        [
          'warning',
          4,
          'app.source[1]',
          'The checker does not read entry 2 of "source": it is 300 characters long, and the checker reads patterns of up to 256. So it cannot tell what that pattern packages.',
        ],
      ],
    ],
    [
      app('main.py', 'schedule = "every 5 minutes"'),
      [
        [
          'warning',
          4,
          'app.schedule',
          '"schedule" is a legacy key: since tower-cli 0.3.59 Tower no longer packages it. Create schedules with tower schedules create instead.',
        ],
      ],
    ],
    [
      app('main.py', '[[parameters]]', 'name = "TOKEN"', 'hidden = true', 'default = "abc"'),
      [
        [
          'warning',
          7,
          'parameters[0].default',
          "A hidden parameter should have no default: Tower's own Towerfile tools refuse one, and a default is stored in plain text. Keep the value in a secret.",
        ],
      ],
    ],
    [app('main.py', '[[parameters]]', 'name = "TOKEN"', 'hidden = true', 'default = ""'), []],
    [app('main.py', '[[parameters]]', 'name = "TOKEN"', 'hidden = false', 'default = "abc"'), []],
    [app('main.py', '[[parameters]]', 'name = "_since_1"', '[[parameters]]', 'name = "Days2"'), []],
    ...['1DAYS', 'since days', 'since-days', 'DAYS!'].map((name): [string, [string, number | null, string, string][]] => [
      app('main.py', '[[parameters]]', `name = "${name}"`),
      [
        [
          'warning',
          5,
          'parameters[0].name',
          `"${name}" becomes an environment variable name; names other than letters, digits and underscores (not starting with a digit) are hard to read from code.`,
        ],
      ],
    ]),
    [
      app('main.py', '[[parameters]]', 'name = "A"', '[[parameters]]', 'name = "B"', '[[parameters]]', 'name = "A"'),
      [['warning', 9, 'parameters[2].name', 'A parameter named "A" is already declared in [[parameters]] block 1; the app sees only one value per name.']],
    ],
    [
      app('main.py', 'source = ["main.py", 1]'),
      [['error', 4, 'app.source[1]', 'Entry 2 of "source" must be a string in quotes, but it is the number 1. Write it in quotes: "1".']],
    ],
    [
      app('main.py', ...Array.from({length: 10}, (_, i) => `[[parameters]]\nname = "P${i}"`), '[[parameters]]', 'nam = "P10"'),
      [
        [
          'warning',
          24,
          'parameters[10].name',
          '[[parameters]] block 11 has no "name". Tower accepts it, but a parameter without a name cannot be set or read.',
        ],
        ['warning', 25, 'parameters[10].nam', 'Unknown key "nam" in [[parameters]] block 11: Tower ignores it, so it has no effect.'],
      ],
    ],
    // Two parameters without a name are two "no name" warnings, not a duplicate.
    [
      app('main.py', '[[parameters]]', 'default = "1"', '[[parameters]]', 'default = "2"'),
      [
        ['warning', 4, 'parameters[0].name', '[[parameters]] block 1 has no "name". Tower accepts it, but a parameter without a name cannot be set or read.'],
        ['warning', 6, 'parameters[1].name', '[[parameters]] block 2 has no "name". Tower accepts it, but a parameter without a name cannot be set or read.'],
      ],
    ],
  ];
  test('each rule says what Tower does and what to change', () => {
    for (const [text, expected] of cases) assert.deepEqual(seen(text), expected, text);
  });

  test('on one line an error comes first even when the warning was found first', () => {
    // The unknown key is a schema warning; the script outside the app is found after it, by Tower's rules.
    assert.deepEqual(
      check('app = {name = "x", script = "../m.py", sourcez = 1}').problems.map((p) => [p.severity, p.line, p.keyPath]),
      [
        ['error', 1, 'app.script'],
        ['warning', 1, 'app.sourcez'],
      ],
    );
  });

  test('the plan says how the script starts, what it packages and what each parameter holds', () => {
    const plan = check(
      '[app]',
      'name = "nightly"',
      'script = "./run.sh"',
      'description = "Runs at night"',
      'source = ["./run.sh", "./requirements.txt"]',
      'import_paths = ["../common//", "../../libs\\\\util"]',
      'schedule = ""',
      '[[parameters]]',
      'name = "DAYS"',
    ).plan;
    assert.deepEqual(plan, {
      name: 'nightly',
      script: './run.sh',
      runner: 'bash',
      description: 'Runs at night',
      source: ['./run.sh', './requirements.txt'],
      importPaths: [
        {path: '../common//', module: 'modules/common'},
        {path: '../../libs\\util', module: 'modules/util'},
      ],
      dependencyFiles: ['requirements.txt'],
      parameters: [{name: 'DAYS', description: '', default: '', hidden: false}],
      legacySchedule: false,
    });
    assert.equal(check('[app]', 'name = "x"', 'script = "main.ipynb"').plan?.runner, undefined);
  });

  test('past 100 problems, those listed are the first by line, in line order', () => {
    const result = check(
      '[app]',
      'name = "x"',
      'script = "m.py"',
      'schedule = "daily"',
      ...Array.from({length: 150}, (_, i) => `k${i} = 1`),
      'description = 1',
    );
    assert.equal(result.problems.length, PROBLEM_LIMIT);
    // The legacy key is found after the 150 unknown keys, but it is on line 4: it is listed, and first.
    assert.deepEqual(
      [...result.problems.slice(0, 2), result.problems.at(-1)!].map((p) => [p.line, p.keyPath]),
      [
        [4, 'app.schedule'],
        [5, 'app.k0'],
        [155, 'app.description'],
      ],
    );
    const lines = result.problems.map((p) => p.line ?? 0);
    assert.deepEqual(
      lines,
      [...lines].sort((a, b) => a - b),
    );
  });

  test('the limits: 100 problems listed, 64 KiB read', () => {
    const keys = (n: number) => Array.from({length: n}, (_, i) => `k${i} = 1`);
    assert.equal(check(...MINIMAL, ...keys(PROBLEM_LIMIT)).problems.length, PROBLEM_LIMIT);
    const past = check(...MINIMAL, ...keys(PROBLEM_LIMIT + 1));
    assert.deepEqual([past.problems.length, past.warnings], [PROBLEM_LIMIT, PROBLEM_LIMIT + 1]);
    const padded = (length: number) => `${APP}\n#${'x'.repeat(length - APP.length - 2)}`;
    assert.deepEqual(checkTowerfile(padded(64 * 1024), RULES).problems, []);
    assert.deepEqual(seen(padded(64 * 1024 + 1)), [
      ['error', null, '', 'This text is 65 KiB long; the checker reads up to 64 KiB (a Towerfile is usually under 1 KiB).'],
    ]);
  });
});

describe('Towerfile checker: syntax errors, in plain words, with nothing else echoed', () => {
  const NO_QUOTE = 'This string has no closing quote: end it with " on the same line.';
  const COMMA = 'A comma is missing between two items here (or the list has no closing "]").';
  const ESCAPE = 'A backslash in "..." starts an escape such as \\n: write \\\\ for a backslash, or put the text in single quotes.';
  const DATE = 'This looks like a date but is not a valid one: if it is text, put it in quotes.';
  const NOT_A_VALUE = 'This is not a value TOML knows: put text in quotes ("..."), write lists as [...], and true or false in lower case.';
  const NO_BRACKET = 'This table header has no closing "]".';
  const TWO_BRACKETS = 'This [[...]] header needs two closing brackets: "]]".';
  const error = (line: number, message: string): [string, number, string, string] => ['error', line, '', message];
  const cases: [string, [string, number | null, string, string][]][] = [
    [`${APP}\nd = "abc`, [error(4, NO_QUOTE)]],
    [`${APP}\nd = 'abc`, [error(4, "This string has no closing quote: end it with ' on the same line.")]],
    [`${APP}\nd = """abc`, [error(4, 'This multi-line string has no closing """.')]],
    [`${APP}\nd = '''abc\nmore`, [error(4, "This multi-line string has no closing '''.")]],
    [`${APP}\ndescription = "a\u0001b"`, [error(4, 'This string holds a control character (such as a tab): write it as an escape such as \\t.')]],
    [`${APP}\ndescription`, [error(4, 'This line has no "=": write key = value.')]],
    [`${APP}\n= "x"`, [error(4, 'A key is missing before "=".')]],
    [`${APP}\na. = 1`, [error(4, 'A key is missing before "=".')]],
    [`${APP}\nx = 012`, [error(4, 'A number cannot start with 0: if this is text, put it in quotes.')]],
    [`${APP}\nx = 2024-13-45`, [error(4, DATE)]],
    [`${APP}\nx = 1979-05-27T07:3`, [error(4, DATE)]],
    [`${APP}\nx = "\\uZZZZ"`, [error(4, ESCAPE)]],
    [`${APP}\nx = "\\U0011FFFF"`, [error(4, ESCAPE)]],
    [`${APP}\nx = """a\\ b"""`, [error(4, ESCAPE)]],
    [`${APP}\nx = 1__2`, [error(4, 'This is not valid TOML: illegal underscore.')]],
    ['[app]\nname =\nscript = "m.py"', [error(2, '"name" has no value after "=".')]],
    ['[app]\nname = hello world\nscript = "m.py"', [error(2, NOT_A_VALUE)]],
    ['[app]\nname = @x\nscript = "m.py"', [error(2, NOT_A_VALUE)]],
    [`${APP}\ndescription = yesterday`, [error(4, 'This text needs quotes: write description = "yesterday".')]],
    [`${APP}\n[[parameters]]\nname = "A"\nhidden = No`, [error(6, 'Write true or false in lower case, without quotes: hidden = false.')]],
    [`${APP}\n[[parameters]]\nname = "A"\nhidden = YES`, [error(6, 'Write true or false in lower case, without quotes: hidden = true.')]],
    [`${APP}\nx = [1,`, [error(4, 'This list has no closing "]".')]],
    [`${APP}\nx = {a = 1,`, [error(4, 'This inline table has no closing "}".')]],
    [`${APP}\nsource = ["a" "b"]`, [error(4, COMMA)]],
    [`${APP}\nsource=["a" "b"]`, [error(4, COMMA)]],
    ['app = {name = "x", script = "m.py"\n[[parameters]]\nname = "A"', [error(1, 'This inline table has no closing "}".')]],
    // The list is set aside from its first line to its last; the line after it is read.
    [
      `${APP}\nsource = [\n  "a"\n  "b"\n]\ndescription = 1`,
      [error(6, COMMA), ['error', 8, 'app.description', '"description" must be a string in quotes, but it is the number 1. Write description = "1".']],
    ],
    [`x = [\n  1\n  2\n]\n${APP}`, [error(3, COMMA)]],
    [`${APP}\nname = "y"`, [error(4, 'This is already defined on line 2: each key, and each [table], appears only once.')]],
    [`a.b = 1\na = 2\n${APP}`, [error(2, 'This is already defined above: each key, and each [table], appears only once.')]],
    [
      `${APP}\nextra = {y = 1}\nextra.y = 2`,
      [
        ['warning', 4, 'app.extra', 'Unknown key "extra" in [app]: Tower ignores it, so it has no effect.'],
        error(5, 'This is already defined above: each key, and each [table], appears only once.'),
      ],
    ],
    // A table defined twice: its whole section is set aside, up to the next header and no further.
    [
      `${APP}\n[[parameters]]\nname = "A"\n[app]\nzzz = 1\n[[parameters]]\nname = "B c"`,
      [
        error(6, 'This is already defined on line 1: each key, and each [table], appears only once.'),
        [
          'warning',
          9,
          'parameters[1].name',
          '"B c" becomes an environment variable name; names other than letters, digits and underscores (not starting with a digit) are hard to read from code.',
        ],
      ],
    ],
    // A header without its closing brackets is read as the table it names.
    ...['[app', '  [app', '[ app', '["app"', "['app'", '[app] x'].map((header): [string, [string, number | null, string, string][]] => [
      `${header}\nname = "x"\nscript = "m.py"`,
      [error(1, header.includes(']') ? 'A table header is a name in brackets, such as [app], on a line of its own.' : NO_BRACKET)],
    ]),
    ...['[app.extra', '[app . extra', '[app."extra"', "[app.'extra'"].map((header): [string, [string, number | null, string, string][]] => [
      `${header}\nx = 1\n${APP}`,
      [error(1, NO_BRACKET), ['warning', 1, 'app.extra', 'Unknown key "extra" in [app]: Tower ignores it, so it has no effect.']],
    ]),
    ...['[[parameters]', '[[parameters', '  [[parameters'].map((header): [string, [string, number | null, string, string][]] => [
      `${APP}\n${header}\nname = "A"\ndefault = "x"\nhidden = true`,
      [
        error(4, TWO_BRACKETS),
        [
          'warning',
          6,
          'parameters[0].default',
          "A hidden parameter should have no default: Tower's own Towerfile tools refuse one, and a default is stored in plain text. Keep the value in a secret.",
        ],
      ],
    ]),
    // A list never closed before the next key: the list is the problem, and the key is read.
    [
      `${APP}\nsource = ["m.py",\ndescription = 1`,
      [
        error(4, 'This list has no closing "]".'),
        ['error', 5, 'app.description', '"description" must be a string in quotes, but it is the number 1. Write description = "1".'],
      ],
    ],
    [`${APP}\nsource = ["m.py",\n  description = "d"`, [error(4, 'This list has no closing "]".')]],
    // A broken line inside a multi-line string or list sets the whole value aside, and only it.
    [
      `${APP}\ndescription = """abc\n\u0001\n"""\nzz = 1`,
      [
        error(5, 'This string holds a control character (such as a tab): write it as an escape such as \\t.'),
        ['warning', 7, 'app.zz', 'Unknown key "zz" in [app]: Tower ignores it, so it has no effect.'],
      ],
    ],
    [
      `${APP}\nsource = [\n  "m.py",\n  "a" "b",\n]\nzz = 1`,
      [error(6, COMMA), ['warning', 8, 'app.zz', 'Unknown key "zz" in [app]: Tower ignores it, so it has no effect.']],
    ],
    // Items of a list are values: a bare word there is no key.
    [`${APP}\nsource = [\n  yes\n]`, [error(5, NOT_A_VALUE)]],
    [`${APP}\nsource = [\n  hello\n]`, [error(5, NOT_A_VALUE)]],
    // A "[" inside a value opens nothing: the line below it is set aside alone.
    [
      `${APP}\ndescription = 5 # see [notes]\n  junk junk`,
      [
        ['error', 4, 'app.description', '"description" must be a string in quotes, but it is the number 5. Write description = "5".'],
        error(5, 'A key holds only letters, digits, "_" and "-" (or is in quotes); this one has a space or another character, or its "=" is missing.'),
      ],
    ],
    // The key on a broken line is not also reported missing, in [app] or in a [[parameters]] block,
    // nor is the table it would have made.
    ['app.script = "m.py', [error(1, NO_QUOTE)]],
    ['app.script = "m.py"\napp.name = "x', [error(2, NO_QUOTE)]],
    ['[app]\nname = "x"\nscript = "m.py\n[[parameters]]\nname = "A"', [error(3, NO_QUOTE)]],
    [`${APP}\n[[parameters]]\nname = "A"\n[[parameters]]\nname = "B`, [error(7, NO_QUOTE)]],
  ];
  test('each syntax error is one problem on its line, and the rest of the file is read as meant', () => {
    for (const [text, expected] of cases) assert.deepEqual(seen(text), expected, text);
  });

  test("parseToml gives the parser's message without its preamble", () => {
    assert.deepEqual(parseToml('a = 1\nb = [1,'), {ok: false, line: 2, column: 5, message: 'unfinished array'});
  });
});

describe('Towerfile checker: source globs and what they package', () => {
  const matches = (pattern: string, path: string) => {
    const glob = compileGlob(pattern);
    assert.ok(glob.ok, pattern);
    return glob.ok && glob.matches(path);
  };
  const cases: [string, string, boolean][] = [
    ['././main.py', 'main.py', true],
    ['src/', 'src/x.py', true],
    ['src//', 'src/x.py', true],
    ['**', 'main.py', true],
    ['**', 'pkg/deep/x.py', true],
    ['src/**/*.py', 'src/x.py', true],
    ['src/**/*.py', 'lib/x.py', false],
    // Braces: escapes inside them, a brace without a comma, an unclosed one.
    ['{x\\},y}.py', 'x}.py', true],
    ['{x\\},y}.py', 'y.py', true],
    ['{a\\,b,c}.txt', 'a,b.txt', true],
    ['{a\\,b,c}.txt', 'b.txt', false],
    ['\\{a,b}.py', '{a,b}.py', true],
    ['\\{a,b}.py', 'a.py', false],
    ['x{a,b}.py', 'xb.py', true],
    ['{a}.py', '{a}.py', true],
    ['{a}.py', 'a.py', false],
    ['{a,b', '{a,b', true],
    ['{a,b', 'a', false],
    ['{,_test}main.py', 'main.py', true],
    // A backslash at the end of a name stands for itself.
    ['a\\', 'a\\', true],
    // Classes: a "]" right after "[" belongs to the class, "-" at either end is literal, "!" and "^" negate.
    ['ab]c', 'ab]c', true],
    ['[]a]1', ']1', true],
    ['[]a]1', 'a1', true],
    ['[ab', '[ab', true],
    ['[ab]*.py', 'a.py', true],
    ['[!a]x', '!x', true],
    ['[!a]x', 'bx', true],
    ['[^a]x', 'ax', false],
    ['[^a]x', 'bx', true],
    ['[-a]x', '-x', true],
    ['[a-]x', '-x', true],
    ['[a-]x', 'bx', false],
    ['[b-c]x', 'ax', false],
    ['[b-c]x', 'dx', false],
    ['[b-c]x', 'cx', true],
    ['*a*b', 'xaxb', true],
    ['*a*b', 'xbxa', false],
    ['a**b.py', 'axyb.py', true],
  ];
  test('patterns match as Tower packages them', () => {
    for (const [pattern, path, expected] of cases) assert.equal(matches(pattern, path), expected, `${pattern} ~ ${path}`);
  });

  test('patterns the checker does not read say why, and the limits are where they say', () => {
    const reason = (pattern: string) => {
      const glob = compileGlob(pattern);
      return glob.ok ? 'read' : glob.reason;
    };
    assert.equal(reason('a'.repeat(MAX_PATTERN_LENGTH)), 'read');
    assert.equal(reason(`./${'a'.repeat(MAX_PATTERN_LENGTH)}`), 'read', 'a leading ./ does not count');
    assert.equal(reason('a'.repeat(MAX_PATTERN_LENGTH + 1)), 'is 257 characters long, and the checker reads patterns of up to 256');
    // 2^6 = 64 alternatives are read, 2^7 are not; the same for one brace of 64 or 65 names, and for nested braces.
    assert.equal(reason('{a,b}'.repeat(6)), 'read');
    assert.equal(reason('{a,b}'.repeat(7)), `has braces that stand for more than ${MAX_ALTERNATIVES} patterns`);
    const names = (n: number) => `{${Array.from({length: n}, (_, i) => `n${i}`).join(',')}}`;
    assert.equal(reason(names(64)), 'read');
    assert.equal(reason(names(65)), 'has braces that stand for more than 64 patterns');
    assert.equal(reason(`{x,${'{a,b}'.repeat(7)}}`), 'has braces that stand for more than 64 patterns');
    // 64 alternatives of 32 characters are 2,048 characters of patterns, all that is read; of 33, too many.
    assert.equal(reason(`${'x'.repeat(26)}${'{a,b}'.repeat(6)}`), 'read');
    assert.equal(
      reason(`${'x'.repeat(27)}${'{a,b}'.repeat(6)}`),
      `has braces that stand for 2112 characters of patterns, and the checker reads up to ${MAX_EXPANDED_LENGTH}`,
    );
  });

  test(`"source" is read up to ${MAX_SOURCE_CHARACTERS} characters of patterns, and paths up to 1,024`, () => {
    const quarter = `${'x'.repeat(26)}${'{a,b}'.repeat(6)}`; // 2,048 characters once expanded
    assert.deepEqual(compileSourcePatterns([quarter, quarter, quarter, quarter]).unread, []);
    assert.deepEqual(compileSourcePatterns([quarter, quarter, quarter, quarter, 'main.py']).unread, [
      {index: 4, reason: 'comes after 8192 characters of patterns, all the checker reads'},
    ]);
    assert.equal(compileSourcePatterns([quarter, 'main.py']).matchers.length, 2);
    assert.equal(isPackaged('x'.repeat(1024), ['*.py']), false);
    assert.equal(isPackaged('x'.repeat(1025), ['*.py']), true, 'too long to be a real path: not reported as unpackaged');
    assert.equal(isPackaged('main.py', [`${'a'.repeat(300)}`]), false, 'a pattern that is not read packages nothing here');
  });

  test('what is never packaged names each exclusion Tower makes', () => {
    // tower-cli 0.3.70: *.pyc, __pycache__, .git and .venv folders, .gitignore files, and the root Towerfile.
    const exclusions = ['*.pyc', '__pycache__/', '.git/', '.venv/', '.gitignore', 'Towerfile'];
    assert.equal(NEVER_PACKAGED.length, exclusions.length);
    for (const [i, exclusion] of exclusions.entries()) assert.ok(NEVER_PACKAGED[i].includes(exclusion), exclusion);
  });

  test('import paths land in modules/ under their last folder name', () => {
    assert.equal(importPathModule('../common//'), 'modules/common');
    assert.equal(importPathModule('..\\libs\\util\\'), 'modules/util');
    assert.equal(importPathModule('common'), 'modules/common');
  });
});

describe('Towerfile checker: reading the schema, the reference and key lines', () => {
  test('the schema is read by path: known keys, array entries, deprecations', () => {
    assert.deepEqual(knownKeys(SCHEMA, ['parameters', '10']), ['name', 'description', 'default', 'hidden']);
    assert.ok(schemaAt(SCHEMA, ['parameters', '10', 'name']));
    assert.equal(schemaAt(SCHEMA, ['parameters', 'x1']), undefined);
    assert.equal(schemaAt(SCHEMA, ['parameters', '1x']), undefined);
    assert.equal(schemaAt(SCHEMA, ['app', '0']), undefined);
    assert.deepEqual(knownKeys(SCHEMA, ['app', 'nope', 'deeper']), []);
    assert.equal(isDeprecated(SCHEMA, ['app', 'schedule']), true);
    assert.equal(isDeprecated(SCHEMA, ['app', 'script']), false);
    assert.equal(isDeprecated(SCHEMA, ['nope', 'deeper']), false);
  });

  test('a schema that moves definitions behind $ref is read the same', () => {
    const schema: JsonSchema = {
      $ref: '#/$defs/root',
      $defs: {
        root: {
          type: 'object',
          properties: {
            app: {$ref: '#/$defs/a~1pp'},
            loop: {$ref: '#/$defs/loop'},
            remote: {$ref: 'https://example.com/x.json'},
            lost: {$ref: '#/$defs/nowhere'},
          },
        },
        'a/pp': {type: 'object', properties: {name: {type: 'string'}, old: {$ref: '#/$defs/t~0x'}}},
        't~x': {type: 'string', deprecated: true},
        loop: {$ref: '#/$defs/loop'},
      },
    };
    assert.deepEqual(knownKeys(schema, []), ['app', 'loop', 'remote', 'lost']);
    assert.deepEqual(schemaAt(schema, ['lost']), {$ref: '#/$defs/nowhere'}, 'a $ref to nothing is left as it is');
    assert.deepEqual(knownKeys(schema, ['app']), ['name', 'old']);
    assert.equal(isDeprecated(schema, ['app', 'old']), true);
    assert.deepEqual(schemaAt(schema, ['loop']), {$ref: '#/$defs/loop'}, 'a $ref loop ends');
    assert.deepEqual(schemaAt(schema, ['remote']), {$ref: 'https://example.com/x.json'}, 'a remote $ref is not followed');
  });

  test('key paths, headings and anchors tell indexes from keys with digits', () => {
    assert.equal(keyPathLabel(['parameters', '10', 'name']), 'parameters[10].name');
    assert.equal(keyPathLabel(['app', 'x1']), 'app.x1');
    assert.equal(keyPathLabel(['app', '1x']), 'app.1x');
    assert.equal(referenceHeading(['parameters', '10', 'name']), 'parameters[].name');
    assert.equal(headingAnchor('App.Name'), 'appname');
    assert.ok(REFERENCE.length > 0 && TOWERFILE_REFERENCE_ROUTE === '/docs/reference/towerfile', 'the reference route is the page read above');
  });

  test('key lines: quoted keys keep inner quotes, and look-alike paths stay apart', () => {
    assert.deepEqual(splitDotted(`"it's".'say "hi"'.plain`), ["it's", 'say "hi"', 'plain']);
    const lines = tomlKeyLines('[a]\nbc = 1\n[ab]\nc = 2\n"" = 3');
    assert.equal(lines.lineOf(['ab', 'c']), 3);
    assert.equal(lines.lineOf(['a', 'bc']), 1);
    assert.equal(lines.lineOf([]), -1, 'the document itself has no line');
  });
});

test('the checker writes its text into the address only while the address is still its own', () => {
  const page = '/docs/reference/towerfile-checker';
  const text = '[app]\nname = "a"\n';
  assert.equal(addressFor({pathname: page, search: '', hash: ''}, page, text), `${page}${hashFor(text)}`);
  assert.equal(addressFor({pathname: page, search: '?x=1', hash: hashFor('old')}, page, text), `${page}?x=1${hashFor(text)}`);
  // A reference link was followed while the checker was still on screen: the next page's address stays.
  assert.equal(addressFor({pathname: '/docs/reference/towerfile', search: '', hash: '#appscript'}, page, text), null);
  // An anchor on the checker's own page was followed.
  assert.equal(addressFor({pathname: page, search: '', hash: '#how-it-works'}, page, text), null);
});
