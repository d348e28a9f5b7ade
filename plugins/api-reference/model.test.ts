/**
 * The spec model on a small fixture (fixtures/demo-api.yaml) that uses every
 * construct the pages render, and the errors a broken spec gives: each names
 * the file and the line.
 */
import assert from 'node:assert/strict';
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {after, before, describe, test} from 'node:test';
import {fileURLToPath} from 'node:url';
import {loadApiModel, operationSlug, readApiOutline, SpecError, type ApiModel, type Operation} from './model';

const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'demo-api.yaml');
const FIXTURE_TEXT = readFileSync(FIXTURE, 'utf8');

let model: ApiModel;
let dir: string;
const byId = (id: string): Operation => model.operations.find((operation) => operation.id === id)!;

before(async () => {
  model = await loadApiModel(FIXTURE, 'demo-api.yaml');
  dir = mkdtempSync(path.join(os.tmpdir(), 'api-model-'));
});
after(() => rmSync(dir, {recursive: true, force: true}));

/** Loads `text` as a spec named demo-api.yaml and returns the error message. */
async function errorOf(text: string): Promise<string> {
  const file = path.join(dir, 'demo-api.yaml');
  writeFileSync(file, text);
  try {
    await loadApiModel(file, 'demo-api.yaml');
  } catch (error) {
    assert.ok(error instanceof SpecError, String(error));
    return error.message;
  }
  assert.fail('the spec loaded');
}

function lineOf(text: string, needle: string): number {
  const index = text.split('\n').findIndex((line) => line.includes(needle));
  assert.ok(index >= 0, needle);
  return index + 1;
}

describe('the outline', () => {
  test('lists operations in file order with kebab-case slugs, and the declared tags', () => {
    const outline = readApiOutline(FIXTURE, 'demo-api.yaml');
    assert.equal(outline.title, 'Demo API');
    assert.deepEqual(
      outline.tags.map((tag) => tag.name),
      ['Nodes', 'Sessions', 'Unused'],
    );
    assert.deepEqual(
      outline.operations.map((operation) => `${operation.method} ${operation.path} ${operation.slug} ${operation.tag}`),
      [
        'GET /nodes/{node_id} describe-node Nodes',
        'DELETE /nodes/{node_id} delete-node Nodes',
        'POST /nodes create-node Nodes',
        'GET /nodes/events stream-node-events Nodes',
        'POST /sessions create-session Sessions',
      ],
    );
    assert.equal(outline.operations[0].line, lineOf(FIXTURE_TEXT, '    get:'));
  });

  test('slugs', () => {
    assert.equal(operationSlug('listApps'), 'list-apps');
    assert.equal(operationSlug('list_apps'), 'list-apps');
    assert.equal(operationSlug('list-apps'), 'list-apps');
  });
});

describe('the model', () => {
  test('keeps the document facts', () => {
    assert.equal(model.info.version, 'v1.2.3');
    assert.equal(model.serverUrl, 'https://api.example.com/v1');
    assert.deepEqual(
      model.securitySchemes.map((scheme) => [scheme.name, scheme.type, scheme.scheme ?? scheme.parameterName]),
      [
        ['BearerAuth', 'http', 'bearer'],
        ['KeyAuth', 'apiKey', 'X-Key'],
      ],
    );
    assert.deepEqual(model.info.license, {name: 'Apache 2.0', url: undefined, identifier: 'Apache-2.0'});
    assert.deepEqual(
      model.tags.map((tag) => tag.operations.length),
      [4, 1, 0],
    );
    assert.equal(model.schemas.size, 9);
  });

  test('merges path-level parameters and keeps header and cookie parameters', () => {
    const parameters = byId('describeNode').parameters;
    assert.deepEqual(
      parameters.map((p) => `${p.in}:${p.name}:${p.required}`),
      ['path:node_id:true', 'query:depth:false', 'query:fields:false', 'header:X-Request-Id:true', 'cookie:session:false'],
    );
    assert.deepEqual(
      byId('delete-node').parameters.map((p) => p.name),
      ['node_id'],
    );
    const fields = parameters[2];
    assert.equal(fields.explode, false);
    assert.deepEqual(fields.schema?.items?.enum, ['name', 'kind', 'children']);
    assert.deepEqual(parameters[3].examples, [{value: '0b6b4f5e-6a8f-4b8e-9d7c-1f2e3d4c5b6a'}]);
  });

  test('responses keep their order, headers, and bodies or the lack of one', () => {
    assert.deepEqual(
      byId('describeNode').responses.map((r) => `${r.status}:${r.content.length}`),
      ['200:1', '304:0', 'default:1'],
    );
    assert.deepEqual(
      byId('create-node').responses.map((r) => r.status),
      ['200', '201', '4XX'],
    );
    assert.deepEqual(
      byId('delete-node').responses.map((r) => `${r.status}:${r.content.length}`),
      ['204:0'],
    );
    assert.deepEqual(
      byId('describeNode').responses[0].headers.map((h) => [h.name, h.schema?.types]),
      [['X-Rate-Limit-Remaining', ['integer']]],
    );
  });

  test('component names survive dereferencing, also for arrays of references', () => {
    const node = byId('describeNode').responses[0].content[0].schema!;
    assert.equal(node.name, 'Node');
    const kind = node.properties.find((p) => p.name === 'kind')!.schema;
    assert.equal(kind.name, 'Kind');
    assert.deepEqual(kind.enum, ['leaf', 'branch', '']);
    const created = byId('create-node').responses[1].content[0].schema!;
    assert.deepEqual([created.types, created.items?.name], [['array'], 'Node']);
  });

  test('nullable through a type list, a oneOf with null, and allOf parts', () => {
    const node = model.schemas.get('Node')!;
    const parent = node.properties.find((p) => p.name === 'parent_id')!.schema;
    assert.deepEqual([parent.types, parent.nullable], [['string'], true]);
    const session = byId('create_session').responses[0].content[0].schema!;
    const owner = session.properties.find((p) => p.name === 'owner')!.schema;
    assert.deepEqual(
      owner.oneOf?.map((variant) => variant.name ?? variant.types.join() + (variant.nullable ? 'null' : '')),
      ['User', 'null'],
    );
    const body = byId('create_session').requestBody!.content[0].schema!;
    assert.deepEqual(
      body.allOf?.map((part) => part.name ?? part.properties.map((p) => p.name).join()),
      ['Credentials', 'remember'],
    );
  });

  test('a recursive schema becomes a cycle, not an endless copy', () => {
    const node = model.schemas.get('Node')!;
    const children = node.properties.find((p) => p.name === 'children')!.schema;
    assert.equal(children.items?.name, 'Node');
    assert.equal(children.items?.properties.find((p) => p.name === 'children')?.schema.items?.name, 'Node');
  });

  test('security: alternatives, schemes sent together, optional and none', () => {
    const names = (operation: Operation) => operation.security.map((alternative) => alternative.map((scheme) => scheme.name).join('+'));
    assert.deepEqual(names(byId('describeNode')), ['BearerAuth', 'KeyAuth']);
    assert.deepEqual(names(byId('delete-node')), ['BearerAuth+KeyAuth']);
    assert.deepEqual(names(byId('stream-node-events')), ['', 'KeyAuth']);
    assert.deepEqual(names(byId('create_session')), []);
  });

  test('the x-tower extensions', () => {
    assert.deepEqual(byId('describeNode').related, ['/docs/concepts/runs', '/docs/reference/api/create-node']);
    assert.equal(byId('describeNode').cli, 'tower nodes show n-1');
    assert.equal(byId('create-node').sdk, 'tower.nodes.create(name="leaf-1")');
    assert.deepEqual(byId('delete-node').history, {lastSeenSpecVersion: 'v1.0.0', absentFromSpecVersion: 'v1.1.0'});
    assert.equal(byId('delete-node').deprecated, true);
  });

  test('examples of media types, schemas and parameters', () => {
    const json = byId('create-node').requestBody!.content[0];
    assert.deepEqual(json.examples, [{name: 'leaf', summary: 'A leaf', value: {name: 'leaf-1', kind: 'leaf'}}]);
    assert.deepEqual(model.schemas.get('Node')!.properties.find((p) => p.name === 'name')!.schema.examples, ['leaf-1']);
  });

  test('is loaded once per file content', async () => {
    assert.equal(await loadApiModel(FIXTURE, 'demo-api.yaml'), model);
    const copy = path.join(dir, 'copy.yaml');
    writeFileSync(copy, FIXTURE_TEXT);
    const first = await loadApiModel(copy, 'copy.yaml');
    writeFileSync(copy, FIXTURE_TEXT.replace('version: v1.2.3', 'version: v1.2.4'));
    const second = await loadApiModel(copy, 'copy.yaml');
    assert.notEqual(first, second);
    assert.equal(second.info.version, 'v1.2.4');
  });
});

describe('a broken spec names the file and the line', () => {
  test('YAML that does not parse', async () => {
    const text = FIXTURE_TEXT.replace('operationId: delete-node', 'operationId: [delete-node');
    assert.match(await errorOf(text), new RegExp(`^demo-api\\.yaml:${lineOf(text, '[delete-node') + 1}:\\d+: not valid YAML: `));
  });

  test('a $ref to nothing', async () => {
    const text = FIXTURE_TEXT.replace("schema: {$ref: '#/components/schemas/Problem'}", "schema: {$ref: '#/components/schemas/Problme'}");
    assert.match(await errorOf(text), new RegExp(`^demo-api\\.yaml:${lineOf(text, 'Problme')}:\\d+: Can't resolve \\$ref at #/paths/`));
  });

  test('an operationId used twice, or two that give the same page', async () => {
    const twice = FIXTURE_TEXT.replace('operationId: create-node', 'operationId: delete-node');
    assert.match(
      await errorOf(twice),
      new RegExp(
        `^demo-api\\.yaml:${lineOf(FIXTURE_TEXT, 'operationId: create-node')}:\\d+: operationId "delete-node" is used twice \\(first at demo-api\\.yaml:${lineOf(FIXTURE_TEXT, 'operationId: delete-node')}:`,
      ),
    );
    const samePage = FIXTURE_TEXT.replace('operationId: create-node', 'operationId: deleteNode');
    assert.match(await errorOf(samePage), /operationIds "delete-node" and "deleteNode" give the same page "delete-node"/);
  });

  test('an operation without an operationId, with two tags, or with an undeclared tag', async () => {
    const noId = FIXTURE_TEXT.replace('      operationId: create-node\n', '');
    assert.match(await errorOf(noId), new RegExp(`^demo-api\\.yaml:${lineOf(noId, '  /nodes:') + 1}:\\d+: POST /nodes has no operationId`));
    assert.match(
      await errorOf(FIXTURE_TEXT.replace('tags: [Sessions]', 'tags: [Sessions, Nodes]')),
      /operation "create_session" needs exactly one tag \(it has 2\)/,
    );
    const undeclared = FIXTURE_TEXT.replace('tags: [Sessions]', 'tags: [Logins]');
    assert.match(
      await errorOf(undeclared),
      new RegExp(
        `^demo-api\\.yaml:${lineOf(undeclared, 'tags: [Logins]')}:\\d+: operation "create_session" has the tag "Logins", which the top-level tags do not declare`,
      ),
    );
  });

  test('a security scheme that is not declared', async () => {
    const text = FIXTURE_TEXT.replace('      - BearerAuth: []\n        KeyAuth: []', '      - BearerAuth: []\n        OAuth: []');
    assert.match(await errorOf(text), /operation "delete-node" uses the security scheme "OAuth", which components\.securitySchemes does not declare/);
  });
});
