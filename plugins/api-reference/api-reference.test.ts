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
import {codeSamples, pythonLiteral} from './samples';
import {SPEC_PATH, apiSidebarCategory} from './sidebar';
import {absoluteLinks, codeBlock, inlineCode, shiftHeadings} from './text';

let model: ApiModel;
let site: string;

before(async () => {
  model = await loadApiModel(SPEC_PATH);
  site = mkdtempSync(path.join(os.tmpdir(), 'api-reference-'));
  mkdirSync(path.join(site, 'openapi'));
  mkdirSync(path.join(site, 'docs'));
  copyFileSync(SPEC_PATH, path.join(site, 'openapi', 'tower-api.yaml'));
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
