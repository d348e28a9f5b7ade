import {describe, it} from 'node:test';
import assert from 'node:assert/strict';
import {chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {extractBlocks, fenceProblems, scanMarkdown} from '../../scripts/samples/extract-blocks';
import {checkPythonDocuments} from '../../scripts/samples/check-python';
import {checkTomlBlocks, isTowerfileBlock} from '../../scripts/samples/check-towerfile';
import {createTowerfileRules} from '../../src/towerfile/rules-node';
import {checkTowerArgs, CliIndex, shellCommands, type CliManifest} from '../../lib/tower-cli';
import {checkShellBlocks} from '../../scripts/samples/check-cli';
import {checkCliReference, checkSdkReference, checkTowerfileReference, towerfileHeadingNames, type SdkManifest} from '../../scripts/samples/check-references';
import {checkSamples, checkSamplesWithDiagrams} from '../../scripts/samples/check-all';
import {closest} from '../../lib/suggest';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SCHEMA = JSON.parse(readFileSync(path.join(REPO, 'data/towerfile.schema.json'), 'utf8')) as object;

const FENCE = '```';

/** Builds a Markdown document from lines (keeps the tests readable without nested template fences). */
const md = (...lines: string[]) => lines.join('\n');

// A small CLI manifest in the real format, so the CLI tests do not depend on data/cli-manifest.json.
const CLI: CliManifest = {
  cliVersion: '0.0.0-test',
  globalFlags: [
    {long: '--json', short: '-j', value: null},
    {long: '--tower-url', short: '-u', value: 'URL'},
    {long: '--help', short: '-h', value: null},
  ],
  commands: [
    {path: 'login', group: false, hidden: false, args: [], flags: [{long: '--no-browser', short: '-n', value: null, repeatable: false}]},
    {path: 'apps', group: true, hidden: false, args: [], flags: []},
    {path: 'apps list', group: false, hidden: false, args: [], flags: [{long: '--environment', short: '-e', value: 'ENV', repeatable: false}]},
    {
      path: 'apps logs',
      group: false,
      hidden: false,
      args: [
        {name: 'app_name', required: true},
        {name: 'run_number', required: false},
      ],
      flags: [{long: '--follow', short: '-f', value: null, repeatable: false}],
    },
    {path: 'apps delete', group: false, hidden: false, args: [{name: 'app_name', required: true}], flags: [], aliases: ['rm']},
    {
      path: 'run',
      group: false,
      hidden: false,
      args: [{name: 'app_name', required: false}],
      flags: [
        {long: '--local', short: null, value: null, repeatable: false},
        {long: '--environment', short: '-e', value: 'ENV', repeatable: false},
        {long: '--parameter', short: '-p', value: 'KEY=VALUE', repeatable: true},
        {long: '--detached', short: '-d', value: null, repeatable: false},
      ],
    },
    {path: 'package', group: false, hidden: true, args: [], flags: [{long: '--output', short: '-o', value: 'PATH', repeatable: false, required: true}]},
    {path: 'secrets', group: true, hidden: false, args: [], flags: []},
    {
      path: 'secrets create',
      group: false,
      hidden: false,
      args: [],
      flags: [
        {long: '--name', short: '-n', value: 'NAME', repeatable: false, required: true},
        {long: '--value', short: '-v', value: 'VALUE', repeatable: false, required: true},
        {long: '--environment', short: '-e', value: 'ENV', repeatable: false},
      ],
    },
    {
      path: 'deploy',
      group: false,
      hidden: false,
      args: [],
      flags: [
        {long: '--environment', short: '-e', value: 'ENV', repeatable: false, conflictsWith: ['--all']},
        {long: '--all', short: null, value: null, repeatable: false, conflictsWith: ['--environment']},
        {long: '--idempotency-key', short: null, value: 'KEY', repeatable: false, conflictsWith: ['--no-idempotency-key']},
        {long: '--no-idempotency-key', short: null, value: null, repeatable: false, conflictsWith: ['--idempotency-key']},
      ],
    },
    {path: 'help', group: false, hidden: false, args: [{name: 'command', required: false}], flags: []},
  ],
};
const INDEX = new CliIndex(CLI);
/** Every command of the test manifest a CLI reference page must document, as heading text. */
const CLI_HEADINGS = CLI.commands.filter((c) => !c.hidden).map((c) => `tower ${c.path}`);

const tower = (line: string) => checkTowerArgs(line.split(' ').slice(1), INDEX);

function shellProblems(code: string, lang = 'bash') {
  return checkShellBlocks(extractBlocks(md(`${FENCE}${lang}`, code, FENCE)), INDEX).problems;
}

function pythonProblems(markdown: string) {
  return checkPythonDocuments([{file: 'page.md', blocks: extractBlocks(markdown)}]).problems;
}

const RULES = createTowerfileRules(SCHEMA);
function tomlProblems(markdown: string) {
  return checkTomlBlocks(extractBlocks(markdown), RULES).problems;
}

const towerfile = (...lines: string[]) => md(`${FENCE}toml title="Towerfile"`, ...lines, FENCE);

describe('the fences themselves', () => {
  it('reports a fence without a language, a fence that is never closed and an indented code block, on the first line', () => {
    const page = scanMarkdown(
      md('# Page', '', FENCE, 'plain', FENCE, '~~~', 'tilde', '~~~', `${FENCE}text`, 'ok', FENCE, '', '    indented', '', `${FENCE}bash`, 'tower login'),
    );
    assert.deepEqual(fenceProblems(page), [
      {line: 3, message: 'code block has no language: write one after the opening fence, for example ```text for plain output'},
      {line: 6, message: 'code block has no language: write one after the opening fence, for example ```text for plain output'},
      {line: 15, message: 'code fence is never closed'},
      {line: 13, message: 'indented code block: write it as a fenced block with a language (```text for plain output)'},
    ]);
    // a bare fence shown inside a longer fence is content, not a block of the page
    assert.deepEqual(fenceProblems(scanMarkdown(md('````markdown', FENCE, 'x', FENCE, '````'))), []);
  });

  it('lower-cases the language, so every check compares with lower-case names', () => {
    assert.equal(extractBlocks(md(`${FENCE}Python`, 'x = 1', FENCE))[0].lang, 'python');
  });
});

describe('python blocks', () => {
  it('accepts code that compiles', () => {
    assert.deepEqual(pythonProblems(md(`${FENCE}python`, 'import tower', '', 'def main():', '    return tower.parameter("X")', FENCE)), []);
  });

  it('rejects a syntax error and reports its line in the document', () => {
    const problems = pythonProblems(md('text', `${FENCE}python`, 'x = 1', 'def broken(:', '    pass', FENCE));
    assert.equal(problems.length, 1);
    assert.equal(problems[0].file, 'page.md');
    assert.equal(problems[0].line, 4);
    assert.match(problems[0].message, /python does not compile/);
  });

  it('rejects top-level await, which ast.parse alone would accept', () => {
    const problems = pythonProblems(md(`${FENCE}python`, 'result = await fetch()', FENCE));
    assert.equal(problems.length, 1);
    assert.match(problems[0].message, /await/);
  });

  it('skips a fragment that gives a reason', () => {
    assert.deepEqual(pythonProblems(md(`${FENCE}python fragment="runs inside an async function"`, 'await fetch()', FENCE)), []);
  });

  it('rejects a fragment without a reason', () => {
    for (const meta of ['fragment', 'fragment=""', 'fragment="  "']) {
      const problems = pythonProblems(md(`${FENCE}python ${meta}`, 'x = 1', FENCE));
      assert.equal(problems.length, 1, meta);
      assert.match(problems[0].message, /fragment without a reason/);
      assert.equal(problems[0].line, 1);
    }
  });

  it('uses one python3 process for all blocks of all documents', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'py-count-'));
    try {
      const counter = path.join(dir, 'calls');
      const wrapper = path.join(dir, 'python');
      writeFileSync(wrapper, `#!/bin/sh\necho x >> "${counter}"\nexec python3 "$@"\n`);
      chmodSync(wrapper, 0o755);
      const doc = (file: string) => ({file, blocks: extractBlocks(md(`${FENCE}python`, 'a = 1', FENCE, `${FENCE}py`, 'b = (', FENCE))});
      const result = checkPythonDocuments([doc('a.md'), doc('b.md')], wrapper);
      assert.equal(result.parsed, 4);
      assert.deepEqual(
        result.problems.map((p) => `${p.file}:${p.line}`),
        ['a.md:5', 'b.md:5'],
      );
      assert.equal(readFileSync(counter, 'utf8').trim().split('\n').length, 1);
    } finally {
      rmSync(dir, {recursive: true, force: true});
    }
  });
});

describe('TOML blocks and Towerfiles', () => {
  it('accepts valid TOML that is not a Towerfile, whatever its keys', () => {
    assert.deepEqual(tomlProblems(md(`${FENCE}toml title="pyproject.toml"`, '[project]', 'name = "x"', 'dependencies = ["polars"]', FENCE)), []);
  });

  it('rejects TOML that does not parse, on the right line', () => {
    const problems = tomlProblems(md('intro', `${FENCE}toml`, '[project]', 'name = "x', FENCE));
    assert.equal(problems.length, 1);
    assert.equal(problems[0].line, 4);
    assert.match(problems[0].message, /TOML does not parse/);
  });

  it('accepts a minimal and a complete Towerfile', () => {
    assert.deepEqual(tomlProblems(towerfile('[app]', 'name = "hello"', 'script = "./hello.py"')), []);
    assert.deepEqual(
      tomlProblems(
        towerfile(
          '[app]',
          'name = "orders-sync"',
          'script = "./sync.py"',
          'description = "Copies orders"',
          'source = ["./sync.py", "./pyproject.toml"]',
          'import_paths = ["../common"]',
          'schedule = ""',
          '',
          '[[parameters]]',
          'name = "SINCE_DAYS"',
          'description = "Days back"',
          'default = "1"',
          '',
          '[[parameters]]',
          'name = "TOKEN"',
          'hidden = true',
        ),
      ),
      [],
    );
  });

  it('recognises Towerfile blocks by title or by the bare word towerfile', () => {
    const [a, b, c, d] = extractBlocks(
      md(
        `${FENCE}toml title="Towerfile"`,
        FENCE,
        `${FENCE}toml title="orders-sync/Towerfile"`,
        FENCE,
        `${FENCE}toml towerfile`,
        FENCE,
        `${FENCE}toml title="pyproject.toml"`,
        FENCE,
      ),
    );
    assert.deepEqual([a, b, c, d].map(isTowerfileBlock), [true, true, true, false]);
  });

  it('reports Towerfile problems with their key path, on the line of the key', () => {
    const problems = tomlProblems(md('intro', towerfile('[app]', 'name = "x"', 'script = "main.py"', 'scirpt_args = "y"')));
    assert.equal(problems.length, 1);
    assert.equal(problems[0].line, 6);
    assert.match(problems[0].message, /^Towerfile app\.scirpt_args: Unknown key "scirpt_args" in \[app\]/);
  });

  it('adds the suggestion, and fails on warnings as well as errors', () => {
    const problems = tomlProblems(towerfile('[app]', 'name = "x"', 'script = "main.py"', 'sources = []', '', '[build]', 'python = "3.11"'));
    assert.deepEqual(
      problems.map((p) => [p.line, p.message]),
      [
        [5, 'Towerfile app.sources: Unknown key "sources" in [app]: Tower ignores it, so it has no effect. (did you mean "source"?)'],
        [7, 'Towerfile build: Unknown table [build]: Tower ignores it, so it has no effect.'],
      ],
    );
  });

  it('puts a problem of the whole file on the fence line', () => {
    const problems = tomlProblems(md('intro', towerfile('[[parameters]]', 'name = "A"')));
    assert.deepEqual(
      problems.map((p) => [p.line, p.message]),
      [[2, 'Towerfile app: The [app] table is missing. Every Towerfile needs one, with "name" and "script".']],
    );
  });
});

describe('shell blocks: splitting into commands', () => {
  it('joins continuations, strips prompts and comments, splits on && ; |', () => {
    const commands = shellCommands(
      md(
        '# set up',
        '$ tower apps list \\',
        '    --environment prod   # only prod',
        'cd app && tower run; tower apps list | grep x',
        'echo "a; b && tower nope" # quoted',
      ),
    );
    assert.deepEqual(commands, [
      {offset: 1, words: ['tower', 'apps', 'list', '--environment', 'prod']},
      {offset: 3, words: ['cd', 'app']},
      {offset: 3, words: ['tower', 'run']},
      {offset: 3, words: ['tower', 'apps', 'list']},
      {offset: 3, words: ['grep', 'x']},
      {offset: 4, words: ['echo', 'a; b && tower nope']},
    ]);
  });

  it('keeps # inside a word, drops redirections and env assignments, skips heredoc bodies', () => {
    const commands = shellCommands(
      md('TOWER_API_KEY=sk-x tower apps logs my-app#3 > logs.txt 2>&1', "tower run <<'EOF'", 'tower this-is-input', 'EOF', 'tower apps logs <APP_NAME>'),
    );
    assert.deepEqual(
      commands.map((c) => c.words),
      [
        ['tower', 'apps', 'logs', 'my-app#3'],
        ['tower', 'run'],
        ['tower', 'apps', 'logs', '<APP_NAME>'],
      ],
    );
  });

  it('finds commands after shell keywords', () => {
    const commands = shellCommands('for env in staging prod; do tower deploy -e "$env"; done');
    assert.deepEqual(
      commands.map((c) => c.words),
      [['for', 'env', 'in', 'staging', 'prod'], ['tower', 'deploy', '-e', '$env'], ['done']],
    );
  });

  it('checks command substitutions as commands of their own', () => {
    const commands = shellCommands('export RUN="$(tower run --detached --json)"');
    assert.deepEqual(
      commands.map((c) => c.words),
      [
        ['export', 'RUN=$(tower run --detached --json)'],
        ['tower', 'run', '--detached', '--json'],
      ],
    );
  });

  it('in a console block with prompts, treats unprompted lines as output', () => {
    const commands = shellCommands(md('$ tower apps list', 'tower-demo  No description'), 'console');
    assert.deepEqual(
      commands.map((c) => c.words),
      [['tower', 'apps', 'list']],
    );
  });
});

describe('shell blocks: tower commands', () => {
  it('accepts real commands, flags in every form, global flags and placeholders', () => {
    for (const line of [
      'tower login',
      'tower login -n',
      'tower apps',
      'tower apps list --environment prod',
      'tower apps list --environment=prod',
      'tower apps list -e prod',
      'tower apps list -eprod',
      'tower --json apps list',
      'tower apps list -j',
      'tower -u https://example.test login',
      'tower apps logs my-app#3 --follow',
      'tower apps logs my-app 3 -f',
      'tower apps logs <APP_NAME>',
      'tower apps rm my-app',
      'tower run',
      'tower run my-app --local -p A=1 -p B=2 --parameter=C=3',
      'tower run -dj',
      'tower run -- -not-a-flag',
      'tower package -o out.tar.gz',
      'tower secrets create --name A --value "$A"',
      'tower secrets create -n A -v "$A" -e staging',
      'tower secrets create --help',
      'tower deploy --all --no-idempotency-key',
      'tower deploy -e staging --idempotency-key "$SHA"',
      'tower help apps logs',
      'tower apps --help',
      'tower apps logs --help',
      'tower --help',
    ]) {
      assert.deepEqual(tower(line), [], line);
    }
  });

  it('rejects an unknown command and suggests the closest one', () => {
    assert.deepEqual(tower('tower app list'), ['unknown command "tower app" (did you mean "tower apps"?)']);
    assert.deepEqual(tower('tower apps lst'), ['unknown command "tower apps lst" (did you mean "tower apps list"?)']);
    assert.deepEqual(tower('tower schedules'), ['unknown command "tower schedules"']);
    assert.deepEqual(tower('tower help aps'), ['"tower help" names an unknown command "tower aps"']);
    assert.deepEqual(tower('tower'), ['"tower" needs a command, e.g. "tower apps list"']);
  });

  it('rejects an unknown flag and suggests the closest one', () => {
    assert.deepEqual(tower('tower run --param A=1'), ['unknown flag --param for "tower run" (did you mean --parameter?)']);
    assert.deepEqual(tower('tower run --enviroment prod'), ['unknown flag --enviroment for "tower run" (did you mean --environment?)']);
    assert.deepEqual(tower('tower apps list --all'), ['unknown flag --all for "tower apps list"']);
    assert.deepEqual(tower('tower apps list -x'), ['unknown flag -x for "tower apps list"']);
    // a command's own flag is not accepted before the command is named
    assert.deepEqual(tower('tower --local run'), ['unknown flag --local']);
  });

  it('rejects a flag that is missing its value', () => {
    assert.deepEqual(tower('tower apps list --environment'), ['flag --environment of "tower apps list" needs a value (--environment <ENV>)']);
    assert.deepEqual(tower('tower run -e --local'), ['flag -e of "tower run" needs a value (-e <ENV>)']);
    assert.deepEqual(tower('tower run -p'), ['flag -p of "tower run" needs a value (-p <KEY=VALUE>)']);
  });

  it('rejects a value on a switch', () => {
    assert.deepEqual(tower('tower run --local=true'), ['flag --local of "tower run" is a switch and takes no value (got "true")']);
    assert.deepEqual(tower('tower login -n=yes'), ['flag -n of "tower login" is a switch and takes no value (got "yes")']);
  });

  it('rejects too many positional arguments and missing required ones', () => {
    assert.deepEqual(tower('tower apps list extra'), ['too many arguments for "tower apps list": it takes no arguments; unexpected: extra']);
    assert.deepEqual(tower('tower apps logs a 1 2'), ['too many arguments for "tower apps logs": it takes at most 2 (<app_name> [run_number]); unexpected: 2']);
    assert.deepEqual(tower('tower apps delete'), ['"tower apps delete" needs the argument <app_name>']);
  });

  it('rejects a non-repeatable flag given twice', () => {
    assert.deepEqual(tower('tower run -e a -e b'), ['flag -e of "tower run" can be given only once']);
  });

  it('rejects a command that leaves out a required flag, naming the flag', () => {
    assert.deepEqual(tower('tower secrets create --name A'), ['"tower secrets create" is missing the required flag --value <VALUE>']);
    assert.deepEqual(tower('tower secrets create -e staging'), [
      '"tower secrets create" is missing the required flag --name <NAME>',
      '"tower secrets create" is missing the required flag --value <VALUE>',
    ]);
    assert.deepEqual(tower('tower package'), ['"tower package" is missing the required flag --output <PATH>']);
  });

  it('rejects flags that cannot be combined, in long and short form, once per pair', () => {
    assert.deepEqual(tower('tower deploy --environment staging --all'), ['flags --environment and --all of "tower deploy" cannot be used together']);
    assert.deepEqual(tower('tower deploy --all -e production'), ['flags --all and -e (--environment) of "tower deploy" cannot be used together']);
    assert.deepEqual(tower('tower deploy --all -e production --idempotency-key=k --no-idempotency-key'), [
      'flags --all and -e (--environment) of "tower deploy" cannot be used together',
      'flags --idempotency-key and --no-idempotency-key of "tower deploy" cannot be used together',
    ]);
  });

  it('refuses a manifest whose conflicts name an unknown flag or are declared on one side only', () => {
    const withFlags = (flags: CliManifest['commands'][number]['flags']): CliManifest => ({
      globalFlags: [],
      commands: [{path: 'deploy', group: false, hidden: false, args: [], flags}],
    });
    assert.throws(
      () => new CliIndex(withFlags([{long: '--all', short: null, value: null, conflictsWith: ['--environmnt']}])),
      /data\/cli-manifest.json: flag --all of "tower deploy" conflicts with --environmnt, which "tower deploy" does not have/,
    );
    assert.throws(
      () =>
        new CliIndex(
          withFlags([
            {long: '--all', short: null, value: null, conflictsWith: ['--environment']},
            {long: '--environment', short: '-e', value: 'ENV'},
          ]),
        ),
      /flag --all of "tower deploy" conflicts with --environment, but --environment does not list --all in its conflictsWith/,
    );
  });

  it('reports problems on the document line of the command, in every shell language', () => {
    for (const lang of ['bash', 'sh', 'shell', 'zsh', 'console']) {
      const problems = shellProblems(md('tower apps list', 'tower apps lst'), lang);
      assert.deepEqual(
        problems.map((p) => p.line),
        [3],
        lang,
      );
    }
  });

  it('ignores commands that are not tower and blocks that are not shell', () => {
    assert.deepEqual(shellProblems(md('pip install -U tower', 'echo tower nonsense', 'towerx run')), []);
    assert.deepEqual(checkShellBlocks(extractBlocks(md(`${FENCE}text`, 'tower nonsense', FENCE)), INDEX).problems, []);
  });
});

describe('reference pages agree with their manifests', () => {
  const cliPage = (...headings: string[]) => md('---', 'title: Tower CLI', '---', '# Tower CLI', ...headings.map((h) => `### \`${h}\``));
  const allCli = CLI_HEADINGS;

  it('accepts a CLI page with one heading per command (hidden ones optional)', () => {
    assert.deepEqual(checkCliReference(cliPage(...allCli), CLI), []);
    assert.deepEqual(checkCliReference(cliPage('tower', ...allCli, 'tower package'), CLI), []);
  });

  it('reports a command missing on the page', () => {
    const problems = checkCliReference(cliPage(...allCli.filter((c) => c !== 'tower apps logs')), CLI);
    assert.deepEqual(
      problems.map((p) => [p.file, p.line, p.message]),
      [
        [
          'docs/reference/tower-cli.md',
          1,
          'missing on page: command `tower apps logs` from data/cli-manifest.json has no heading whose whole text is `tower apps logs`',
        ],
      ],
    );
  });

  it('reports a page documenting a command that is not in the manifest', () => {
    const problems = checkCliReference(cliPage(...allCli, 'tower apps show'), CLI);
    assert.equal(problems.length, 1);
    assert.equal(problems[0].line, 5 + allCli.length);
    assert.match(problems[0].message, /^missing in manifest: the page documents command `tower apps show`, which data\/cli-manifest.json does not have/);
  });

  it('reports a command with two headings and ignores other headings', () => {
    const page = md(cliPage(...allCli, 'tower run'), '## Global flags', '### `--json`', '### Run `tower run` locally');
    assert.deepEqual(
      checkCliReference(page, CLI).map((p) => p.message),
      ['command `tower run` has a second heading (first on line 10)'],
    );
  });

  it('reports a command heading that the table of contents leaves out (it shows levels 2 and 3)', () => {
    const page = md('# Tower CLI', ...allCli.map((h) => `${h === 'tower apps logs' ? '####' : '##'} \`${h}\``));
    assert.deepEqual(
      checkCliReference(page, CLI).map((p) => [p.line, p.message]),
      [
        [
          2 + allCli.indexOf('tower apps logs'),
          'command `tower apps logs` is a level-4 heading, so the table of contents (levels 2 to 3) leaves it out: make it ## or ###',
        ],
      ],
    );
    const deeper = md('---', 'title: Tower CLI', 'toc_max_heading_level: 4', '---', page.replace('# Tower CLI\n', ''));
    assert.deepEqual(checkCliReference(deeper, CLI), []);
    const shallower = md('---', 'toc_min_heading_level: 3', '---', '## `tower login`');
    assert.match(
      checkCliReference(shallower, CLI)[0].message,
      /`tower login` is a level-2 heading, so the table of contents \(levels 3 to 3\) leaves it out: make it ###/,
    );
  });

  const SDK: SdkManifest = {sdkVersion: '0.0.0-test', entries: [{name: 'tower.run_app'}, {name: 'tower.tables.Table.insert'}]};

  it('reports an SDK method heading that the table of contents leaves out', () => {
    const problems = checkSdkReference(md('## `tower.run_app`', '#### `tower.tables.Table.insert`'), SDK);
    assert.deepEqual(
      problems.map((p) => [p.line, p.message]),
      [[2, 'SDK entry `tower.tables.Table.insert` is a level-4 heading, so the table of contents (levels 2 to 3) leaves it out: make it ## or ###']],
    );
  });

  it('compares SDK headings with manifest entries both ways', () => {
    assert.deepEqual(checkSdkReference(md('## `tower.run_app`', '### `tower.tables.Table.insert`'), SDK), []);
    const problems = checkSdkReference(md('## `tower.run_ap`', 'Text with `tower.tables.Table.insert` is not a heading.'), SDK);
    assert.deepEqual(
      problems.map((p) => p.message.split(':')[0]),
      ['missing in manifest', 'missing on page', 'missing on page'],
    );
    assert.match(problems[0].message, /did you mean `tower.run_app`\?/);
  });

  it('derives Towerfile sections and key paths from the schema', () => {
    assert.deepEqual(towerfileHeadingNames(SCHEMA), {
      sections: ['[app]', '[[parameters]]'],
      keys: [
        'app.name',
        'app.script',
        'app.source',
        'app.description',
        'app.import_paths',
        'app.schedule',
        'parameters[].name',
        'parameters[].description',
        'parameters[].default',
        'parameters[].hidden',
      ],
    });
    const nested = {properties: {a: {$ref: '#/$defs/a'}}, $defs: {a: {type: 'object', properties: {b: {type: 'object', properties: {c: {}}}}}}};
    assert.deepEqual(towerfileHeadingNames(nested), {sections: ['[a]'], keys: ['a.b', 'a.b.c']});
  });

  it('compares Towerfile headings with the schema both ways', () => {
    const {sections, keys} = towerfileHeadingNames(SCHEMA);
    const page = (names: string[]) => md('# Towerfile', ...names.map((n) => `### \`${n}\``));
    assert.deepEqual(checkTowerfileReference(page([...sections, ...keys, 'Towerfile']), SCHEMA), []);
    const problems = checkTowerfileReference(page([...sections, ...keys.filter((k) => k !== 'app.source'), 'app.workspace']), SCHEMA);
    assert.deepEqual(
      problems.map((p) => p.message.split(':')[0]),
      ['missing in manifest', 'missing on page'],
    );
    assert.match(problems[1].message, /`app.source`/);
  });
});

describe('checkSamples on a repository checkout', () => {
  it('checks every docs page except the API reference and reports file:line problems', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'samples-'));
    try {
      const write = (rel: string, text: string) => {
        mkdirSync(path.dirname(path.join(root, rel)), {recursive: true});
        writeFileSync(path.join(root, rel), text);
      };
      write('data/cli-manifest.json', JSON.stringify(CLI));
      write('data/towerfile.schema.json', JSON.stringify(SCHEMA));
      write(
        'docs/guide.md',
        md(
          '# Guide',
          `${FENCE}bash`,
          'tower apps lst',
          FENCE,
          `${FENCE}python`,
          'def f(:',
          FENCE,
          `${FENCE}toml title="Towerfile"`,
          '[app]',
          'name = "x"',
          FENCE,
        ),
      );
      write('docs/nested/page.mdx', md('# Fine', `${FENCE}bash`, 'tower apps list', FENCE));
      write('docs/reference/api/run-app.md', md(`${FENCE}bash`, 'tower not-checked', FENCE));
      write('docs/reference/tower-cli.md', md('# Tower CLI', ...CLI_HEADINGS.map((h) => `## \`${h}\``)));

      const {problems, stats} = checkSamples({root});
      assert.deepEqual(
        problems.map((p) => `${p.file}:${p.line}`),
        ['data/sdk-manifest.json:1', 'docs/guide.md:3', 'docs/guide.md:6', 'docs/guide.md:9', 'docs/reference/tower-sdk.md:1', 'docs/reference/towerfile.md:1'],
      );
      assert.match(problems[0].message, /file does not exist/);
      assert.match(problems[3].message, /^Towerfile app\.script: \[app\] is missing "script"/);
      assert.match(problems[4].message, /reference page does not exist/);
      assert.equal(stats.files, 3);
      assert.equal(stats.towerCommands, 2);
      assert.equal(stats.referencePages, 1);

      const only = checkSamples({root, files: ['docs/nested/page.mdx']});
      assert.deepEqual(
        only.problems.map((p) => p.file),
        ['data/sdk-manifest.json'],
      );
    } finally {
      rmSync(root, {recursive: true, force: true});
    }
  });

  it('requires the CLI and SDK manifests to describe the same tower version', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'samples-'));
    try {
      mkdirSync(path.join(root, 'data'));
      writeFileSync(path.join(root, 'data/cli-manifest.json'), JSON.stringify({...CLI, cliVersion: '0.3.70'}));
      writeFileSync(path.join(root, 'data/sdk-manifest.json'), JSON.stringify({sdkVersion: '0.3.71', entries: []}));
      writeFileSync(path.join(root, 'data/towerfile.schema.json'), JSON.stringify(SCHEMA));
      const {problems} = checkSamples({root, files: []});
      assert.deepEqual(
        problems.map((p) => `${p.file}:${p.line}: ${p.message}`),
        ['data/sdk-manifest.json:1: sdkVersion 0.3.71 differs from cliVersion 0.3.70 in data/cli-manifest.json (the tower package ships both)'],
      );
    } finally {
      rmSync(root, {recursive: true, force: true});
    }
  });
});

describe('diagram fences', () => {
  it('accepts a dot fence that renders and reports one that does not, or lacks its text, at its line', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'samples-'));
    try {
      mkdirSync(path.join(root, 'docs'), {recursive: true});
      writeFileSync(
        path.join(root, 'docs/flow.md'),
        md(
          '# Flow',
          `${FENCE}dot title="Fine" description="A goes to B."`,
          'digraph { a -> b }',
          FENCE,
          `${FENCE}dot title="Broken" description="It does not parse."`,
          'digraph {',
          '  a -> ',
          '}',
          FENCE,
          `${FENCE}dot title="Silent"`,
          'digraph { a }',
          FENCE,
        ),
      );
      const {problems, stats} = await checkSamplesWithDiagrams({root, files: ['docs/flow.md']});
      const diagramProblems = problems.filter((p) => p.file === 'docs/flow.md');
      assert.deepEqual(
        diagramProblems.map((p) => p.line),
        [8, 10],
      );
      assert.match(diagramProblems[0].message, /diagram "Broken" does not render: syntax error/);
      assert.match(diagramProblems[1].message, /needs a description/);
      assert.equal(stats.diagrams, 1);
    } finally {
      rmSync(root, {recursive: true, force: true});
    }
  });
});

describe('the real CLI manifest', () => {
  const real = new CliIndex(JSON.parse(readFileSync(path.join(REPO, 'data/cli-manifest.json'), 'utf8')) as CliManifest);
  const check = (line: string) => checkTowerArgs(line.split(' ').slice(1), real);

  it('knows the required flags of tower-cli 0.3.70', () => {
    assert.deepEqual(check('tower apps create --description x'), ['"tower apps create" is missing the required flag --name <NAME>']);
    assert.deepEqual(check('tower secrets create --name A'), ['"tower secrets create" is missing the required flag --value <VALUE>']);
    assert.deepEqual(check('tower schedules create --app a'), ['"tower schedules create" is missing the required flag --cron <EXPR>']);
    assert.deepEqual(check('tower schedules create -c x'), ['"tower schedules create" is missing the required flag --app <APP>']);
    assert.deepEqual(check('tower environments create'), ['"tower environments create" is missing the required flag --name <NAME>']);
    assert.deepEqual(check('tower environments delete'), ['"tower environments delete" is missing the required flag --name <NAME>']);
    assert.deepEqual(check('tower catalogs knowledge set lake n'), ['"tower catalogs knowledge set" is missing the required flag --statement <TEXT>']);
    assert.deepEqual(check('tower package'), ['"tower package" is missing the required flag --output <PATH>']);
  });

  it('knows the conflicting flags of tower-cli 0.3.70', () => {
    assert.deepEqual(check('tower catalogs list --storage --type x'), ['flags --storage and --type of "tower catalogs list" cannot be used together']);
    assert.deepEqual(check('tower deploy --all -e staging'), ['flags --all and -e (--environment) of "tower deploy" cannot be used together']);
    assert.deepEqual(check('tower deploy --idempotency-key k --no-idempotency-key'), [
      'flags --idempotency-key and --no-idempotency-key of "tower deploy" cannot be used together',
    ]);
    // not conflicts in clap, whatever a synopsis might suggest
    assert.deepEqual(check('tower catalogs list --all -e staging'), []);
    assert.deepEqual(check('tower secrets list --all -e staging'), []);
  });
});

describe('checkSamples reports the new kinds of bad sample with file and line', () => {
  it('a bare fence, a missing required flag and conflicting flags', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'samples-'));
    try {
      const write = (rel: string, text: string) => {
        mkdirSync(path.dirname(path.join(root, rel)), {recursive: true});
        writeFileSync(path.join(root, rel), text);
      };
      write('data/cli-manifest.json', readFileSync(path.join(REPO, 'data/cli-manifest.json'), 'utf8'));
      write(
        'docs/guide.md',
        md(
          '# Guide',
          FENCE,
          'some output',
          FENCE,
          `${FENCE}bash`,
          'tower secrets create --name API_TOKEN',
          'tower deploy --all --environment production',
          FENCE,
        ),
      );
      const {problems} = checkSamples({root, files: ['docs/guide.md']});
      assert.deepEqual(
        problems.filter((p) => p.file === 'docs/guide.md').map((p) => `${p.file}:${p.line}: ${p.message}`),
        [
          'docs/guide.md:2: code block has no language: write one after the opening fence, for example ```text for plain output',
          'docs/guide.md:6: "tower secrets create" is missing the required flag --value <VALUE>',
          'docs/guide.md:7: flags --all and --environment of "tower deploy" cannot be used together',
        ],
      );
    } finally {
      rmSync(root, {recursive: true, force: true});
    }
  });
});

describe('suggestions', () => {
  it('finds close names and prefixes, and nothing for distant ones', () => {
    assert.equal(closest('--param', ['--parameter', '--environment']), '--parameter');
    assert.equal(closest('lst', ['list', 'logs']), 'list');
    assert.equal(closest('deploy', ['apps', 'run']), undefined);
  });
});
