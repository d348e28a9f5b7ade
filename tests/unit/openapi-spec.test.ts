/**
 * Checks openapi/tower-api.yaml against the extracted API facts
 * (../shared/facts/api/operations.json and models.json, next to the repository).
 *
 * Run: node --import tsx --test tests/unit/openapi-spec.test.ts
 */
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, test} from 'node:test';
import {fileURLToPath} from 'node:url';
import {parse} from 'yaml';
import {CliIndex, checkTowerArgs, shellCommands, type CliManifest} from '../../scripts/samples/check-cli';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const specPath = path.join(repoRoot, 'openapi/tower-api.yaml');
const operationsPath = path.resolve(repoRoot, '../shared/facts/api/operations.json');
const modelsPath = path.resolve(repoRoot, '../shared/facts/api/models.json');

type FactParam = {name: string; required: boolean; default?: unknown};
type FactOperation = {
  id: string;
  tag: string;
  method: string;
  path: string;
  streaming: boolean;
  pathParams: FactParam[];
  queryParams: FactParam[];
  headerParams: FactParam[];
  requestBody: string | null;
  requestContentTypes?: string[];
  response: {status: string; model: string | null; otherResponses: {status: string; model: string}[]};
  auth: {required: boolean; bearer: boolean; apiKeyHeader: string | null};
};
type FactModel = {name: string};

type SpecOperation = {
  operationId: string;
  tags?: string[];
  summary?: string;
  parameters?: {name: string; in: string; required?: boolean; schema?: {default?: unknown}}[];
  requestBody?: {content: Record<string, {schema?: unknown}>};
  responses: Record<string, {content?: Record<string, {schema?: unknown}>}>;
  security?: Record<string, string[]>[];
  'x-tower-related'?: unknown;
  'x-tower-cli'?: unknown;
  'x-tower-sdk'?: unknown;
};

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

const spec = parse(readFileSync(specPath, 'utf8'));
const factOperations: FactOperation[] = JSON.parse(readFileSync(operationsPath, 'utf8'));
const factModels: FactModel[] = JSON.parse(readFileSync(modelsPath, 'utf8'));

/** Every operation of the spec as `{method, path, op}`. */
function specOperations(): {method: string; path: string; op: SpecOperation}[] {
  const found: {method: string; path: string; op: SpecOperation}[] = [];
  for (const [p, item] of Object.entries<Record<string, SpecOperation>>(spec.paths ?? {})) {
    for (const method of HTTP_METHODS) {
      if (item[method]) found.push({method: method.toUpperCase(), path: p, op: item[method]});
    }
  }
  return found;
}

const byId = new Map(specOperations().map((entry) => [entry.op.operationId, entry]));

/** The tag names in the order in which they first appear in operations.json. */
function factTagOrder(): string[] {
  const order: string[] = [];
  for (const op of factOperations) if (!order.includes(op.tag)) order.push(op.tag);
  return order;
}

/** Resolves a local JSON pointer such as `#/components/schemas/Run`. */
function resolvePointer(pointer: string): unknown {
  assert.ok(pointer.startsWith('#/'), `only local references are used, got ${pointer}`);
  let node: any = spec;
  for (const raw of pointer.slice(2).split('/')) {
    const key = decodeURIComponent(raw).replaceAll('~1', '/').replaceAll('~0', '~');
    if (node === null || typeof node !== 'object' || !(key in node)) return undefined;
    node = node[key];
  }
  return node;
}

function collectRefs(node: unknown, where: string, out: {ref: string; where: string}[] = []) {
  if (Array.isArray(node)) {
    node.forEach((child, i) => collectRefs(child, `${where}/${i}`, out));
  } else if (node !== null && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') out.push({ref: value, where});
      else collectRefs(value, `${where}/${key}`, out);
    }
  }
  return out;
}

describe('openapi/tower-api.yaml', () => {
  test('is an OpenAPI 3.1 document for the Tower API', () => {
    assert.equal(spec.openapi, '3.1.0');
    assert.equal(spec.info?.title, 'Tower API');
    assert.match(String(spec.info?.version), /^v\d+\.\d+\.\d+$/);
    assert.deepEqual(spec.servers?.map((server: {url: string}) => server.url), ['https://api.tower.dev/v1']);
  });

  test('facts files hold the expected numbers of entries', () => {
    assert.equal(factOperations.length, 85);
    assert.equal(factModels.length, 181);
  });

  test('has exactly the operations of operations.json, and no others', () => {
    const specIds = specOperations().map((entry) => entry.op.operationId);
    assert.equal(new Set(specIds).size, specIds.length, 'operationIds are unique');
    const factIds = factOperations.map((op) => op.id);
    const missing = factIds.filter((id) => !specIds.includes(id));
    const extra = specIds.filter((id) => !factIds.includes(id));
    assert.deepEqual(missing, [], 'operations missing from the spec');
    assert.deepEqual(extra, [], 'operations in the spec that are not in operations.json');
    assert.equal(specIds.length, 85);
  });

  test('each operation has the method and path of the facts', () => {
    for (const fact of factOperations) {
      const entry = byId.get(fact.id);
      assert.ok(entry, `${fact.id} is in the spec`);
      assert.equal(entry.method, fact.method, `${fact.id} method`);
      assert.equal(entry.path, fact.path, `${fact.id} path`);
    }
    const factPairs = new Set(factOperations.map((op) => `${op.method} ${op.path}`));
    for (const {method, path: p, op} of specOperations()) {
      assert.ok(factPairs.has(`${method} ${p}`), `${method} ${p} (${op.operationId}) is in operations.json`);
    }
  });

  test('top-level tags are the 15 groups of the facts, in order, each described', () => {
    const expected = factTagOrder();
    assert.equal(expected.length, 15);
    assert.deepEqual(spec.tags?.map((tag: {name: string}) => tag.name), expected);
    for (const tag of spec.tags) {
      assert.ok(typeof tag.description === 'string' && tag.description.length > 20, `tag ${tag.name} has a description`);
    }
  });

  test('each operation carries exactly its facts tag, a summary and 1-3 related routes', () => {
    for (const fact of factOperations) {
      const {op} = byId.get(fact.id)!;
      assert.deepEqual(op.tags, [fact.tag], `${fact.id} tags`);
      assert.ok(op.summary && op.summary.length > 0, `${fact.id} summary`);
      const related = op['x-tower-related'];
      assert.ok(Array.isArray(related) && related.length >= 1 && related.length <= 3, `${fact.id} x-tower-related`);
      for (const route of related as unknown[]) {
        assert.match(String(route), /^\/docs\/[a-z0-9/-]+$/, `${fact.id} related route ${String(route)}`);
      }
    }
  });

  test('parameters match the facts (name, location, required, default)', () => {
    for (const fact of factOperations) {
      const {op} = byId.get(fact.id)!;
      const expected = [
        ...fact.pathParams.map((p) => ({...p, in: 'path'})),
        ...fact.queryParams.map((p) => ({...p, in: 'query'})),
        ...fact.headerParams.map((p) => ({...p, in: 'header'})),
      ];
      const actual = op.parameters ?? [];
      assert.deepEqual(
        actual.map((p) => `${p.in}:${p.name}`).sort(),
        expected.map((p) => `${p.in}:${p.name}`).sort(),
        `${fact.id} parameters`,
      );
      for (const p of expected) {
        const got = actual.find((a) => a.name === p.name && a.in === p.in)!;
        assert.equal(Boolean(got.required), p.in === 'path' ? true : p.required, `${fact.id} ${p.name} required`);
        if ('default' in p) assert.deepEqual(got.schema?.default, p.default, `${fact.id} ${p.name} default`);
      }
    }
  });

  test('request bodies and responses use the models and statuses of the facts', () => {
    for (const fact of factOperations) {
      const {op} = byId.get(fact.id)!;
      if (fact.requestBody) {
        assert.ok(op.requestBody, `${fact.id} has a request body`);
        assert.deepEqual(Object.keys(op.requestBody.content).sort(), [...(fact.requestContentTypes ?? [])].sort());
        assert.deepEqual(op.requestBody.content['application/json']?.schema, {
          $ref: `#/components/schemas/${fact.requestBody}`,
        });
      } else {
        assert.equal(op.requestBody, undefined, `${fact.id} has no request body`);
      }
      const statuses = [fact.response.status, ...fact.response.otherResponses.map((r) => r.status)];
      assert.deepEqual(Object.keys(op.responses).sort(), [...statuses].sort(), `${fact.id} response statuses`);
      for (const other of fact.response.otherResponses) {
        assert.deepEqual(
          op.responses[other.status].content?.['application/problem+json']?.schema,
          {$ref: `#/components/schemas/${other.model}`},
          `${fact.id} ${other.status} is a problem-details response`,
        );
      }
      const success = op.responses[fact.response.status];
      if (fact.response.model && !fact.streaming) {
        const content = success.content ?? {};
        assert.deepEqual(
          Object.values(content)[0]?.schema,
          {$ref: `#/components/schemas/${fact.response.model}`},
          `${fact.id} success schema`,
        );
      }
      if (!fact.response.model) assert.equal(success.content, undefined, `${fact.id} success has no body`);
    }
  });

  test('streaming operations answer with text/event-stream', () => {
    const streaming = factOperations.filter((op) => op.streaming);
    assert.ok(streaming.length >= 2);
    for (const fact of factOperations) {
      const {op} = byId.get(fact.id)!;
      const types = Object.keys(op.responses[fact.response.status].content ?? {});
      if (fact.streaming) {
        assert.deepEqual(types, ['text/event-stream'], `${fact.id} streams server-sent events`);
      } else {
        assert.ok(!types.includes('text/event-stream'), `${fact.id} does not stream`);
      }
    }
  });

  test('security schemes are defined and each operation uses the auth of the facts', () => {
    const schemes = spec.components?.securitySchemes ?? {};
    assert.deepEqual(schemes.BearerAuth?.type, 'http');
    assert.deepEqual(schemes.BearerAuth?.scheme, 'bearer');
    assert.deepEqual(schemes.BearerAuth?.bearerFormat, 'JWT');
    assert.deepEqual(schemes.APIKeyAuth?.type, 'apiKey');
    assert.deepEqual(schemes.APIKeyAuth?.in, 'header');
    assert.deepEqual(schemes.APIKeyAuth?.name, 'X-API-Key');
    for (const fact of factOperations) {
      const {op} = byId.get(fact.id)!;
      const expected: Record<string, string[]>[] = [];
      if (fact.auth.required) {
        if (fact.auth.bearer) expected.push({BearerAuth: []});
        if (fact.auth.apiKeyHeader) expected.push({APIKeyAuth: []});
      }
      assert.deepEqual(op.security, expected, `${fact.id} security`);
    }
  });

  test('every model of models.json is a component schema', () => {
    const schemas = spec.components?.schemas ?? {};
    const missing = factModels.map((model) => model.name).filter((name) => !(name in schemas));
    assert.deepEqual(missing, []);
  });

  test('every $ref resolves', () => {
    const refs = collectRefs(spec, '#');
    assert.ok(refs.length > 100);
    const broken = refs.filter(({ref}) => resolvePointer(ref) === undefined).map(({ref, where}) => `${where}: ${ref}`);
    assert.deepEqual(broken, []);
  });

  test('x-tower-cli lines are real commands of the CLI manifest, with real flags', () => {
    const manifest: CliManifest = JSON.parse(readFileSync(path.join(repoRoot, 'data/cli-manifest.json'), 'utf8'));
    const index = new CliIndex(manifest);
    let checked = 0;
    for (const {op} of specOperations()) {
      const line = op['x-tower-cli'];
      if (line === undefined) continue;
      assert.equal(typeof line, 'string', `${op.operationId} x-tower-cli is a string`);
      const commands = shellCommands(String(line));
      assert.equal(commands.length, 1, `${op.operationId} x-tower-cli is a single command`);
      const [first, ...args] = commands[0].words;
      assert.equal(first, 'tower', `${op.operationId} x-tower-cli starts with tower`);
      assert.deepEqual(checkTowerArgs(args, index), [], `${op.operationId}: ${String(line)}`);
      checked += 1;
    }
    assert.ok(checked > 0);
  });

  test('x-tower-sdk calls name functions of the SDK manifest', () => {
    const manifest: {entries: {name: string}[]} = JSON.parse(
      readFileSync(path.join(repoRoot, 'data/sdk-manifest.json'), 'utf8'),
    );
    const names = new Set(manifest.entries.map((entry) => entry.name));
    for (const {op} of specOperations()) {
      const call = op['x-tower-sdk'];
      if (call === undefined) continue;
      const name = /^([A-Za-z_][\w.]*)\(/.exec(String(call))?.[1];
      assert.ok(name && names.has(name), `${op.operationId} x-tower-sdk calls a documented SDK function: ${String(call)}`);
    }
  });
});
