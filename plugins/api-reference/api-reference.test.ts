/**
 * Unit tests of the API reference generator: MDX escaping, code samples that
 * parse, the sidebar, and regeneration that leaves no stale page behind.
 */
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {after, before, describe, test} from 'node:test';
import {generateApiReference} from './generate';
import {codeBlock, inlineCode, mdxMarkdown} from './mdx';
import {codeSamples, pythonLiteral} from './samples';
import {SPEC_PATH, apiSidebarCategory, listOperations} from './sidebar';
import {loadSpec, type LoadedSpec} from './spec';

let spec: LoadedSpec;
let site: string;

before(async () => {
  spec = await loadSpec(SPEC_PATH, 'docs/reference/api');
  site = mkdtempSync(path.join(os.tmpdir(), 'api-reference-'));
  mkdirSync(path.join(site, 'openapi'));
  mkdirSync(path.join(site, 'docs'));
  copyFileSync(SPEC_PATH, path.join(site, 'openapi', 'tower-api.yaml'));
});
after(() => rmSync(site, {recursive: true, force: true}));

const OPTIONS = () => ({siteDir: site, specPath: 'openapi/tower-api.yaml', outputDir: 'docs/reference/api', docsDir: 'docs'});

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

describe('code samples', () => {
  test('every operation has curl and Python samples, and the Python ones parse', () => {
    const programs: string[] = [];
    for (const operation of spec.operations) {
      const samples = codeSamples(spec.info.serverUrl, operation);
      assert.deepEqual(samples.slice(0, 2).map((s) => s.label), ['curl', 'Python'], operation.id);
      assert.match(samples[0].code, new RegExp(`^curl --request ${operation.method} "${spec.info.serverUrl}/`));
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
    const createSession = spec.operations.find((o) => o.id === 'create-session')!;
    const listApps = spec.operations.find((o) => o.id === 'list-apps')!;
    const [curlNoAuth] = codeSamples(spec.info.serverUrl, createSession);
    const [curlAuth, python] = codeSamples(spec.info.serverUrl, listApps);
    assert.doesNotMatch(curlNoAuth.code, /X-API-Key|Authorization/);
    assert.match(curlAuth.code, /--header "X-API-Key: \$TOWER_API_KEY"/);
    assert.match(python.code, /os\.environ\["TOWER_API_KEY"\]/);
  });

  test('the CLI and SDK samples are the spec values, verbatim', () => {
    for (const operation of spec.operations) {
      const samples = codeSamples(spec.info.serverUrl, operation);
      assert.equal(samples.find((s) => s.label === 'tower CLI')?.code, operation.cli, operation.id);
      assert.equal(samples.find((s) => s.label === 'Tower SDK')?.code.split('\n\n')[1], operation.sdk, operation.id);
    }
  });

  test('Python literals', () => {
    assert.equal(pythonLiteral({a: [true, null], b: {}}), '{\n    "a": [\n        True,\n        None,\n    ],\n    "b": {},\n}');
  });
});

describe('sidebar', () => {
  test('groups every operation under its tag, in the order of the spec tags', () => {
    const category = apiSidebarCategory();
    const {tags, operations} = listOperations();
    assert.equal(category.link?.id, 'reference/api/tower-api');
    assert.deepEqual(category.items.map((item) => item.label), tags);
    const ids = category.items.flatMap((item) => (item.type === 'category' ? item.items.map((doc) => doc.type === 'doc' && doc.id) : []));
    assert.deepEqual([...ids].sort(), operations.map((o) => `reference/api/${o.id}`).sort());
  });
});

describe('generation', () => {
  test('writes the overview and one page per operation, with the method and path', async () => {
    const result = await generateApiReference(OPTIONS());
    assert.equal(result.files.length, spec.operations.length + 1);
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
    const original = readFileSync(specFile, 'utf8');
    writeFileSync(specFile, original.replace('operationId: list-plans', 'operationId: list-billing-plans'));
    try {
      await generateApiReference(OPTIONS());
      const files = readdirSync(dir);
      assert.ok(!files.includes('removed-operation.mdx'));
      assert.ok(!files.includes('list-plans.mdx'));
      assert.ok(files.includes('list-billing-plans.mdx'));
    } finally {
      writeFileSync(specFile, original);
    }
  });

  test('refuses an output folder outside docs/, because it deletes it', async () => {
    await assert.rejects(generateApiReference({...OPTIONS(), outputDir: 'openapi'}), /must be a folder inside/);
    assert.ok(existsSync(path.join(site, 'openapi', 'tower-api.yaml')));
  });
});
