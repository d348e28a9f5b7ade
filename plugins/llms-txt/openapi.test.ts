import assert from 'node:assert/strict';
import {describe, test} from 'node:test';
import {loadApiSpec, OpenApiRenderError, operationSlug, renderApiFile, renderOperation} from './openapi';

const context = {siteUrl: 'https://docs.example.com', apiRoute: '/docs/reference/api'};

const SPEC = `
openapi: 3.1.0
info:
  title: Demo API
  version: v1.2.3
  summary: A small API.
servers:
- url: https://api.example.com/v1
security:
- BearerAuth: []
- KeyAuth: []
tags:
- name: Nodes
  description: Tree nodes.
paths:
  /nodes/{id}:
    parameters:
    - name: id
      in: path
      required: true
      description: Node id.
      schema: {type: string}
    get:
      operationId: describeNode
      tags: [Nodes]
      summary: Describe a node
      description: Returns one node. See [runs](/docs/concepts/runs).
      parameters:
      - name: depth
        in: query
        schema: {type: integer, default: 1}
      responses:
        '200':
          description: The node.
          content:
            application/json:
              schema: {$ref: '#/components/schemas/Node'}
        default:
          description: Error.
  /login:
    post:
      operationId: log-in
      tags: [Nodes]
      summary: Log in
      security: []
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [user]
              properties:
                user: {type: string, description: User name.}
                mode: {type: string, enum: [password, device]}
                meta:
                  type: object
                  additionalProperties: {type: string}
      responses:
        '204':
          description: Done.
        '409':
          description: Conflict.
          content:
            application/json:
              schema: {$ref: '#/components/schemas/Event'}
components:
  securitySchemes:
    BearerAuth: {type: http, scheme: bearer, bearerFormat: JWT}
    KeyAuth: {type: apiKey, in: header, name: X-Key}
  schemas:
    Node:
      type: object
      description: A node in a tree.
      required: [name]
      properties:
        name: {type: string, description: Node name.}
        parent:
          $ref: '#/components/schemas/Node'
          description: The parent node.
        children:
          type: array
          items: {$ref: '#/components/schemas/Node'}
        updated_at: {type: [string, 'null'], format: date-time}
    Event:
      oneOf:
      - $ref: '#/components/schemas/Ping'
      - $ref: '#/components/schemas/Pong'
      discriminator:
        propertyName: kind
        mapping: {ping: '#/components/schemas/Ping', pong: '#/components/schemas/Pong'}
    Ping:
      type: object
      properties: {kind: {type: string}, at: {type: string, format: date-time}}
    Pong:
      type: object
      properties: {kind: {type: string}, latency: {type: number}}
`;

describe('loadApiSpec', () => {
  test('indexes operations by tag with methods, paths and page slugs', () => {
    const spec = loadApiSpec(SPEC);
    assert.deepEqual(
      spec.operations.map((op) => `${op.method} ${op.path} ${op.slug}`),
      ['GET /nodes/{id} describe-node', 'POST /login log-in'],
    );
    assert.equal(spec.baseUrl, 'https://api.example.com/v1');
  });

  test('fails, naming the operation, when an operationId is missing', () => {
    assert.throws(
      () => loadApiSpec('openapi: 3.1.0\ninfo: {title: X, version: "1"}\npaths:\n  /a:\n    get:\n      summary: A\n', 'x.yaml'),
      (error: Error) => error instanceof OpenApiRenderError && /x\.yaml: operation GET \/a has no operationId/.test(error.message),
    );
  });

  test('operationSlug matches the kebab case of the API pages', () => {
    assert.equal(operationSlug('describeNode'), 'describe-node');
    assert.equal(operationSlug('list-alerts'), 'list-alerts');
    assert.equal(operationSlug('Tower API'), 'tower-api');
  });
});

describe('renderOperation', () => {
  const spec = loadApiSpec(SPEC);
  const [describeNode, logIn] = spec.operations;

  test('names method, path, authentication and parameters from path and operation level', () => {
    const out = renderOperation(spec, describeNode, context);
    assert.match(out, /^# Describe a node\n\n`GET \/nodes\/\{id\}`/);
    assert.match(out, /Operation ID: `describeNode`/);
    assert.match(out, /Send any one of:\n\n- `BearerAuth`: header `Authorization: Bearer <token>` \(JWT\)\.\n- `KeyAuth`: header `X-Key`\./);
    assert.match(out, /Path parameters:\n\n- `id` \(string, required\): Node id\./);
    assert.match(out, /Query parameters:\n\n- `depth` \(integer, optional\): Default: `1`\./);
    assert.match(out, /\[runs\]\(https:\/\/docs\.example\.com\/docs\/concepts\/runs\)/);
  });

  test('resolves $refs into field lists and stops at recursion', () => {
    const out = renderOperation(spec, describeNode, context);
    assert.match(out, /Schema `Node`\. A node in a tree\./);
    assert.match(out, /- `name` \(string, required\): Node name\./);
    assert.match(out, /- `parent` \(Node \(recursive: same fields as the Node above\), optional\): The parent node\./);
    assert.match(out, /- `children` \(array of Node \(recursive[^)]*\), optional\)/);
    assert.match(out, /- `updated_at` \(string \(date-time\) or null, optional\)/);
    assert.match(out, /### default \(any other status\)\n\nError\.\n\nNo body\./);
  });

  test('renders request bodies, enums, maps, no-auth and oneOf shapes', () => {
    const out = renderOperation(spec, logIn, context, 3);
    assert.match(out, /^### Log in\n/);
    assert.match(out, /#### Authentication\n\nNone: this operation needs no credentials\./);
    assert.match(out, /#### Request body\n\nRequired\./);
    assert.match(out, /- `user` \(string, required\): User name\./);
    assert.match(out, /- `mode` \(string, optional\): One of: `password`, `device`\./);
    assert.match(out, /- `meta` \(object \(map of string keys to string values\), optional\)/);
    assert.match(out, /##### 204\n\nDone\.\n\nNo body\./);
    assert.match(out, /The `kind` field tells the shapes apart\./);
    assert.match(out, /- Shape Ping \(when `kind` is `ping`\)\n {2}- `kind` \(string, optional\)\n {2}- `at` \(string \(date-time\), optional\)/);
    assert.match(out, /- Shape Pong \(when `kind` is `pong`\)/);
  });

  test('the API file has every operation under its tag, and is the same every time', () => {
    const first = renderApiFile(spec, context, 'Intro.');
    assert.match(first, /^# Demo API reference \(v1\.2\.3\)\n\n> A small API\.\n\nIntro\./);
    assert.match(first, /\n## Nodes\n\nTree nodes\.\n\n### Describe a node\n/);
    assert.match(first, /\n### Log in\n/);
    assert.equal(renderApiFile(loadApiSpec(SPEC), context, 'Intro.'), first);
  });
});
