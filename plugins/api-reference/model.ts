/**
 * The one reader of the OpenAPI document. It parses the file once, checks what
 * the pages depend on (an operationId and one declared tag per operation, page
 * slugs that do not collide), bundles and dereferences it with
 * @redocly/openapi-core, and hands out a typed model. The MDX pages, their
 * Markdown twins, llms-api.txt and the sidebar are all rendered from it.
 *
 * Two entry points share the same parse and checks:
 * - `readApiOutline` is synchronous and stops before the schemas: sidebars.ts
 *   needs the operations while Docusaurus loads it with a plain require.
 * - `loadApiModel` returns the whole model. It is memoised per file content, so
 *   the plugins that need it in one build share one load.
 *
 * Every problem is a SpecError whose message starts with `file:line:col`.
 */
import {createHash} from 'node:crypto';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {
  bundle,
  createConfig,
  escapePointerFragment,
  getLineColLocation,
  makeDocumentFromString,
  YamlParseError,
  type Document,
  type NormalizedProblem,
} from '@redocly/openapi-core';

export class SpecError extends Error {}

/** A JSON Schema after dereferencing, as far as the pages use it. */
export type Schema = {
  /** The component name when the schema is one of #/components/schemas (kept through dereferencing). */
  name?: string;
  /** Declared JSON types other than "null"; empty when the schema does not say. */
  types: string[];
  /** `null` is allowed: a type list with "null", or OpenAPI 3.0's `nullable: true`. */
  nullable: boolean;
  format?: string;
  title?: string;
  description?: string;
  enum?: unknown[];
  /** `const`; undefined when absent (a const of null is null). */
  const?: unknown;
  /** `default`; undefined when absent. */
  default?: unknown;
  /** `example` (3.0) and `examples` (3.1), in that order. */
  examples: unknown[];
  readOnly: boolean;
  writeOnly: boolean;
  deprecated: boolean;
  /** Validation keywords that limit values (minimum, pattern, maxItems...), in a fixed order. */
  constraints: Constraint[];
  properties: Property[];
  /** Undefined when the schema does not say; `false` forbids other keys. */
  additionalProperties?: Schema | boolean;
  items?: Schema;
  oneOf?: Schema[];
  anyOf?: Schema[];
  allOf?: Schema[];
  /** Property that tells oneOf/anyOf variants apart, and which value means which component. */
  discriminator?: {propertyName: string; mapping: Record<string, string>};
  /** x-tower-spec-name: the schema's name in Tower's generated clients, when it differs. */
  specName?: string;
  /** The dereferenced JSON Schema itself, for the example generator. */
  json: Record<string, unknown>;
};

const CONSTRAINT_KEYWORDS = [
  'minimum',
  'exclusiveMinimum',
  'maximum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'pattern',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minProperties',
  'maxProperties',
] as const;
export type Constraint = {keyword: (typeof CONSTRAINT_KEYWORDS)[number]; value: unknown};

export type Property = {name: string; required: boolean; schema: Schema};

export type Example = {name?: string; summary?: string; value: unknown};

export type MediaType = {mediaType: string; schema?: Schema; examples: Example[]};

export type ParameterLocation = 'path' | 'query' | 'header' | 'cookie';

export type Parameter = {
  name: string;
  in: ParameterLocation;
  description?: string;
  required: boolean;
  deprecated: boolean;
  style?: string;
  explode?: boolean;
  schema?: Schema;
  examples: Example[];
};

type Header = {name: string; description?: string; required: boolean; deprecated: boolean; schema?: Schema};

export type Response = {
  /** "200", "2XX" or "default". */
  status: string;
  description?: string;
  headers: Header[];
  /** Empty when the response has no body (a 204, for example). */
  content: MediaType[];
};

export type RequestBody = {description?: string; required: boolean; content: MediaType[]};

export type SecurityScheme = {
  /** The key under components.securitySchemes, e.g. "BearerAuth". */
  name: string;
  type: string;
  /** For type http: "bearer", "basic"... */
  scheme?: string;
  bearerFormat?: string;
  /** For type apiKey: where the key goes and under which name. */
  in?: string;
  parameterName?: string;
  description?: string;
};

/** One way to authenticate: every scheme in it is sent together. An empty list means "no credentials". */
export type SecurityAlternative = SecurityScheme[];

export type History = {lastSeenSpecVersion: string; absentFromSpecVersion: string};

export type OperationOutline = {
  /** operationId as written in the spec. */
  id: string;
  /** The page slug: the operationId in kebab case. */
  slug: string;
  /** Upper case: GET, POST... */
  method: string;
  path: string;
  tag: string;
  summary: string;
  /** Where the operation starts in the file, for messages. */
  line: number;
};

export type Operation = OperationOutline & {
  description: string;
  deprecated: boolean;
  /** Path-level and operation-level parameters merged; the operation's win. */
  parameters: Parameter[];
  requestBody?: RequestBody;
  /** In the order of the file. */
  responses: Response[];
  /** Alternatives; empty when the operation needs no credentials. */
  security: SecurityAlternative[];
  /** The first server of the operation, its path or the document. */
  serverUrl: string;
  /** x-tower-related: site routes of pages about the same subject. */
  related: string[];
  /** x-tower-cli: the `tower` command that does the same. */
  cli?: string;
  /** x-tower-sdk: the Tower SDK call that does the same. */
  sdk?: string;
  /** x-tower-history: the operation left the API; when it was last seen. */
  history?: History;
};

export type Tag = {name: string; description?: string};

type ApiOutline = {
  /** The file as named in messages, e.g. openapi/tower-api.yaml. */
  file: string;
  title: string;
  tags: Tag[];
  /** In the order of the file. */
  operations: OperationOutline[];
};

export type ApiInfo = {
  title: string;
  version: string;
  summary?: string;
  description: string;
  termsOfService?: string;
  contact?: {name?: string; email?: string; url?: string};
  license?: {name: string; url?: string; identifier?: string};
};

export type ApiModel = {
  file: string;
  info: ApiInfo;
  /** The document's first server. */
  serverUrl: string;
  /** In the order of components.securitySchemes. */
  securitySchemes: SecurityScheme[];
  tags: (Tag & {operations: Operation[]})[];
  /** In the order of the file. */
  operations: Operation[];
  /** components.schemas by name. */
  schemas: Map<string, Schema>;
};

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
const LOCATIONS: ParameterLocation[] = ['path', 'query', 'header', 'cookie'];
/** Written on each component schema before dereferencing, so every copy of it keeps its name. */
const SCHEMA_NAME_KEY = 'x-tower-docs-schema-name';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** The page slug of an operationId: `listApps`, `list_apps` and `list-apps` all give `list-apps`. */
export function operationSlug(operationId: string): string {
  return operationId
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase();
}

function pointerOf(...segments: (string | number)[]): string {
  return `#/${segments.map((segment) => escapePointerFragment(String(segment))).join('/')}`;
}

/** The parsed document plus a way to name a place in it as file:line:col. */
type Parsed = {
  document: Document;
  file: string;
  /** Line and column of the value at `pointer` (of its key when `onKey`). */
  locate: (pointer: string, onKey?: boolean) => {line: number; col: number} | undefined;
  /** `file:line:col` of the value at `pointer`. */
  where: (pointer: string, onKey?: boolean) => string;
};

function parse(absolutePath: string, file: string, source: string): Parsed {
  let document: Document;
  try {
    document = makeDocumentFromString(source, absolutePath);
  } catch (error) {
    if (error instanceof YamlParseError) {
      const message = error.message.replace(/\s*\(\d+:\d+\)$/, '');
      throw new SpecError(`${file}:${error.line}:${error.col}: not valid YAML: ${message}`);
    }
    throw error;
  }
  const locate = (pointer: string, onKey = false): {line: number; col: number} | undefined => {
    try {
      return getLineColLocation({source: document.source, pointer, reportOnKey: onKey}).start;
    } catch {
      return undefined;
    }
  };
  const where = (pointer: string, onKey = false): string => {
    const position = locate(pointer, onKey);
    return position ? `${file}:${position.line}:${position.col}` : `${file} (${pointer})`;
  };
  return {document, file, locate, where};
}

/** Checks the structure the pages rely on and lists the operations. */
function outlineOf({document, file, locate, where}: Parsed): ApiOutline {
  const root = document.parsed;
  if (!isObject(root) || typeof root.openapi !== 'string' || !root.openapi.startsWith('3.')) {
    throw new SpecError(`${file}:1:1: not an OpenAPI 3 document (no "openapi: 3.x" at the top)`);
  }
  const info = isObject(root.info) ? root.info : undefined;
  if (!info || !text(info.title)) throw new SpecError(`${where('#/info')}: info.title is missing`);
  if (!isObject(root.paths)) throw new SpecError(`${file}:1:1: the document has no paths`);
  if (root.webhooks !== undefined) {
    throw new SpecError(`${where('#/webhooks', true)}: top-level webhooks are not rendered by plugins/api-reference yet`);
  }
  const declaredTags = Array.isArray(root.tags) ? root.tags.filter(isObject) : [];
  const tags: Tag[] = declaredTags.map((tag) => ({name: String(tag.name), description: text(tag.description)}));
  const tagNames = new Set(tags.map((tag) => tag.name));

  const operations: OperationOutline[] = [];
  const bySlug = new Map<string, {id: string; at: string}>();
  for (const [apiPath, pathItem] of Object.entries(root.paths)) {
    if (!isObject(pathItem)) continue;
    if (typeof pathItem.$ref === 'string') {
      throw new SpecError(`${where(pointerOf('paths', apiPath), true)}: a path item that is a $ref is not supported; write it out`);
    }
    for (const method of HTTP_METHODS) {
      const operation = pathItem[method];
      if (!isObject(operation)) continue;
      const pointer = pointerOf('paths', apiPath, method);
      const label = `${method.toUpperCase()} ${apiPath}`;
      const id = text(operation.operationId);
      if (!id) throw new SpecError(`${where(pointer, true)}: ${label} has no operationId (its page needs one)`);
      const at = where(`${pointer}/operationId`);
      const slug = operationSlug(id);
      if (!slug) throw new SpecError(`${at}: operationId "${id}" has no letters or digits to make a page name of`);
      const earlier = bySlug.get(slug);
      if (earlier) {
        const same = earlier.id === id ? `operationId "${id}" is used twice` : `operationIds "${earlier.id}" and "${id}" give the same page "${slug}"`;
        throw new SpecError(`${at}: ${same} (first at ${earlier.at})`);
      }
      bySlug.set(slug, {id, at});
      const operationTags = Array.isArray(operation.tags) ? operation.tags : [];
      if (operationTags.length !== 1) {
        throw new SpecError(
          `${where(pointer, true)}: operation "${id}" needs exactly one tag (it has ${operationTags.length}); the sidebar groups pages by tag`,
        );
      }
      const tag = String(operationTags[0]);
      if (!tagNames.has(tag)) {
        throw new SpecError(`${where(`${pointer}/tags/0`)}: operation "${id}" has the tag "${tag}", which the top-level tags do not declare`);
      }
      const line = locate(pointer, true)?.line ?? 0;
      operations.push({id, slug, method: method.toUpperCase(), path: apiPath, tag, summary: text(operation.summary) ?? id, line});
    }
  }
  return {file, title: text(info.title)!, tags, operations};
}

function displayName(absolutePath: string): string {
  return path.relative(process.cwd(), absolutePath) || absolutePath;
}

/** Titles, tags and operations of the spec, without their schemas. */
export function readApiOutline(specPath: string, file = displayName(specPath)): ApiOutline {
  return outlineOf(parse(path.resolve(specPath), file, readFileSync(specPath, 'utf8')));
}

// ---- The whole model.

function examplesOf(node: Json): Example[] {
  const examples: Example[] = [];
  if (node.example !== undefined) examples.push({value: node.example});
  if (isObject(node.examples)) {
    for (const [name, example] of Object.entries(node.examples)) {
      if (isObject(example) && example.value !== undefined) examples.push({name, summary: text(example.summary), value: example.value});
    }
  }
  return examples;
}

function schemaReader() {
  const seen = new Map<object, Schema>();
  const read = (input: unknown): Schema => {
    // JSON Schema allows `true` (anything) and `false` (nothing) as schemas.
    const json: Json = isObject(input) ? input : {};
    const known = seen.get(json);
    if (known) return known;
    const declared = Array.isArray(json.type) ? json.type.map(String) : typeof json.type === 'string' ? [json.type] : [];
    const schema: Schema = {
      name: text(json[SCHEMA_NAME_KEY]),
      types: declared.filter((type) => type !== 'null'),
      nullable: declared.includes('null') || json.nullable === true,
      format: text(json.format),
      title: text(json.title),
      description: text(json.description),
      enum: Array.isArray(json.enum) ? json.enum : undefined,
      const: json.const,
      default: json.default,
      examples: [...(json.example !== undefined ? [json.example] : []), ...(Array.isArray(json.examples) ? json.examples : [])],
      readOnly: json.readOnly === true,
      writeOnly: json.writeOnly === true,
      deprecated: json.deprecated === true,
      // `false` says nothing (uniqueItems: false; OpenAPI 3.0's exclusiveMinimum: false).
      constraints: CONSTRAINT_KEYWORDS.filter((keyword) => json[keyword] !== undefined && json[keyword] !== false).map((keyword) => ({
        keyword,
        value: json[keyword],
      })),
      properties: [],
      specName: text(json['x-tower-spec-name']),
      json,
    };
    // Registered before the children are read, so a recursive schema becomes a cycle, not an endless loop.
    seen.set(json, schema);
    const required = new Set(Array.isArray(json.required) ? json.required.map(String) : []);
    if (isObject(json.properties)) {
      schema.properties = Object.entries(json.properties).map(([name, property]) => ({name, required: required.has(name), schema: read(property)}));
    }
    if (typeof json.additionalProperties === 'boolean') schema.additionalProperties = json.additionalProperties;
    else if (isObject(json.additionalProperties)) schema.additionalProperties = read(json.additionalProperties);
    if (json.items !== undefined && !Array.isArray(json.items)) schema.items = read(json.items);
    for (const keyword of ['oneOf', 'anyOf', 'allOf'] as const) {
      if (Array.isArray(json[keyword])) schema[keyword] = (json[keyword] as unknown[]).map(read);
    }
    if (isObject(json.discriminator) && typeof json.discriminator.propertyName === 'string') {
      const mapping = isObject(json.discriminator.mapping) ? json.discriminator.mapping : {};
      schema.discriminator = {
        propertyName: json.discriminator.propertyName,
        // Mapping values are references (#/components/schemas/Name) or bare names.
        mapping: Object.fromEntries(Object.entries(mapping).map(([value, target]) => [value, String(target).split('/').pop() ?? String(target)])),
      };
    }
    return schema;
  };
  return read;
}

function mediaTypesOf(content: unknown, read: (json: unknown) => Schema): MediaType[] {
  if (!isObject(content)) return [];
  return Object.entries(content).map(([mediaType, media]) => {
    const node = isObject(media) ? media : {};
    return {mediaType, schema: node.schema === undefined ? undefined : read(node.schema), examples: examplesOf(node)};
  });
}

function parameterOf(node: Json, read: (json: unknown) => Schema): Parameter {
  // A parameter has either a schema or a content map with one media type.
  const content = mediaTypesOf(node.content, read)[0];
  const location = String(node.in) as ParameterLocation;
  return {
    name: String(node.name),
    in: location,
    description: text(node.description),
    required: node.required === true || location === 'path',
    deprecated: node.deprecated === true,
    style: text(node.style),
    explode: typeof node.explode === 'boolean' ? node.explode : undefined,
    schema: node.schema !== undefined ? read(node.schema) : content?.schema,
    examples: [...examplesOf(node), ...(content?.examples ?? [])],
  };
}

function securitySchemesOf(root: Json): SecurityScheme[] {
  const schemes = isObject(root.components) && isObject(root.components.securitySchemes) ? root.components.securitySchemes : {};
  return Object.entries(schemes)
    .filter((entry): entry is [string, Json] => isObject(entry[1]))
    .map(([name, scheme]) => ({
      name,
      type: String(scheme.type),
      scheme: text(scheme.scheme)?.toLowerCase(),
      bearerFormat: text(scheme.bearerFormat),
      in: text(scheme.in),
      parameterName: text(scheme.name),
      description: text(scheme.description),
    }));
}

function firstServer(...candidates: unknown[]): string | undefined {
  for (const servers of candidates) {
    if (Array.isArray(servers) && isObject(servers[0]) && typeof servers[0].url === 'string') return servers[0].url.replace(/\/$/, '');
  }
  return undefined;
}

function problemsMessage(problems: NormalizedProblem[], parsed: Parsed): string {
  return problems
    .map((problem) => {
      const location = problem.location[0];
      let at = parsed.file;
      if (location) {
        try {
          const {start} = getLineColLocation(location);
          at = `${parsed.file}:${start.line}:${start.col}`;
        } catch {
          at = `${parsed.file} (${location.pointer ?? ''})`;
        }
      }
      const pointer = location?.pointer ? ` at ${location.pointer}` : '';
      return `${at}: ${problem.message}${pointer}`;
    })
    .join('\n');
}

let redoclyConfig: ReturnType<typeof createConfig> | undefined;

async function build(parsed: Parsed): Promise<ApiModel> {
  const outline = outlineOf(parsed);
  const root = parsed.document.parsed as Json;
  const components = isObject(root.components) ? root.components : {};
  const componentSchemas = isObject(components.schemas) ? components.schemas : {};
  for (const [name, schema] of Object.entries(componentSchemas)) {
    if (isObject(schema)) schema[SCHEMA_NAME_KEY] = name;
  }
  // The config only matters for decorators and preprocessors, and we use none.
  redoclyConfig ??= createConfig({});
  const result = await bundle({doc: parsed.document, config: await redoclyConfig, dereference: true});
  const errors = result.problems.filter((problem) => problem.severity === 'error');
  if (errors.length) throw new SpecError(problemsMessage(errors, parsed));

  const document = result.bundle.parsed as Json;
  const read = schemaReader();
  const securitySchemes = securitySchemesOf(document);
  const schemeByName = new Map(securitySchemes.map((scheme) => [scheme.name, scheme]));
  const info = document.info as Json;
  const serverUrl = firstServer(document.servers);
  if (!serverUrl) throw new SpecError(`${parsed.where('#/info', true)}: the document has no servers[0].url, which every code sample needs`);
  const paths = document.paths as Record<string, Json>;

  const operations: Operation[] = outline.operations.map((entry) => {
    const pathItem = paths[entry.path];
    const operation = pathItem[entry.method.toLowerCase()] as Json;
    const pointer = pointerOf('paths', entry.path, entry.method.toLowerCase());
    const parameters = new Map<string, Parameter>();
    for (const node of [
      ...(Array.isArray(pathItem.parameters) ? pathItem.parameters : []),
      ...(Array.isArray(operation.parameters) ? operation.parameters : []),
    ]) {
      if (!isObject(node)) continue;
      const parameter = parameterOf(node, read);
      if (!LOCATIONS.includes(parameter.in)) throw new SpecError(`${parsed.where(pointer, true)}: parameter "${parameter.name}" is in "${parameter.in}"`);
      parameters.set(`${parameter.in}:${parameter.name}`, parameter);
    }
    const requirements = Array.isArray(operation.security) ? operation.security : Array.isArray(document.security) ? document.security : [];
    const security = requirements.filter(isObject).map((requirement) =>
      Object.keys(requirement).map((name) => {
        const scheme = schemeByName.get(name);
        if (!scheme)
          throw new SpecError(
            `${parsed.where(`${pointer}/security`)}: operation "${entry.id}" uses the security scheme "${name}", which components.securitySchemes does not declare`,
          );
        return scheme;
      }),
    );
    const responses: Response[] = Object.entries(isObject(operation.responses) ? operation.responses : {}).map(([status, node]) => {
      const response = isObject(node) ? node : {};
      const headers = Object.entries(isObject(response.headers) ? response.headers : {}).map(([name, header]) => {
        const headerNode = isObject(header) ? header : {};
        const content = mediaTypesOf(headerNode.content, read)[0];
        return {
          name,
          description: text(headerNode.description),
          required: headerNode.required === true,
          deprecated: headerNode.deprecated === true,
          schema: headerNode.schema !== undefined ? read(headerNode.schema) : content?.schema,
        };
      });
      return {status, description: text(response.description), headers, content: mediaTypesOf(response.content, read)};
    });
    const body = isObject(operation.requestBody) ? operation.requestBody : undefined;
    const history = isObject(operation['x-tower-history']) ? operation['x-tower-history'] : undefined;
    return {
      ...entry,
      description: text(operation.description) ?? '',
      deprecated: operation.deprecated === true,
      parameters: [...parameters.values()],
      requestBody: body ? {description: text(body.description), required: body.required === true, content: mediaTypesOf(body.content, read)} : undefined,
      responses,
      // `security: [{}]` means no credentials; an empty alternative among others means they are optional.
      security: security.every((alternative) => alternative.length === 0) ? [] : security,
      serverUrl: firstServer(operation.servers, pathItem.servers, document.servers)!,
      related: Array.isArray(operation['x-tower-related']) ? operation['x-tower-related'].map(String) : [],
      cli: text(operation['x-tower-cli']),
      sdk: text(operation['x-tower-sdk']),
      history: history ? {lastSeenSpecVersion: String(history.lastSeenSpecVersion), absentFromSpecVersion: String(history.absentFromSpecVersion)} : undefined,
    };
  });

  const schemas = new Map<string, Schema>();
  const bundledSchemas = isObject(document.components) && isObject(document.components.schemas) ? document.components.schemas : {};
  for (const [name, schema] of Object.entries(bundledSchemas)) schemas.set(name, read(schema));

  const contact = isObject(info.contact) ? info.contact : undefined;
  const license = isObject(info.license) && typeof info.license.name === 'string' ? info.license : undefined;
  return {
    file: parsed.file,
    info: {
      title: outline.title,
      version: String(info.version ?? ''),
      summary: text(info.summary),
      description: text(info.description) ?? '',
      termsOfService: text(info.termsOfService),
      contact: contact ? {name: text(contact.name), email: text(contact.email), url: text(contact.url)} : undefined,
      license: license ? {name: String(license.name), url: text(license.url), identifier: text(license.identifier)} : undefined,
    },
    serverUrl,
    securitySchemes,
    tags: outline.tags.map((tag) => ({...tag, operations: operations.filter((operation) => operation.tag === tag.name)})),
    operations,
    schemas,
  };
}

const loaded = new Map<string, {hash: string; model: Promise<ApiModel>}>();

/**
 * The whole model of the spec at `specPath`. Loads once per file content: a
 * second call with the file unchanged returns the same model.
 */
export function loadApiModel(specPath: string, file = displayName(specPath)): Promise<ApiModel> {
  const absolutePath = path.resolve(specPath);
  const source = readFileSync(absolutePath, 'utf8');
  const hash = createHash('sha256').update(file).update('\0').update(source).digest('hex');
  const cached = loaded.get(absolutePath);
  if (cached?.hash === hash) return cached.model;
  const model = Promise.resolve().then(() => build(parse(absolutePath, file, source)));
  loaded.set(absolutePath, {hash, model});
  // A failed load is not kept: the next call (after a fix) tries again.
  model.catch(() => {
    if (loaded.get(absolutePath)?.model === model) loaded.delete(absolutePath);
  });
  return model;
}
