/**
 * The API operations file on the API model's own fixture
 * (plugins/api-reference/fixtures/demo-api.yaml): every operation, in the
 * file's order, with the facts the docs MCP server's API tools answer with.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import {before, describe, test} from 'node:test';
import {loadApiModel, type ApiModel} from '../api-reference/model';
import {API_OPERATIONS_FORMAT, apiOperationsFile, typeLabel, type ApiOperationsFile} from './operations';

const FIXTURE = path.join(import.meta.dirname, '..', 'api-reference', 'fixtures', 'demo-api.yaml');

let model: ApiModel;
let file: ApiOperationsFile;
const entry = (id: string) => file.operations.find((operation) => operation.id === id)!;

before(async () => {
  model = await loadApiModel(FIXTURE, 'demo-api.yaml');
  file = apiOperationsFile(model, 'https://docs.example.com/');
});

describe('api-operations.json from the API model', () => {
  test('every operation of the model, in its order, with its page and Markdown twin', () => {
    assert.equal(file.format, API_OPERATIONS_FORMAT);
    assert.deepEqual([file.title, file.version, file.serverUrl], ['Demo API', 'v1.2.3', model.serverUrl]);
    assert.deepEqual(
      file.operations.map((operation) => operation.id),
      model.operations.map((operation) => operation.id),
    );
    assert.deepEqual(
      file.tags.map((tag) => tag.name),
      ['Nodes', 'Sessions', 'Unused'],
    );
    const describe = entry('describeNode');
    assert.deepEqual(
      [describe.slug, describe.method, describe.path, describe.tag, describe.url, describe.markdown],
      ['describe-node', 'GET', '/nodes/{node_id}', 'Nodes', 'https://docs.example.com/docs/reference/api/describe-node', 'docs/reference/api/describe-node.md'],
    );
  });

  test('parameters (path-level ones merged), with their type in words', () => {
    assert.deepEqual(
      entry('describeNode').parameters.map(({name, in: where, required, type}) => [name, where, required, type]),
      [
        ['node_id', 'path', true, 'string'],
        ['depth', 'query', false, 'integer'],
        ['fields', 'query', false, 'array of string'],
        ['X-Request-Id', 'header', true, 'string (uuid)'],
        ['session', 'cookie', false, 'string'],
      ],
    );
  });

  test('request body, responses, security alternatives and the CLI and SDK equivalents', () => {
    const create = entry('create-node');
    assert.deepEqual(create.requestBody, {required: true, mediaTypes: ['application/json', 'application/octet-stream']});
    assert.deepEqual(
      create.responses.map((response) => response.status),
      ['200', '201', '4XX'],
    );
    assert.equal(create.sdk, 'tower.nodes.create(name="leaf-1")');
    assert.deepEqual(create.security, [['BearerAuth'], ['KeyAuth']]);
    assert.deepEqual(entry('delete-node').security, [['BearerAuth', 'KeyAuth']]);
    assert.equal(entry('delete-node').deprecated, true);
    assert.equal(entry('describeNode').cli, 'tower nodes show n-1');
    assert.equal(entry('describeNode').requestBody, null);
  });

  test('type labels: component names, arrays, formats and null', () => {
    const schemaOf = (id: string, status: string) =>
      model.operations.find((operation) => operation.id === id)!.responses.find((response) => response.status === status)!.content[0].schema;
    assert.equal(typeLabel(schemaOf('describeNode', '200')), 'Node');
    assert.equal(typeLabel(schemaOf('create-node', '201')), 'array of Node');
    assert.equal(typeLabel(undefined), 'any');
  });
});
