import {describe, it} from 'node:test';
import assert from 'node:assert/strict';
import {chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {extractBlocks, fenceProblems, scanMarkdown} from '../../scripts/samples/extract-blocks';
import {checkPythonDocuments} from '../../scripts/samples/check-python';
import {resolvePython} from '../../scripts/samples/python-analysis';
import {checkTomlBlocks, isTowerfileBlock} from '../../scripts/samples/check-towerfile';
import {createTowerfileRules} from '../../src/towerfile/rules-node';
import {CliIndex} from '../../lib/tower-cli';
import {checkShellBlocks} from '../../scripts/samples/check-cli';
import {checkCliReference, checkSdkReference, checkTowerfileReference, towerfileHeadingNames, type SdkManifest} from '../../scripts/samples/check-references';
import {apiOperationPages, checkSamples, checkSamplesWithDiagrams} from '../../scripts/samples/check-all';
import {closest} from '../../lib/suggest';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SCHEMA = JSON.parse(readFileSync(path.join(REPO, 'data/towerfile.schema.json'), 'utf8')) as object;

const FENCE = '```';

/** Builds a Markdown document from lines (keeps the tests readable without nested template fences). */
const md = (...lines: string[]) => lines.join('\n');

import {TEST_CLI as CLI} from './support/test-cli';
const INDEX = new CliIndex(CLI);
/** Every command of the test manifest a CLI reference page must document, as heading text. */
const CLI_HEADINGS = CLI.commands.filter((c) => !c.hidden).map((c) => `tower ${c.path}`);

function shellProblems(code: string, lang = 'bash') {
  return checkShellBlocks(extractBlocks(md(`${FENCE}${lang}`, code, FENCE)), INDEX).problems;
}

/** The interpreter behind `python3`, asked once as check-all asks it: a pyenv shim costs tens of milliseconds on every start. */
const PYTHON = resolvePython();

function pythonProblems(markdown: string) {
  return checkPythonDocuments([{file: 'page.md', blocks: extractBlocks(markdown)}], PYTHON).problems;
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

describe('shell blocks in the docs', () => {
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

      const {problems, stats} = checkSamples({root, python: PYTHON});
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

      const only = checkSamples({root, python: PYTHON, files: ['docs/nested/page.mdx']});
      assert.deepEqual(
        only.problems.map((p) => p.file),
        ['data/sdk-manifest.json'],
      );
    } finally {
      rmSync(root, {recursive: true, force: true});
    }
  });

  it('checks the generated pages it is given like pages (the API operation pages, rendered from the spec)', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'samples-'));
    try {
      mkdirSync(path.join(root, 'data'));
      writeFileSync(path.join(root, 'data/cli-manifest.json'), JSON.stringify(CLI));
      writeFileSync(path.join(root, 'data/towerfile.schema.json'), JSON.stringify(SCHEMA));
      const page = {file: 'docs/reference/api/run-app.mdx', text: md('# Run', `${FENCE}bash`, 'tower apps lst', FENCE, `${FENCE}python`, 'def f(:', FENCE)};
      const {problems, stats} = checkSamples({root, python: PYTHON, files: [], generated: [page]});
      assert.deepEqual(
        problems.filter((p) => p.file === page.file).map((p) => p.line),
        [3, 6],
      );
      assert.equal(stats.towerCommands, 1);
    } finally {
      rmSync(root, {recursive: true, force: true});
    }
    // A full run is handed every operation page, each with its tower command.
    const pages = await apiOperationPages(REPO);
    const spec = readFileSync(path.join(REPO, 'openapi/tower-api.yaml'), 'utf8');
    assert.equal(pages.length, spec.match(/^\s+operationId: /gm)!.length);
    for (const [, command] of spec.matchAll(/^\s+x-tower-cli: (.+)$/gm))
      assert.ok(
        pages.some((p) => p.text.includes(`\n${command}\n`)),
        command,
      );
  });

  it('requires the CLI and SDK manifests to describe the same tower version', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'samples-'));
    try {
      mkdirSync(path.join(root, 'data'));
      writeFileSync(path.join(root, 'data/cli-manifest.json'), JSON.stringify({...CLI, cliVersion: '0.3.70'}));
      writeFileSync(path.join(root, 'data/sdk-manifest.json'), JSON.stringify({sdkVersion: '0.3.71', entries: []}));
      writeFileSync(path.join(root, 'data/towerfile.schema.json'), JSON.stringify(SCHEMA));
      const {problems} = checkSamples({root, python: PYTHON, files: []});
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
      const {problems, stats} = await checkSamplesWithDiagrams({root, python: PYTHON, files: ['docs/flow.md']});
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

describe('checkSamples reports the new kinds of bad sample with file and line', () => {
  it('a bare fence, a missing required flag and conflicting flags, but not in what a command prints', () => {
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
          'What it prints, which is output and not checked:',
          `${FENCE}bash output`,
          'tower deploy --all --environment production',
          FENCE,
          `${FENCE}python output`,
          'def not python(:',
          FENCE,
        ),
      );
      const {problems} = checkSamples({root, python: PYTHON, files: ['docs/guide.md']});
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
