/**
 * Unit tests of the API reference on the real spec: code samples that parse,
 * the sidebar, generation that leaves no stale page behind, and builds that
 * stop with the file and line of a broken spec or front matter.
 */
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {after, before, describe, test} from 'node:test';
import type {LoadContext} from '@docusaurus/types';
import apiReferencePlugin from './index';
import {generateApiReference} from './generate';
import {mdxMarkdown} from './mdx';
import {loadApiModel, readApiOutline, type ApiModel} from './model';
import {checkedVersionSentence} from '../checked-version';
import {operationFacts} from './facts';
import {renderOperationMarkdown} from './render-markdown';
import {renderOperationPage} from './render-mdx';
import {codeSamples, pythonLiteral} from './samples';
import {SPEC_PATH, apiSidebarCategory} from './sidebar';
import {CLI_MANIFEST_FILE} from '../../src/constants';
import {absoluteLinks, codeBlock, inlineCode, shiftHeadings} from './text';

let model: ApiModel;
let site: string;

before(async () => {
  model = await loadApiModel(SPEC_PATH);
  site = mkdtempSync(path.join(os.tmpdir(), 'api-reference-'));
  mkdirSync(path.join(site, 'openapi'));
  mkdirSync(path.join(site, 'docs'));
  mkdirSync(path.join(site, 'data'));
  copyFileSync(SPEC_PATH, path.join(site, 'openapi', 'tower-api.yaml'));
  copyFileSync(path.join(path.dirname(SPEC_PATH), '..', CLI_MANIFEST_FILE), path.join(site, CLI_MANIFEST_FILE));
});
after(() => rmSync(site, {recursive: true, force: true}));

const OPTIONS = () => ({siteDir: site, specPath: 'openapi/tower-api.yaml', outputDir: 'docs/reference/api', docsDir: 'docs'});
const SPEC_TEXT = () => readFileSync(SPEC_PATH, 'utf8');

/** The 1-based line of the first line of `text` that contains `needle`. */
function lineOf(text: string, needle: string, after = 0): number {
  const index = text.split('\n').findIndex((line, i) => i >= after && line.includes(needle));
  assert.ok(index >= 0, `no line contains ${needle}`);
  return index + 1;
}

/** Runs the plugin as a bare `docusaurus build` would, on a site whose spec is `spec`. */
async function pluginOn(spec: string): Promise<unknown> {
  writeFileSync(path.join(site, 'openapi', 'tower-api.yaml'), spec);
  try {
    return await apiReferencePlugin({siteDir: site} as LoadContext);
  } finally {
    copyFileSync(SPEC_PATH, path.join(site, 'openapi', 'tower-api.yaml'));
  }
}

describe('MDX escaping', () => {
  test('escapes JSX and expression characters outside code only', () => {
    assert.equal(mdxMarkdown('Send `Authorization: Bearer <JWT>` or <key> {x}'), 'Send `Authorization: Bearer <JWT>` or &lt;key> \\{x\\}');
    assert.equal(mdxMarkdown('```json\n{"a": "<b>"}\n```\n{c}'), '```json\n{"a": "<b>"}\n```\n\\{c\\}');
    assert.equal(mdxMarkdown('a `` b`c `` <d'), 'a `` b`c `` &lt;d');
  });

  test('inline code and code blocks survive backticks in their content', () => {
    assert.equal(inlineCode('a`b'), '``a`b``');
    assert.equal(codeBlock('text', 'x\n```\ny'), '````text\nx\n```\ny\n````');
  });
});

describe('Markdown text', () => {
  test('headings move down and links become absolute, but never inside code', () => {
    assert.equal(shiftHeadings('# A\n```bash\n# comment\n```\n## B', 2), '### A\n```bash\n# comment\n```\n#### B');
    assert.equal(
      absoluteLinks('[a](/docs/x) [b](https://y.z/w)\n```\n[c](/docs/x)\n```', 'https://s.t'),
      '[a](https://s.t/docs/x) [b](https://y.z/w)\n```\n[c](/docs/x)\n```',
    );
  });
});

describe('code samples', () => {
  test('every operation has curl and Python samples, and the Python ones parse', () => {
    const programs: string[] = [];
    for (const operation of model.operations) {
      const samples = codeSamples(operation);
      assert.deepEqual(
        samples.slice(0, 2).map((s) => s.label),
        ['curl', 'Python'],
        operation.id,
      );
      assert.match(samples[0].code, new RegExp(`^curl --request ${operation.method} "${model.serverUrl}/`));
      assert.doesNotMatch(samples[0].code, /\{[a-zA-Z_]+\}/, `${operation.id}: path placeholder left in the URL`);
      programs.push(...samples.filter((s) => s.language === 'python').map((s) => s.code));
    }
    const check = spawnSync('python3', ['-c', 'import ast, json, sys\nfor source in json.load(sys.stdin): ast.parse(source)'], {
      input: JSON.stringify(programs),
      encoding: 'utf8',
    });
    assert.equal(check.status, 0, check.stderr);
  });

  test('operations without credentials send none; the others send an API key', () => {
    const byId = new Map(model.operations.map((operation) => [operation.id, operation]));
    const [curlNoAuth] = codeSamples(byId.get('create-session')!);
    const [curlAuth, python] = codeSamples(byId.get('list-apps')!);
    assert.doesNotMatch(curlNoAuth.code, /X-API-Key|Authorization/);
    assert.match(curlAuth.code, /--header "X-API-Key: \$TOWER_API_KEY"/);
    assert.match(python.code, /os\.environ\["TOWER_API_KEY"\]/);
  });

  test('the CLI and SDK samples are the spec values, verbatim', () => {
    for (const operation of model.operations) {
      const samples = codeSamples(operation);
      assert.equal(samples.find((s) => s.kind === 'tower-cli')?.code, operation.cli, operation.id);
      assert.equal(samples.find((s) => s.kind === 'tower-sdk')?.code.split('\n\n')[1], operation.sdk, operation.id);
    }
  });

  test('every page uses the same tab value for the same kind of sample', () => {
    const labels = new Map<string, Set<string>>();
    for (const sample of model.operations.flatMap(codeSamples)) {
      labels.set(sample.kind, (labels.get(sample.kind) ?? new Set()).add(`${sample.label}/${sample.language}`));
    }
    for (const [kind, seen] of labels) assert.equal(seen.size, 1, `${kind}: ${[...seen].join(', ')}`);
  });

  test('Python samples need nothing but the standard library, httpx (installed with tower) and tower itself, or say what else', () => {
    const programs = model.operations.flatMap(codeSamples).filter((s) => s.language === 'python');
    const check = spawnSync(
      'python3',
      [
        '-c',
        [
          'import ast, json, sys',
          'problems = []',
          'for item in json.load(sys.stdin):',
          '    for node in ast.walk(ast.parse(item["code"])):',
          '        names = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module] if isinstance(node, ast.ImportFrom) else []',
          '        for name in names:',
          '            top = name.split(".")[0]',
          '            if top not in sys.stdlib_module_names and top not in ("httpx", "tower"):',
          '                problems.append(f\'{item["kind"]}: imports {name}\')',
          'print("\\n".join(problems))',
        ].join('\n'),
      ],
      {input: JSON.stringify(programs), encoding: 'utf8'},
    );
    assert.equal(check.status, 0, check.stderr);
    assert.equal(check.stdout.trim(), '');
    for (const sample of programs.filter((s) => s.kind === 'python'))
      assert.match(sample.code, /^# httpx is installed with tower: pip install tower\nimport httpx$/m);
    const tables = model.operations.find((operation) => operation.sdk?.includes('tower.tables('))!;
    assert.match(codeSamples(tables).find((s) => s.kind === 'tower-sdk')!.code, /^# Needs the iceberg extra: pip install "tower\[iceberg\]"\nimport tower\n/);
  });

  test('a success without a body is handled: the sample prints the status instead of parsing nothing', () => {
    const python = (id: string) => codeSamples(model.operations.find((operation) => operation.id === id)!).find((s) => s.kind === 'python')!.code;
    // 200 with a catalog, 202 while it is still being created.
    assert.match(
      python('describe-default-catalog'),
      /\nif response\.status_code == 202:\n {4}# 202: .+\n {4}print\(response\.status_code\)\nelse:\n {4}print\(response\.json\(\)\)$/,
    );
    // A 204 never has a body, whatever the spec declares for it.
    assert.match(python('delete-guest'), /\nprint\(response\.status_code\)$/);
    // httpx's delete() takes no body; a DELETE with one goes through request().
    assert.match(python('delete-service-account-api-key'), /httpx\.request\(\n {4}"DELETE",/);
  });

  test('no sample or example on any operation page or twin shows a type name as a value', () => {
    // A quoted type name that is not a key (`"number": 42` is a field called number), nor the enum
    // value of a field that names a JSON type (a feature flag's `value_type`).
    const typeNames = /(?<!"value_type": )"(string|integer|number|boolean)"(?!\s*:)/;
    let blocks = 0;
    const problems: string[] = [];
    for (const operation of model.operations) {
      const renderings = {
        page: renderOperationPage(operation, (route) => route),
        twin: renderOperationMarkdown(operation, {siteUrl: 'https://docs.example.com', titleOf: (route) => route}),
      };
      for (const [where, text] of Object.entries(renderings)) {
        for (const [, , code] of text.matchAll(/^(`{3,})[^\n]*\n([\s\S]*?)^\1$/gm)) {
          blocks += 1;
          const found = typeNames.exec(code);
          if (found) problems.push(`${operation.id} (${where}): ${found[0]}`);
        }
      }
    }
    assert.deepEqual(problems, []);
    assert.ok(blocks >= model.operations.length * 4, `${blocks} code blocks read`);
    assert.ok(typeNames.test('{"environment": "string"}') && !typeNames.test('{"number": 42}'));
  });

  test('values fit their fields: an environment, a time, an app, a run ID', () => {
    const byId = (id: string) => model.operations.find((operation) => operation.id === id)!;
    const [curl] = codeSamples(byId('run-app'));
    assert.match(curl.code, /--data '\{"environment":"production","parameters":\{\}\}'/);
    const run = JSON.parse(operationFacts(byId('describe-run'), (route) => route).responseExample!.code).run;
    assert.match(run.created_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    assert.ok(
      Date.parse(run.created_at) <= Date.parse(run.started_at) && Date.parse(run.started_at) <= Date.parse(run.ended_at),
      'times of one run follow each other',
    );
    assert.match(run.run_id, /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    assert.equal(run.app_name, 'my-app');
    assert.equal(run.status, 'exited', 'a run that ended says so');
    assert.equal(run.cancelled_at, null, 'and was not cancelled');
    const started = JSON.parse(operationFacts(byId('run-app'), (route) => route).responseExample!.code).run;
    assert.deepEqual([started.status, started.started_at, started.exit_code], ['pending', null, null], 'a run just started has not run yet');
    // A webhook that was just registered has not been checked yet (its description says it starts unknown).
    const webhook = JSON.parse(operationFacts(byId('create-webhook'), (route) => route).responseExample!.code).webhook;
    assert.equal(webhook.state, 'unknown');
    assert.equal(webhook.last_checked_at, null);
    assert.ok(!('deleted_at' in webhook));
    // An update whose fields are all optional sends one, not an empty body that changes nothing.
    const [patch] = codeSamples(byId('update-service-account'));
    assert.doesNotMatch(patch.code, /--data '\{\}'/);
  });

  test('the note under the samples names the one variable they read', () => {
    const byId = (id: string) => model.operations.find((operation) => operation.id === id)!;
    assert.deepEqual(operationFacts(byId('list-apps'), (route) => route).samplesNotes.slice(0, 1), [
      'The curl and Python samples read your API key from `TOWER_API_KEY`; see [Authentication](/docs/reference/api/tower-api#authentication).',
    ]);
    assert.deepEqual(operationFacts(byId('create-session'), (route) => route).samplesNotes, []);
    assert.ok(operationFacts(byId('run-app'), (route) => route).samplesNotes.includes(checkedVersionSentence()));
  });

  test('Python literals', () => {
    assert.equal(pythonLiteral({a: [true, null], b: {}}), '{\n    "a": [\n        True,\n        None,\n    ],\n    "b": {},\n}');
  });
});

describe('sidebar', () => {
  test('groups every operation under its tag, in the order of the spec tags', () => {
    const category = apiSidebarCategory();
    const {tags, operations} = readApiOutline(SPEC_PATH);
    assert.equal(category.link?.id, 'reference/api/tower-api');
    assert.deepEqual(
      category.items.map((item) => item.label),
      tags.filter((tag) => operations.some((operation) => operation.tag === tag.name)).map((tag) => tag.name),
    );
    const ids = category.items.flatMap((item) => (item.type === 'category' ? item.items.map((doc) => doc.type === 'doc' && doc.id) : []));
    assert.deepEqual([...ids].sort(), operations.map((o) => `reference/api/${o.slug}`).sort());
  });
});

describe('generation', () => {
  test('writes the overview and one page per operation of the spec, with the method and path', async () => {
    const result = await generateApiReference(OPTIONS());
    assert.equal(result.files.length, readApiOutline(SPEC_PATH).operations.length + 1);
    const page = readFileSync(path.join(site, 'docs/reference/api/run-app.mdx'), 'utf8');
    assert.match(page, /^---\nid: "run-app"\n/);
    assert.match(page, /<span className="api-method api-method--post">POST<\/span><code className="api-endpoint__path">\{"\/apps\/\{name\}\/runs"\}<\/code>/);
    assert.doesNotMatch(page, /ApiExplorer|<form|<input|<button/);
    assert.match(readFileSync(path.join(site, 'docs/reference/api/tower-api.mdx'), 'utf8'), /^# Tower API$/m);
  });

  test('a page for an operation that left the spec does not survive regeneration', async () => {
    const dir = path.join(site, 'docs/reference/api');
    writeFileSync(path.join(dir, 'removed-operation.mdx'), '# Old\n');
    const specFile = path.join(site, 'openapi', 'tower-api.yaml');
    writeFileSync(specFile, SPEC_TEXT().replace('operationId: list-plans', 'operationId: list-billing-plans'));
    try {
      await generateApiReference(OPTIONS());
      const files = readdirSync(dir);
      assert.ok(!files.includes('removed-operation.mdx'));
      assert.ok(!files.includes('list-plans.mdx'));
      assert.ok(files.includes('list-billing-plans.mdx'));
    } finally {
      copyFileSync(SPEC_PATH, specFile);
    }
  });

  test('refuses an output folder outside docs/, because it deletes it', async () => {
    await assert.rejects(generateApiReference({...OPTIONS(), outputDir: 'openapi'}), /must be a folder inside/);
    assert.ok(existsSync(path.join(site, 'openapi', 'tower-api.yaml')));
  });

  test('labels related links with the title of the page they point to', async () => {
    mkdirSync(path.join(site, 'docs/concepts'), {recursive: true});
    writeFileSync(path.join(site, 'docs/concepts/runs.md'), '---\ntitle: "Runs: the basics"\n---\n\n# Runs\n');
    try {
      const {linkTitles} = await generateApiReference(OPTIONS());
      assert.equal(linkTitles['/docs/concepts/runs'], 'Runs: the basics');
      const page = readFileSync(path.join(site, 'docs/reference/api/run-app.mdx'), 'utf8');
      assert.match(page, /\*\*Related:\*\* \[Runs: the basics\]\(\/docs\/concepts\/runs\)/);
    } finally {
      rmSync(path.join(site, 'docs/concepts'), {recursive: true, force: true});
    }
  });
});

describe('a broken input stops a bare build with its file and line', () => {
  test('a $ref to a schema that does not exist', async () => {
    const broken = SPEC_TEXT().replace("$ref: '#/components/schemas/ListAlertsResponse'", "$ref: '#/components/schemas/ListAlertsRespons'");
    const line = lineOf(broken, "ListAlertsRespons'");
    await assert.rejects(pluginOn(broken), (error: Error) => {
      assert.match(error.message, new RegExp(`^openapi/tower-api\\.yaml:${line}:\\d+: Can't resolve \\$ref`));
      assert.doesNotMatch(error.message, /servers/);
      return true;
    });
  });

  test('a tower command of the spec (x-tower-cli) that the CLI does not have', async () => {
    const broken = SPEC_TEXT().replace('x-tower-cli: tower schedules delete SCHEDULE_ID', 'x-tower-cli: tower schedules delete SCHEDULE_ID --forever');
    const line = readApiOutline(SPEC_PATH).operations.find((operation) => operation.id === 'delete-schedule')!.line;
    await assert.rejects(pluginOn(broken), (error: Error) => {
      assert.match(error.message, new RegExp(`^openapi/tower-api\\.yaml:${line}: x-tower-cli of "delete-schedule": .*--forever`));
      assert.match(error.message, /data\/cli-manifest\.json/);
      return true;
    });
  });

  test('error responses with nothing to link: the overview lacks its Errors section', async () => {
    const broken = SPEC_TEXT().replace(/^ {4}## Errors$/m, '    ## Failures');
    await assert.rejects(pluginOn(broken), (error: Error) =>
      /^openapi\/tower-api\.yaml: info\.description has no "## Errors" section, which the error responses of \d+ operations link to/.test(error.message),
    );
  });

  test('an operationId used twice', async () => {
    const text = SPEC_TEXT();
    const first = lineOf(text, 'operationId: list-alerts');
    const second = lineOf(text, 'operationId: stream-alerts');
    const broken = text.replace('operationId: stream-alerts', 'operationId: list-alerts');
    const expected = new RegExp(
      `^openapi/tower-api\\.yaml:${second}:\\d+: operationId "list-alerts" is used twice \\(first at openapi/tower-api\\.yaml:${first}:\\d+\\)`,
    );
    await assert.rejects(pluginOn(broken), (error: Error) => expected.test(error.message));
  });

  test('front matter that is not YAML in a page the spec links', async () => {
    mkdirSync(path.join(site, 'docs/concepts'), {recursive: true});
    // The unclosed quote is on line 3 of the file; the parser notices it at the end of line 4.
    writeFileSync(path.join(site, 'docs/concepts/runs.md'), '---\nsidebar_label: Runs\ntitle: "Runs\ndescription: x\n---\n\n# Runs\n');
    try {
      await assert.rejects(generateApiReference(OPTIONS()), (error: Error) =>
        /^docs\/concepts\/runs\.md:3:8: the front matter is not valid YAML \(Missing closing "quote; the value that starts here runs on to line 4\)\. plugins\/api-reference reads it for the title of a link from openapi\/tower-api\.yaml\.$/.test(
          error.message,
        ),
      );
      writeFileSync(path.join(site, 'docs/concepts/runs.md'), '---\ntitle: Runs\nsidebar_label: [Runs\n---\n');
      await assert.rejects(generateApiReference(OPTIONS()), (error: Error) =>
        /^docs\/concepts\/runs\.md:\d+:\d+: the front matter is not valid YAML/.test(error.message),
      );
    } finally {
      rmSync(path.join(site, 'docs/concepts'), {recursive: true, force: true});
    }
  });
});
