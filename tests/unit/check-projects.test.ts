/**
 * The example-project checks (scripts/samples/check-projects.ts) and the checks of apps shown on a
 * page (check-page-apps.ts). Each rule has a project or page it must reject; the valid project
 * must pass, so a rule that rejects everything is caught too.
 */
import {describe, it} from 'node:test';
import assert from 'node:assert/strict';
import {mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {scanMarkdown} from '../../scripts/samples/extract-blocks';
import {createTowerfileRules} from '../../src/towerfile/rules-node';
import {checkExamples, packagedFiles} from '../../scripts/samples/check-projects';
import {checkPageApps} from '../../scripts/samples/check-page-apps';
import {distributionsFor, installedDistributions, parseRequirement, variablesOfSecret} from '../../scripts/samples/check-apps';
import {resolvePython} from '../../scripts/samples/python-analysis';
import type {Problem} from '../../scripts/samples/types';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const RULES = createTowerfileRules(JSON.parse(readFileSync(path.join(REPO, 'data/towerfile.schema.json'), 'utf8')) as object);
const FENCE = '```';
/** The interpreter behind `python3`, asked once as check-all asks it: through a pyenv shim each of the hundred or so starts costs tens of milliseconds more. */
const PYTHON = resolvePython();
const lines = (...l: string[]) => `${l.join('\n')}\n`;

/** A small valid repository: two projects, the first starting the second's app, and their page. */
const VALID: Record<string, string> = {
  'examples/demo/README.md': '# Demo\n',
  'examples/demo/loader/Towerfile': lines(
    '[app]',
    'name = "demo-loader"',
    'script = "./main.py"',
    'source = ["./main.py", "./rules.py", "./pyproject.toml"]',
    '',
    '[[parameters]]',
    'name = "DAY"',
    'default = ""',
    '',
    '[[parameters]]',
    'name = "LIMIT"',
    'default = "10"',
  ),
  'examples/demo/loader/pyproject.toml': lines('[project]', 'name = "demo-loader"', 'version = "0.1.0"', 'dependencies = ["tower", "PyYAML>=6", "pyarrow"]'),
  'examples/demo/loader/main.py': lines(
    'import os',
    '',
    'import pyarrow as pa',
    'import yaml',
    '',
    'import tower',
    'from rules import clamp',
    '',
    'CHILD = "demo-report"',
    '',
    'day = tower.parameter("DAY")',
    'limit = clamp(int(os.getenv("LIMIT", "10")))',
    'token = tower.secret("API_TOKEN")',
    'warehouse = os.environ["DESTINATION__DUCKDB__CREDENTIALS"]',
    'print(yaml.safe_dump({"day": day, "limit": limit}), pa.table({"x": [1]}), os.environ.get("TOWER_ENVIRONMENT"))',
    'tower.run_app(CHILD, parameters={"REPORT_DAY": day})',
  ),
  'examples/demo/loader/rules.py': lines('import math', '', '', 'def clamp(n):', '    return max(1, min(100, math.floor(n)))'),
  'examples/demo/loader/test_rules.py': lines(
    'import csv',
    'import unittest',
    'from pathlib import Path',
    '',
    'from rules import clamp',
    '',
    '',
    'class Clamp(unittest.TestCase):',
    '    def test_fixture(self):',
    '        with open(Path(__file__).parent / "fixtures" / "limits.csv") as f:',
    '            for row in csv.DictReader(f):',
    '                self.assertEqual(clamp(int(row["given"])), int(row["kept"]))',
  ),
  'examples/demo/loader/fixtures/limits.csv': lines('given,kept', '0,1', '50,50', '500,100'),
  'examples/reports/README.md': '# Reports\n',
  'examples/reports/report/Towerfile': lines(
    '[app]',
    'name = "demo-report"',
    'script = "./report.py"',
    '',
    '[[parameters]]',
    'name = "REPORT_DAY"',
    'default = ""',
  ),
  'examples/reports/report/requirements.txt': lines('# the SDK', 'tower'),
  'examples/reports/report/report.py': lines('import tower', '', 'print(tower.parameter("REPORT_DAY"))'),
  'examples/reports/.github/workflows/ci.yml': lines(
    'name: ci',
    'on: [push]',
    'jobs:',
    '  test:',
    '    env:',
    '      DAY: "{{ env_var(\'DAY\') }}"',
    '    steps:',
    '      - run: tower deploy --create',
  ),
  'docs/examples/demo.md': lines(
    '# Demo',
    '',
    'Download [demo.zip](/examples/demo.zip).',
    '',
    `${FENCE}toml file="examples/demo/loader/Towerfile"`,
    FENCE,
    `${FENCE}toml file="examples/demo/loader/pyproject.toml"`,
    FENCE,
    `${FENCE}python file="examples/demo/loader/rules.py"`,
    FENCE,
    `${FENCE}python file="examples/demo/loader/main.py"`,
    FENCE,
    '',
    `${FENCE}bash`,
    'read -rs TOKEN',
    'tower secrets create --name=API_TOKEN --value="$TOKEN"',
    'tower secrets create -n dlt.destination.duckdb.credentials --value="$DUCKDB"',
    FENCE,
  ),
  'docs/examples/reports.md': lines(
    '# Reports',
    '',
    '[reports.zip](/examples/reports.zip)',
    '',
    `${FENCE}toml file="examples/reports/report/Towerfile"`,
    FENCE,
    `${FENCE}text file="examples/reports/report/requirements.txt"`,
    FENCE,
    `${FENCE}python file="examples/reports/report/report.py"`,
    FENCE,
  ),
};

/** Writes VALID with `changes` (null deletes a file) to a temporary repository and checks it. */
function check(changes: Record<string, string | null> = {}, runTests = true): Problem[] {
  const root = mkdtempSync(path.join(tmpdir(), 'projects-'));
  try {
    const files = {...VALID, ...changes};
    for (const [rel, text] of Object.entries(files)) {
      if (text === null) continue;
      mkdirSync(path.dirname(path.join(root, rel)), {recursive: true});
      writeFileSync(path.join(root, rel), text);
    }
    const pages = Object.keys(files)
      .filter((rel) => rel.startsWith('docs/') && files[rel] !== null)
      .sort()
      .map((file) => ({file, text: files[file]!, blocks: scanMarkdown(files[file]!).blocks}));
    return checkExamples({root, pages, towerfileRules: RULES, runTests, python: PYTHON}).problems;
  } finally {
    rmSync(root, {recursive: true, force: true});
  }
}

const where = (problems: Problem[]) => problems.map((p) => `${p.file}:${p.line}: ${p.message}`);

/** Asserts exactly one problem, at `file:line`, whose message matches. */
function rejects(problems: Problem[], at: string, message: RegExp): void {
  assert.equal(problems.length, 1, where(problems).join('\n'));
  assert.equal(`${problems[0].file}:${problems[0].line}`, at);
  assert.match(problems[0].message, message);
}

const replaceIn = (file: string, from: string, to: string) => {
  assert.ok(VALID[file].includes(from), `${file} contains ${from}`);
  return {[file]: VALID[file].replace(from, to)};
};

describe('example projects', () => {
  it('accept the valid projects, with their fixture tests run', () => {
    assert.deepEqual(where(check()), []);
  });

  it('reject a Towerfile that does not validate, on the line of the key', () => {
    rejects(
      check(replaceIn('examples/reports/report/Towerfile', 'script = "./report.py"', 'script = "./report.py"\nschedule_cron = "0 9 * * *"')),
      'examples/reports/report/Towerfile:4',
      /Towerfile app\.schedule_cron: Unknown key "schedule_cron" in \[app\]: Tower ignores it, so it has no effect\. \(did you mean "schedule"\?\)/,
    );
  });

  it('reject a script that the source globs do not package', () => {
    rejects(
      check(replaceIn('examples/demo/loader/Towerfile', 'source = ["./main.py", ', 'source = [')),
      'examples/demo/loader/Towerfile:3',
      /the script \.\/main\.py is not among the files that source packages/,
    );
  });

  it('reject a dependency file that is not packaged', () => {
    const problems = check(replaceIn('examples/demo/loader/Towerfile', ', "./pyproject.toml"]', ']'));
    assert.ok(
      problems.some((p) => p.file === 'examples/demo/loader/pyproject.toml' && /is not packaged/.test(p.message)),
      where(problems).join('\n'),
    );
    assert.ok(problems.some((p) => /imports pyarrow, but it packages no pyproject.toml or requirements.txt/.test(p.message)));
  });

  it('reject Python that does not compile, once, although a page shows the file', () => {
    rejects(
      check(replaceIn('examples/reports/report/report.py', 'print(tower', 'print(tower(')),
      'examples/reports/report/report.py:3',
      /python does not compile/,
    );
  });

  it('reject a third-party import the dependency file does not list, mapping import names to distributions', () => {
    rejects(
      check(replaceIn('examples/demo/loader/pyproject.toml', '"PyYAML>=6", ', '')),
      'examples/demo/loader/main.py:4',
      /imports yaml, but examples\/demo\/loader\/pyproject\.toml does not list pyyaml/,
    );
    // An example project lists what it imports even when an extra of tower brings it.
    rejects(
      check(replaceIn('examples/demo/loader/pyproject.toml', '"tower", "PyYAML>=6", "pyarrow"', '"tower[iceberg]", "PyYAML>=6"')),
      'examples/demo/loader/main.py:3',
      /imports pyarrow/,
    );
  });

  it('reject a parameter the code reads but the Towerfile does not declare', () => {
    rejects(
      check(replaceIn('examples/demo/loader/main.py', 'tower.parameter("DAY")', 'tower.parameter("DAY") or tower.parameter("DAYS")')),
      'examples/demo/loader/main.py:11',
      /tower\.parameter\("DAYS"\) reads a parameter that the Towerfile of demo-loader does not declare \(did you mean "DAY"\?\)/,
    );
  });

  it('reject an environment variable that is neither a parameter nor a secret created on the page', () => {
    rejects(
      check(replaceIn('examples/demo/loader/main.py', 'os.environ["DESTINATION__DUCKDB__CREDENTIALS"]', 'os.environ["DUCKDB_PATH"]')),
      'examples/demo/loader/main.py:14',
      /the environment variable DUCKDB_PATH, which is neither a parameter of its Towerfile nor a secret created on docs\/examples\/demo\.md/,
    );
  });

  it('reject a secret the page that shows the app does not create', () => {
    rejects(
      check(replaceIn('docs/examples/demo.md', 'tower secrets create --name=API_TOKEN --value="$TOKEN"', 'echo skipped')),
      'examples/demo/loader/main.py:13',
      /tower\.secret\("API_TOKEN"\) reads a secret, but docs\/examples\/demo\.md creates it/,
    );
  });

  it('reject a parameter the Towerfile declares but no code reads', () => {
    rejects(
      check(replaceIn('examples/demo/loader/main.py', 'int(os.getenv("LIMIT", "10"))', '10')),
      'examples/demo/loader/Towerfile:11',
      /declares the parameter LIMIT, but no code of the app reads it/,
    );
  });

  it('reject tower.run_app of an app that no example project defines', () => {
    rejects(
      check(replaceIn('examples/demo/loader/main.py', 'CHILD = "demo-report"', 'CHILD = "demo-reports"')),
      'examples/demo/loader/main.py:16',
      /tower\.run_app\("demo-reports"\) starts an app that no example project defines \(did you mean "demo-report"\?\)/,
    );
  });

  it('reject tower.run_app passing a parameter the child does not declare', () => {
    rejects(
      check(replaceIn('examples/demo/loader/main.py', '{"REPORT_DAY": day}', '{"REPORT_DAY": day, "REGIONS": "emea"}')),
      'examples/demo/loader/main.py:16',
      /passes REGIONS, which the Towerfile of demo-report does not declare/,
    );
  });

  it('reject a fixture test that fails, at the failing line', () => {
    rejects(
      check({'examples/demo/loader/fixtures/limits.csv': lines('given,kept', '500,500')}),
      'examples/demo/loader/test_rules.py:12',
      /python3 -m unittest fails in examples\/demo\/loader: test_fixture .*AssertionError: 100 != 500/,
    );
  });

  it('reject a fixture test that needs more than the standard library, even where the package is installed', () => {
    const problems = check(replaceIn('examples/demo/loader/test_rules.py', 'import csv\n', 'import csv\nimport yaml  # not in the standard library\n'));
    rejects(
      problems,
      'examples/demo/loader/test_rules.py:2',
      /python3 -m unittest fails in examples\/demo\/loader: .*ModuleNotFoundError: No module named 'yaml'/,
    );
  });

  it('reject standard-library logic that no test imports', () => {
    rejects(
      check({'examples/demo/loader/test_rules.py': null}),
      'examples/demo/loader/rules.py:1',
      /rules needs only the standard library, but no test_\*\.py of examples\/demo\/ imports it/,
    );
  });

  it('reject a deployed file that no page shows, and a project whose download no page links', () => {
    const unshown = check(replaceIn('docs/examples/demo.md', `${FENCE}python file="examples/demo/loader/rules.py"\n${FENCE}\n`, ''));
    rejects(
      unshown,
      'examples/demo/loader/rules.py:1',
      /part of app demo-loader, but no docs page shows it: include it with a fence such as ```python file="examples\/demo\/loader\/rules\.py"/,
    );
    rejects(
      check(replaceIn('docs/examples/demo.md', '[demo.zip](/examples/demo.zip)', 'demo.zip')),
      'examples/demo/README.md:1',
      /no docs page that shows examples\/demo\/ links its download: add a link to \/examples\/demo\.zip/,
    );
  });

  it('reject a project without a README or without an app', () => {
    rejects(check({'examples/reports/README.md': null}), 'examples/reports:1', /has no README\.md/);
    const problems = check({'examples/empty/README.md': '# Empty\n'}, false);
    assert.ok(
      problems.some((p) => p.file === 'examples/empty' && /no app: no folder holds a Towerfile/.test(p.message)),
      where(problems).join('\n'),
    );
  });

  it('reject an include fence that names a missing file or has content, on the page line', () => {
    const misspelt = check(replaceIn('docs/examples/reports.md', 'file="examples/reports/report/report.py"', 'file="examples/reports/report/reports.py"'));
    assert.deepEqual(
      where(misspelt).map((p) => p.replace(/: .*?(cannot include|no docs page shows it).*/, ': $1')),
      ['docs/examples/reports.md:9: cannot include', 'examples/reports/report/report.py:1: no docs page shows it'],
    );
    const missing = check(replaceIn('docs/examples/reports.md', '[reports.zip]', `${FENCE}python file="examples/reports/gone.py"\n${FENCE}\n[reports.zip]`));
    rejects(missing, 'docs/examples/reports.md:3', /^cannot include "examples\/reports\/gone\.py": the file does not exist$/);
    const copy = check(
      replaceIn('docs/examples/reports.md', `file="examples/reports/report/report.py"\n`, `file="examples/reports/report/report.py"\nprint("a second copy")\n`),
    );
    rejects(copy, 'docs/examples/reports.md:9', /must be empty: the file is its content/);
  });

  it('reject a YAML file that does not parse, at its line', () => {
    const misindented = replaceIn(
      'examples/reports/.github/workflows/ci.yml',
      '      - run: tower deploy --create',
      '      - run: tower deploy --create\n     - run: tower run',
    );
    rejects(check(misindented), 'examples/reports/.github/workflows/ci.yml:9', /^YAML does not parse: /);
  });

  it('require pages to show deployed code and configuration, not data files', () => {
    const withData = {
      ...replaceIn(
        'examples/reports/report/Towerfile',
        'script = "./report.py"',
        'script = "./report.py"\nsource = ["./report.py", "./requirements.txt", "./days.csv", "./job.sql"]',
      ),
      'examples/reports/report/days.csv': 'day\n2025-06-02\n',
      'examples/reports/report/job.sql': 'SELECT 1\n',
    };
    rejects(check(withData), 'examples/reports/report/job.sql:1', /part of app demo-report, but no docs page shows it/);
  });

  it('check a file included from outside examples/ like a code block of its language', () => {
    const problems = check({
      'snippets/broken.py': 'def f(:\n',
      'docs/examples/reports.md': `${VALID['docs/examples/reports.md']}\n${FENCE}python file="snippets/broken.py"\n${FENCE}\n`,
    });
    rejects(problems, 'snippets/broken.py:1', /python does not compile/);
    const towerfile = check({
      'snippets/Towerfile': '[app]\nname = "x"\n',
      'docs/examples/reports.md': `${VALID['docs/examples/reports.md']}\n${FENCE}toml file="snippets/Towerfile"\n${FENCE}\n`,
    });
    rejects(towerfile, 'snippets/Towerfile:1', /Towerfile app\.script: \[app\] is missing "script"/);
  });
});

describe('the pieces of the app checks', () => {
  it('map import names to distributions and normalise names', () => {
    assert.deepEqual(distributionsFor('yaml'), ['pyyaml']);
    assert.deepEqual(distributionsFor('langchain_core'), ['langchain-core']);
    assert.deepEqual(parseRequirement('Tower[AI, iceberg]>=0.3.52'), {name: 'tower', extras: ['ai', 'iceberg']});
  });

  it('know what tower and its extras install (for apps shown on pages)', () => {
    const installed = installedDistributions([{name: 'tower', extras: ['iceberg']}]);
    assert.ok(installed.has('polars') && installed.has('pyarrow') && installed.has('httpx'));
    assert.ok(!installed.has('ollama'));
    assert.ok(installedDistributions([{name: 'tower', extras: ['all']}]).has('dbt-core'));
  });

  it('turn dlt. secrets into the variables dlt reads', () => {
    assert.deepEqual(variablesOfSecret('dlt.sources.filesystem.credentials.aws_access_key_id'), [
      'dlt.sources.filesystem.credentials.aws_access_key_id',
      'SOURCES__FILESYSTEM__CREDENTIALS__AWS_ACCESS_KEY_ID',
    ]);
    assert.deepEqual(variablesOfSecret('OPENAI_API_KEY'), ['OPENAI_API_KEY']);
  });

  it('package what the source globs match, folders included', () => {
    const files = ['Towerfile', 'main.py', 'lib/a.py', 'lib/b/c.py', 'notes.md', 'pyproject.toml'];
    assert.deepEqual(packagedFiles(files, []), files.slice(1));
    assert.deepEqual(packagedFiles(files, ['./main.py', './lib', './*.toml']), ['main.py', 'lib/a.py', 'lib/b/c.py', 'pyproject.toml']);
    assert.deepEqual(packagedFiles(files, ['./**/*.py']), ['main.py', 'lib/a.py', 'lib/b/c.py']);
  });
});

/** A page in the shape check-all gives to checkPageApps. */
const page = (file: string, text: string) => ({file, text, ...scanMarkdown(text)});

const APP_PAGE = (requirements: string, code: string[], towerfileMeta = '') =>
  lines(
    '# Guide',
    '',
    '## Build the app',
    '',
    `${FENCE}toml title="Towerfile" app="prices"${towerfileMeta}`,
    '[app]',
    'name = "prices"',
    'script = "./task.py"',
    '',
    '[[parameters]]',
    'name = "KEEP_DAYS"',
    'default = "30"',
    FENCE,
    '',
    requirements,
    '',
    `${FENCE}python title="task.py" app="prices"`,
    ...code,
    FENCE,
    '',
    '## Elsewhere',
    '',
    `${FENCE}bash`,
    'tower secrets create --name=WAREHOUSE_URL --value="$URL"',
    FENCE,
  );

const SHOWN = lines('Its requirements:', '', `${FENCE}text title="requirements.txt" app="prices"`, 'tower[iceberg]', FENCE);
const CODE = ['import os', 'import polars as pl', 'import tower', '', 'keep = int(tower.parameter("KEEP_DAYS"))', 'url = os.environ["WAREHOUSE_URL"]'];

describe('apps a page declares (app="name" on its fences)', () => {
  const checkPage = (text: string, file = 'docs/guide.md') => checkPageApps([page(file, text)], PYTHON);

  it('accept imports installed by the requirements shown (extras included) and read parameters and secrets that exist', () => {
    const report = checkPage(APP_PAGE(SHOWN, CODE));
    assert.deepEqual(where(report.problems), []);
    assert.equal(report.apps, 1);
  });

  it('accept requirements given on the Towerfile fence', () => {
    assert.deepEqual(where(checkPage(APP_PAGE('Then the code:', CODE, ' requirements="tower[iceberg]"')).problems), []);
    rejects(
      checkPage(APP_PAGE('Then the code:', CODE, ' requirements="tower"')).problems,
      'docs/guide.md:19',
      /app prices imports polars, but the requirements on the Towerfile fence at line 5 do not install polars/,
    );
  });

  it('reject an import that the dependency file shown does not install', () => {
    rejects(
      checkPage(APP_PAGE(SHOWN.replace('tower[iceberg]', 'tower'), CODE)).problems,
      'docs/guide.md:24',
      /app prices imports polars, but the requirements\.txt shown at line 17 does not install polars/,
    );
  });

  it('reject an import when no page shows or gives the dependency file, whatever the prose says', () => {
    const problems = checkPage(APP_PAGE('Its `requirements.txt` holds one line, `tower[iceberg]`.', CODE)).problems;
    assert.deepEqual(
      where(problems).map((p) => p.replace(/, but no page.*: list/, ': list')),
      [
        'docs/guide.md:19: app prices imports polars: list polars in a pyproject.toml or requirements.txt',
        'docs/guide.md:20: app prices imports tower: list tower in a pyproject.toml or requirements.txt',
      ],
    );
    assert.match(
      problems[0].message,
      /no page shows its dependency file \(a fence titled requirements\.txt or pyproject\.toml with app="prices"\) and its Towerfile fence has no requirements=/,
    );
  });

  it('reject a parameter the Towerfile does not declare, with a suggestion', () => {
    rejects(
      checkPage(APP_PAGE(SHOWN, [...CODE, 'day = tower.parameter("KEEP_DAY")'])).problems,
      'docs/guide.md:29',
      /tower\.parameter\("KEEP_DAY"\) reads a parameter that the Towerfile of prices does not declare \(did you mean "KEEP_DAYS"\?\)/,
    );
  });

  it('reject an environment variable that is neither declared nor created as a secret on the page', () => {
    const text = APP_PAGE(SHOWN, CODE).replace('--name=WAREHOUSE_URL', '--name=WAREHOUSE');
    rejects(
      checkPage(text).problems,
      'docs/guide.md:28',
      /reads the environment variable WAREHOUSE_URL, which is neither a parameter of its Towerfile nor a secret created on docs\/guide\.md/,
    );
  });

  it('check only the fences that say so: other Python, and code that does not parse, are left to the other checks', () => {
    const text = APP_PAGE(SHOWN, ['import polars as pl', 'def broken(:']).replace('## Elsewhere', '## Elsewhere\n\n```python\nimport requests\n```');
    assert.deepEqual(where(checkPage(text).problems), []);
    const undeclared = APP_PAGE(SHOWN, [...CODE, 'import yfinance']).replace(/ app="prices"/g, '');
    assert.deepEqual(checkPage(undeclared), {problems: [], apps: 0});
  });

  it('treat a Python fence titled x.py as the module x of the app', () => {
    const text = APP_PAGE(SHOWN, [...CODE, 'import helpers']);
    rejects(checkPage(text).problems, 'docs/guide.md:29', /app prices imports helpers, but the requirements\.txt shown at line 17 does not install helpers/);
    const withModule = text.replace('## Elsewhere', lines('```python title="helpers.py" app="prices"', 'VALUE = 1', FENCE, '', '## Elsewhere'));
    assert.deepEqual(where(checkPage(withModule).problems), []);
  });

  it('use the dependency file shown for the same app on another page', () => {
    const first = page('docs/first.md', lines('# First', '', `${FENCE}text title="requirements.txt" app="prices"`, 'tower[iceberg]', FENCE));
    const next = page('docs/next.md', APP_PAGE('It is the app of the first guide.', CODE));
    assert.deepEqual(where(checkPageApps([first, next], PYTHON).problems), []);
    assert.equal(checkPageApps([next], PYTHON).problems.length, 2, 'without the first guide, polars and tower are not installed');
  });

  it('reject declarations that do not add up, on the fence', () => {
    const cases: [string, string, RegExp][] = [
      [
        APP_PAGE(SHOWN, CODE).replace('name = "prices"', 'name = "costs"'),
        'docs/guide.md:5',
        /the fence says app="prices", but the Towerfile's \[app\] name is "costs"/,
      ],
      [
        APP_PAGE(SHOWN, CODE).replace('toml title="Towerfile" app="prices"', 'toml title="Towerfile"'),
        'docs/guide.md:17',
        /no page has a Towerfile with app="prices"/,
      ],
      [
        APP_PAGE(SHOWN, CODE).replace('```bash', '```bash app="prices"'),
        'docs/guide.md:33',
        /marks an app's Towerfile, its Python code or its dependency file.*this bash block is none of them/,
      ],
      [
        APP_PAGE(SHOWN, CODE).replace('python title="task.py" app="prices"', 'python app="prices" fragment="excerpt"'),
        'docs/guide.md:5',
        /app prices has no Python code on this page/,
      ],
      [
        APP_PAGE('', CODE, ' requirements="tower[iceberg]"')
          .replace('Its requirements:', '')
          .replace('## Elsewhere', SHOWN + '\n\n## Elsewhere'),
        'docs/guide.md:5',
        /shows its requirements\.txt at line \d+: remove requirements=/,
      ],
    ];
    for (const [text, at, message] of cases) {
      const problems = checkPage(text).problems.filter((p) => !/fragment cannot be code|no Towerfile on this page/.test(p.message));
      rejects(problems, at, message);
    }
    const nameless = checkPage(APP_PAGE(SHOWN, CODE).replace(/app="prices"/g, 'app')).problems;
    assert.deepEqual(
      nameless.map((p) => p.line),
      [5, 17, 22],
    );
    for (const problem of nameless) assert.match(problem.message, /^app= needs the app's name, as in its Towerfile: app="my-app"$/);
  });
});
