/**
 * Checks openapi/tower-api.yaml against what is known about the Tower API: the facts in
 * data/api-facts/ (see its README). Every operation of the facts must be in the spec with the
 * same method, path, parameters, body, statuses and security, every model must be a component
 * schema with the same fields, and the spec may hold nothing else.
 *
 * Run: node --import tsx --test tests/unit/openapi-spec.test.ts
 */
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, test} from 'node:test';
import {fileURLToPath} from 'node:url';
import {parse} from 'yaml';
import {CliIndex, checkTowerArgs, shellCommands, type CliManifest} from '../../lib/tower-cli';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const specPath = path.join(repoRoot, 'openapi/tower-api.yaml');
const factsDir = path.join(repoRoot, 'data/api-facts');

type FactParam = {
  name: string;
  type: string;
  format?: string;
  required: boolean;
  default?: unknown;
  enum?: string[];
  style?: string;
  explode?: boolean;
};
type FactOperation = {
  id: string;
  tag?: string;
  suggestedTag?: string;
  method: string;
  path: string;
  streaming: boolean;
  pathParams: FactParam[];
  queryParams: FactParam[];
  headerParams: FactParam[];
  requestBody: string | null;
  requestBodyRequired?: boolean;
  requestContentTypes?: string[];
  response: {status: string; model: string | null; array?: boolean; otherResponses: {status: string; model: string | null}[]};
  auth: {required: boolean; bearer: boolean; apiKeyHeader: string | null};
  history?: {lastSeenSpecVersion: string; specVersionAfterRemoval: string};
};
type FactField = {
  name: string;
  type: string;
  format: string | null;
  required: boolean;
  nullable: boolean;
  ref?: string;
  enum?: string[];
  default?: unknown;
};
type FactModel = {
  name: string;
  kind: 'object' | 'oneOf';
  specNameHint?: string;
  fields: FactField[];
  oneOf?: string[];
  discriminator?: {property: string; mapping: Record<string, string>};
  historicalVariant?: {specVersion: string; usedBy: string[]; fields: FactField[]};
};

type Schema = {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  default?: unknown;
  items?: Schema;
  $ref?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  oneOf?: Schema[];
  discriminator?: {propertyName: string; mapping?: Record<string, string>};
  'x-tower-spec-name'?: string;
};
type SpecParameter = {
  name: string;
  in: string;
  required?: boolean;
  style?: string;
  explode?: boolean;
  schema?: Schema;
};
type SpecOperation = {
  operationId: string;
  tags?: string[];
  summary?: string;
  description?: string;
  parameters?: SpecParameter[];
  requestBody?: {required?: boolean; content: Record<string, {schema?: Schema}>};
  responses: Record<string, {content?: Record<string, {schema?: Schema}>}>;
  security?: Record<string, string[]>[];
  'x-tower-related'?: unknown;
  'x-tower-cli'?: unknown;
  'x-tower-sdk'?: unknown;
  'x-tower-history'?: {lastSeenSpecVersion?: string; absentFromSpecVersion?: string};
};

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
const SCHEMA_PREFIX = '#/components/schemas/';

function readFacts<T>(name: string): T[] {
  return JSON.parse(readFileSync(path.join(factsDir, name), 'utf8')) as T[];
}

const spec = parse(readFileSync(specPath, 'utf8'));
const documentedOperations = readFacts<FactOperation>('operations.json');
const extraOperations = readFacts<FactOperation>('extra-operations.json');
const documentedModels = readFacts<FactModel>('models.json');
const extraModels = readFacts<FactModel>('extra-models.json');
const factOperations = [...documentedOperations, ...extraOperations];
const factModels = [...documentedModels, ...extraModels];
const specSchemas: Record<string, Schema> = spec.components?.schemas ?? {};
const modelsByName = new Map(factModels.map((model) => [model.name, model]));

/** The group an operation belongs to: the site's tag, or the suggested one for the further operations. */
function tagOf(fact: FactOperation): string {
  const tag = fact.tag ?? fact.suggestedTag;
  assert.ok(tag, `${fact.id} has a tag or a suggestedTag in the facts`);
  return tag;
}

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

function operationOf(fact: FactOperation): SpecOperation {
  const entry = byId.get(fact.id);
  assert.ok(entry, `${fact.id} is in the spec`);
  return entry.op;
}

/** Names in the order of their first appearance. */
function firstAppearances(names: string[]): string[] {
  return [...new Set(names)];
}

/** Resolves a local JSON pointer such as `#/components/schemas/Run`. */
function resolvePointer(pointer: string): unknown {
  assert.ok(pointer.startsWith('#/'), `only local references are used, got ${pointer}`);
  let node: unknown = spec;
  for (const raw of pointer.slice(2).split('/')) {
    const key = decodeURIComponent(raw).replaceAll('~1', '/').replaceAll('~0', '~');
    if (node === null || typeof node !== 'object' || !(key in node)) return undefined;
    node = (node as Record<string, unknown>)[key];
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

/** `{$ref}` of a component schema. */
function refTo(model: string): {$ref: string} {
  return {$ref: `${SCHEMA_PREFIX}${model}`};
}

const ENUM_TYPE = /^enum\[(.*)\]$/;
const PRIMITIVE_TYPES = ['string', 'integer', 'number', 'boolean', 'object'];

/**
 * How a value of the facts' notation (`string`, `array<X>`, `$ref Model`, `enum[a,b]`, `any`, ...)
 * must look as a schema. Returns the differences, each naming what is wrong.
 */
function typeProblems(where: string, factType: string, nullable: boolean, schema: Schema | undefined): string[] {
  if (!schema) return [`${where}: no schema`];
  const types = Array.isArray(schema.type) ? schema.type : schema.type === undefined ? [] : [schema.type];
  const problems: string[] = [];
  const expectType = (base: string) => {
    const expected = nullable ? [base, 'null'] : [base];
    if (JSON.stringify(types) !== JSON.stringify(expected))
      problems.push(`${where}: type ${JSON.stringify(schema.type)}, expected ${JSON.stringify(expected)}`);
  };
  const enumValues = ENUM_TYPE.exec(factType)?.[1].split(',');
  if (factType === 'any') {
    if (types.length) problems.push(`${where}: any JSON value, so no type, got ${JSON.stringify(schema.type)}`);
  } else if (factType.startsWith('$ref ')) {
    const model = factType.slice('$ref '.length);
    if (schema.$ref !== `${SCHEMA_PREFIX}${model}`) problems.push(`${where}: $ref ${schema.$ref}, expected ${model}`);
  } else if (enumValues) {
    expectType('string');
    const expected = nullable ? [...enumValues, null] : enumValues;
    if (JSON.stringify(schema.enum) !== JSON.stringify(expected))
      problems.push(`${where}: enum ${JSON.stringify(schema.enum)}, expected ${JSON.stringify(expected)}`);
  } else if (factType.startsWith('array<')) {
    expectType('array');
    problems.push(...typeProblems(`${where}[]`, factType.slice('array<'.length, -1), false, schema.items));
  } else if (PRIMITIVE_TYPES.includes(factType)) {
    expectType(factType);
  } else {
    // A model name, as in array<Run>: a reference, or the model's older shape written inline.
    const variant = modelsByName.get(factType)?.historicalVariant;
    if (schema.$ref === undefined && variant) problems.push(...objectProblems(`${where} (${factType} ${variant.specVersion})`, variant.fields, schema));
    else if (schema.$ref !== `${SCHEMA_PREFIX}${factType}`) problems.push(`${where}: $ref ${schema.$ref}, expected ${factType}`);
  }
  return problems;
}

/** How an object schema differs from a model's fields: names, required, types, formats, defaults. */
function objectProblems(where: string, fields: FactField[], schema: Schema): string[] {
  const problems: string[] = [];
  if (schema.type !== 'object') problems.push(`${where}: type ${JSON.stringify(schema.type)}, expected object`);
  const properties = schema.properties ?? {};
  const fieldNames = fields.map((field) => field.name).sort();
  if (JSON.stringify(Object.keys(properties).sort()) !== JSON.stringify(fieldNames)) {
    problems.push(`${where}: properties ${Object.keys(properties).sort().join(', ')}, expected ${fieldNames.join(', ')}`);
  }
  const required = fields
    .filter((field) => field.required)
    .map((field) => field.name)
    .sort();
  if (JSON.stringify([...(schema.required ?? [])].sort()) !== JSON.stringify(required)) {
    problems.push(`${where}: required ${JSON.stringify(schema.required ?? [])}, expected ${JSON.stringify(required)}`);
  }
  for (const field of fields) {
    const property = properties[field.name];
    if (!property) continue;
    const at = `${where}.${field.name}`;
    problems.push(...typeProblems(at, field.type, field.nullable, property));
    const format = property.format ?? property.items?.format;
    if ((field.format ?? undefined) !== format) problems.push(`${at}: format ${format}, expected ${field.format}`);
    if ('default' in field && JSON.stringify(property.default) !== JSON.stringify(field.default)) {
      problems.push(`${at}: default ${JSON.stringify(property.default)}, expected ${JSON.stringify(field.default)}`);
    }
  }
  return problems;
}

describe('data/api-facts', () => {
  test('holds the expected numbers of entries, each id and name once', () => {
    assert.equal(documentedOperations.length, 85);
    assert.equal(extraOperations.length, 40);
    assert.equal(documentedModels.length, 181);
    assert.equal(extraModels.length, 65);
    assert.equal(new Set(factOperations.map((op) => op.id)).size, factOperations.length);
    assert.equal(new Set(factModels.map((model) => model.name)).size, factModels.length);
    for (const op of documentedOperations) assert.ok(op.tag, `${op.id} has the site's tag`);
    for (const op of extraOperations) assert.ok(op.suggestedTag, `${op.id} has a suggested tag`);
  });
});

describe('openapi/tower-api.yaml', () => {
  test('is an OpenAPI 3.1 document for the Tower API', () => {
    assert.equal(spec.openapi, '3.1.0');
    assert.equal(spec.info?.title, 'Tower API');
    assert.match(String(spec.info?.version), /^v\d+\.\d+\.\d+$/);
    assert.deepEqual(
      spec.servers?.map((server: {url: string}) => server.url),
      ['https://api.tower.dev/v1'],
    );
  });

  test('has exactly the operations of the facts, and no others', () => {
    const specIds = specOperations().map((entry) => entry.op.operationId);
    assert.equal(new Set(specIds).size, specIds.length, 'operationIds are unique');
    const factIds = factOperations.map((op) => op.id);
    const missing = factIds.filter((id) => !specIds.includes(id));
    const extra = specIds.filter((id) => !factIds.includes(id));
    assert.deepEqual(missing, [], 'operations missing from the spec');
    assert.deepEqual(extra, [], 'operations in the spec that are not in the facts');
    assert.equal(specIds.length, factOperations.length);
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
      assert.ok(factPairs.has(`${method} ${p}`), `${method} ${p} (${op.operationId}) is in the facts`);
    }
  });

  test('top-level tags are the groups of the facts, each described, the site groups in their order', () => {
    const specTags: string[] = spec.tags?.map((tag: {name: string}) => tag.name) ?? [];
    const groups = firstAppearances(factOperations.map(tagOf));
    assert.deepEqual([...specTags].sort(), [...groups].sort(), 'one tag per group of the facts, and no others');
    // The groups of the site contract keep their relative order; new groups may sit between them.
    const siteGroups = firstAppearances(documentedOperations.map(tagOf));
    assert.deepEqual(
      specTags.filter((name) => siteGroups.includes(name)),
      siteGroups,
    );
    for (const tag of spec.tags) {
      assert.ok(typeof tag.description === 'string' && tag.description.length > 20, `tag ${tag.name} has a description`);
    }
  });

  test('the overview explains every group by name', () => {
    const overview = String(spec.info?.description ?? '').replace(/\s+/g, ' ');
    for (const tag of spec.tags as {name: string}[]) {
      assert.ok(overview.includes(`*${tag.name}*`), `info.description does not explain the group ${tag.name}`);
    }
  });

  test('each operation carries exactly its tag, a summary, a description and 1-3 related routes', () => {
    for (const fact of factOperations) {
      const op = operationOf(fact);
      assert.deepEqual(op.tags, [tagOf(fact)], `${fact.id} tags`);
      assert.ok(op.summary && op.summary.length > 0, `${fact.id} summary`);
      assert.ok(op.description && op.description.length > 40, `${fact.id} description`);
      const related = op['x-tower-related'];
      assert.ok(Array.isArray(related) && related.length >= 1 && related.length <= 3, `${fact.id} x-tower-related`);
      for (const route of related as unknown[]) {
        assert.match(String(route), /^\/docs\/[a-z0-9/-]+$/, `${fact.id} related route ${String(route)}`);
        assert.notEqual(route, `/docs/reference/api/${fact.id}`, `${fact.id} links itself`);
      }
    }
  });

  test('parameters match the facts (name, location, required, type, default, style)', () => {
    for (const fact of factOperations) {
      const op = operationOf(fact);
      const expected = [
        ...fact.pathParams.map((p) => ({...p, in: 'path'})),
        ...fact.queryParams.map((p) => ({...p, in: 'query'})),
        ...fact.headerParams.map((p) => ({...p, in: 'header'})),
      ];
      const actual = op.parameters ?? [];
      assert.deepEqual(actual.map((p) => `${p.in}:${p.name}`).sort(), expected.map((p) => `${p.in}:${p.name}`).sort(), `${fact.id} parameters`);
      for (const p of expected) {
        const where = `${fact.id} ${p.in} parameter ${p.name}`;
        const got = actual.find((a) => a.name === p.name && a.in === p.in)!;
        assert.equal(Boolean(got.required), p.in === 'path' ? true : p.required, `${where} required`);
        assert.deepEqual(typeProblems(where, p.type, false, got.schema), []);
        assert.equal(got.schema?.format ?? got.schema?.items?.format, p.format ?? undefined, `${where} format`);
        if ('default' in p) assert.deepEqual(got.schema?.default, p.default, `${where} default`);
        else assert.equal(got.schema?.default, undefined, `${where} has no default in the facts`);
        assert.equal(got.style, p.style, `${where} style`);
        assert.equal(got.explode, p.explode, `${where} explode`);
      }
    }
  });

  test('request bodies use the models, media types and required flag of the facts', () => {
    for (const fact of factOperations) {
      const op = operationOf(fact);
      if (fact.requestBody) {
        assert.ok(op.requestBody, `${fact.id} has a request body`);
        assert.deepEqual(Object.keys(op.requestBody.content).sort(), [...(fact.requestContentTypes ?? [])].sort(), `${fact.id} media types`);
        assert.deepEqual(op.requestBody.content['application/json']?.schema, refTo(fact.requestBody), `${fact.id} body schema`);
        assert.equal(op.requestBody.required, fact.requestBodyRequired, `${fact.id} body required`);
      } else {
        assert.equal(op.requestBody, undefined, `${fact.id} has no request body`);
      }
    }
  });

  test('responses have the statuses and models of the facts; bodiless statuses have no content', () => {
    for (const fact of factOperations) {
      const op = operationOf(fact);
      const statuses = [fact.response.status, ...fact.response.otherResponses.map((r) => r.status)];
      assert.deepEqual(Object.keys(op.responses).sort(), [...statuses].sort(), `${fact.id} response statuses`);
      for (const other of fact.response.otherResponses) {
        const response = op.responses[other.status];
        if (other.model === null) {
          assert.equal(response.content, undefined, `${fact.id} ${other.status} has no body`);
        } else {
          assert.deepEqual(
            response.content?.['application/problem+json']?.schema,
            refTo(other.model),
            `${fact.id} ${other.status} is a problem-details response`,
          );
        }
      }
      const success = op.responses[fact.response.status];
      if (fact.response.model && !fact.streaming) {
        assert.deepEqual(Object.keys(success.content ?? {}), ['application/json'], `${fact.id} success media type`);
        assert.deepEqual(success.content?.['application/json']?.schema, refTo(fact.response.model), `${fact.id} success schema`);
      }
      if (!fact.response.model) assert.equal(success.content, undefined, `${fact.id} success has no body`);
    }
  });

  test('streaming operations answer with text/event-stream, as a list of their event schema', () => {
    const streaming = factOperations.filter((op) => op.streaming);
    assert.ok(streaming.length >= 2);
    for (const fact of factOperations) {
      const op = operationOf(fact);
      const content = op.responses[fact.response.status].content ?? {};
      if (fact.streaming) {
        assert.deepEqual(Object.keys(content), ['text/event-stream'], `${fact.id} streams server-sent events`);
        const schema = content['text/event-stream'].schema;
        assert.equal(schema?.type, 'array', `${fact.id} event list`);
        assert.deepEqual(schema?.items, refTo(fact.response.model!), `${fact.id} event schema`);
      } else {
        assert.ok(!Object.keys(content).includes('text/event-stream'), `${fact.id} does not stream`);
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
      const op = operationOf(fact);
      const expected: Record<string, string[]>[] = [];
      if (fact.auth.required) {
        if (fact.auth.bearer) expected.push({BearerAuth: []});
        if (fact.auth.apiKeyHeader) expected.push({APIKeyAuth: []});
      }
      assert.deepEqual(op.security, expected, `${fact.id} security`);
    }
  });

  test("operations missing from today's clients say when they were last seen", () => {
    for (const fact of factOperations) {
      const history = operationOf(fact)['x-tower-history'];
      if (!fact.history) {
        assert.equal(history, undefined, `${fact.id} is in today's clients`);
        continue;
      }
      assert.deepEqual(
        history,
        {lastSeenSpecVersion: fact.history.lastSeenSpecVersion, absentFromSpecVersion: fact.history.specVersionAfterRemoval},
        `${fact.id} x-tower-history`,
      );
      assert.match(String(operationOf(fact).description), /\*\*Historical operation\.\*\*/, `${fact.id} says it is historical`);
    }
  });

  test('the component schemas are exactly the models of the facts', () => {
    const names = factModels.map((model) => model.name);
    const missing = names.filter((name) => !(name in specSchemas));
    const extra = Object.keys(specSchemas).filter((name) => !names.includes(name));
    assert.deepEqual(missing, [], 'models missing from the spec');
    assert.deepEqual(extra, [], 'schemas in the spec that are not in the facts');
  });

  test('each schema has the fields of its model: names, required, types, formats, enums, defaults', () => {
    const problems: string[] = [];
    for (const model of factModels) {
      const schema = specSchemas[model.name];
      if (!schema) continue;
      if (schema['x-tower-spec-name'] !== model.specNameHint) {
        problems.push(`${model.name}: x-tower-spec-name ${schema['x-tower-spec-name']}, expected ${model.specNameHint}`);
      }
      if (model.kind === 'oneOf') {
        const variants = (schema.oneOf ?? []).map((variant) => variant.$ref);
        if (JSON.stringify(variants) !== JSON.stringify(model.oneOf!.map((name) => refTo(name).$ref))) {
          problems.push(`${model.name}: oneOf ${JSON.stringify(variants)}`);
        }
        if (model.discriminator) {
          const mapping = Object.fromEntries(Object.entries(model.discriminator.mapping).map(([event, name]) => [event, refTo(name).$ref]));
          if (schema.discriminator?.propertyName !== model.discriminator.property) problems.push(`${model.name}: discriminator property`);
          if (JSON.stringify(schema.discriminator?.mapping) !== JSON.stringify(mapping)) problems.push(`${model.name}: discriminator mapping`);
        }
        continue;
      }
      problems.push(...objectProblems(model.name, model.fields, schema));
    }
    assert.deepEqual(problems, []);
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
    const manifest: {entries: {name: string}[]} = JSON.parse(readFileSync(path.join(repoRoot, 'data/sdk-manifest.json'), 'utf8'));
    const names = new Set(manifest.entries.map((entry) => entry.name));
    for (const {op} of specOperations()) {
      const call = op['x-tower-sdk'];
      if (call === undefined) continue;
      const name = /^([A-Za-z_][\w.]*)\(/.exec(String(call))?.[1];
      assert.ok(name && names.has(name), `${op.operationId} x-tower-sdk calls a documented SDK function: ${String(call)}`);
    }
  });
});
