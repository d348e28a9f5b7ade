import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, test} from 'node:test';
import {fileURLToPath} from 'node:url';
import {createSlugger} from '@docusaurus/utils';
import {createTowerfileRules} from '../../src/towerfile/rules-node';
import {extractHeadings} from '../../scripts/samples/extract-blocks';
import {towerfileHeadingNames} from '../../scripts/samples/check-references';
import {checkTowerfile, parseToml, type TowerfileProblem} from '../../src/towerfile/check';
import {locateTomlPath} from '../../src/towerfile/locate';
import {importPathModule, isPackaged, packagedDependencyFiles} from '../../src/towerfile/packaging';
import {COMMON_ERRORS_ANCHOR, headingAnchor, keyPathLabel, referenceHeading} from '../../src/towerfile/reference';
import type {JsonSchema} from '../../src/towerfile/schema';
import {decodeText, encodeText, hashFor, textFromHash} from '../../src/components/TowerfileChecker/persist';
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
  test('a TOML syntax error names its line and column and gives no plan', () => {
    const result = check('[app]', 'name = "hello', 'script = "main.py"');
    assert.equal(result.problems.length, 1);
    const [problem] = result.problems;
    assert.equal(problem.severity, 'error');
    assert.equal(problem.line, 2);
    assert.equal(typeof problem.column, 'number');
    assert.match(problem.message, /^This is not valid TOML: /);
    assert.equal(problem.anchor, COMMON_ERRORS_ANCHOR);
    assert.equal(result.plan, undefined);
    assert.equal(check('[app]', 'name = "a"', 'name = "b"').problems[0].line, 3, 'a duplicate key is a TOML error on its line');
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
    assert.equal(importPathModule('../../libs/shared/'), 'modules/shared');
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

  test('ignores hashes that are headings or not valid encodings', () => {
    assert.equal(textFromHash('#what-it-checks'), null);
    assert.equal(textFromHash('#towerfile=***'), null);
    assert.equal(textFromHash('#towerfile=_w'), null, 'not UTF-8');
  });
});
