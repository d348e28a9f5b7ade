/**
 * Renders an OpenAPI 3.x document as readable Markdown: one section per
 * operation with its method and path, authentication, parameters, request
 * body and responses, every `$ref` resolved into a nested field list.
 *
 * Used for the API reference text file and for the Markdown twin of every
 * API operation page, so both always say the same thing.
 */
import {parse as parseYaml} from 'yaml';
import {oneLine, shiftHeadings, tidy} from './markdown';

export class OpenApiRenderError extends Error {}

type Json = Record<string, unknown>;

export type Operation = {
  /** operationId as written in the spec. */
  id: string;
  /** Page slug of the operation (kebab case of the operationId). */
  slug: string;
  method: string;
  path: string;
  tag: string;
  summary: string;
  operation: Json;
  pathItem: Json;
};

export type ApiSpec = {
  document: Json;
  title: string;
  version: string;
  summary?: string;
  description?: string;
  baseUrl?: string;
  /** Tags in the spec's order, each with its operations in path order. */
  tags: {name: string; description?: string; operations: Operation[]}[];
  operations: Operation[];
};

export type RenderContext = {
  /** Absolute site URL without trailing slash, for the spec's site-relative links. */
  siteUrl: string;
  /** Route of the API pages, e.g. `/docs/reference/api`. */
  apiRoute: string;
};

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const MAX_DEPTH = 8;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The slug docusaurus-plugin-openapi-docs gives an operation page. */
export function operationSlug(operationId: string): string {
  return operationId
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase();
}

/** Parses and indexes a spec. Throws, naming the culprit, on anything it cannot render. */
export function loadApiSpec(yamlText: string, sourceName = 'OpenAPI document'): ApiSpec {
  let document: unknown;
  try {
    document = parseYaml(yamlText);
  } catch (error) {
    throw new OpenApiRenderError(`${sourceName}: not valid YAML (${(error as Error).message})`);
  }
  if (!isObject(document) || !isObject(document.paths) || !isObject(document.info)) {
    throw new OpenApiRenderError(`${sourceName}: not an OpenAPI document (no info or paths)`);
  }
  const info = document.info;
  const operations: Operation[] = [];
  const seen = new Map<string, string>();
  for (const [path, pathItem] of Object.entries(document.paths)) {
    if (!isObject(pathItem)) continue;
    for (const method of Object.keys(pathItem)) {
      if (!METHODS.includes(method)) continue;
      const operation = pathItem[method];
      if (!isObject(operation)) continue;
      const where = `${method.toUpperCase()} ${path}`;
      if (typeof operation.operationId !== 'string' || !operation.operationId) {
        throw new OpenApiRenderError(`${sourceName}: operation ${where} has no operationId`);
      }
      const slug = operationSlug(operation.operationId);
      if (seen.has(slug)) {
        throw new OpenApiRenderError(
          `${sourceName}: operations ${seen.get(slug)} and ${where} both map to the page "${slug}"`,
        );
      }
      seen.set(slug, where);
      const tags = Array.isArray(operation.tags) ? operation.tags.filter((t) => typeof t === 'string') : [];
      operations.push({
        id: operation.operationId,
        slug,
        method: method.toUpperCase(),
        path,
        tag: (tags[0] as string | undefined) ?? 'Other',
        summary: typeof operation.summary === 'string' ? operation.summary : operation.operationId,
        operation,
        pathItem,
      });
    }
  }
  const declared = Array.isArray(document.tags) ? document.tags.filter(isObject) : [];
  const tagNames = [
    ...declared.map((tag) => String(tag.name)),
    ...[...new Set(operations.map((op) => op.tag))].filter((name) => !declared.some((tag) => tag.name === name)),
  ];
  const tags = tagNames
    .map((name) => ({
      name,
      description: declared.find((tag) => tag.name === name)?.description as string | undefined,
      operations: operations.filter((op) => op.tag === name),
    }))
    .filter((tag) => tag.operations.length > 0);
  const servers = Array.isArray(document.servers) ? document.servers.filter(isObject) : [];
  return {
    document,
    title: typeof info.title === 'string' ? info.title : 'API',
    version: typeof info.version === 'string' ? info.version : '',
    summary: typeof info.summary === 'string' ? info.summary : undefined,
    description: typeof info.description === 'string' ? info.description : undefined,
    baseUrl: typeof servers[0]?.url === 'string' ? (servers[0].url as string) : undefined,
    tags,
    operations: tags.flatMap((tag) => tag.operations),
  };
}

/** Follows a local `$ref` (`#/components/...`). */
function resolveRef(spec: ApiSpec, ref: string): Json {
  if (!ref.startsWith('#/')) throw new OpenApiRenderError(`unsupported $ref "${ref}" (only local references)`);
  let node: unknown = spec.document;
  for (const raw of ref.slice(2).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    node = isObject(node) ? node[key] : undefined;
  }
  if (!isObject(node)) throw new OpenApiRenderError(`$ref "${ref}" points at nothing`);
  return node;
}

const refName = (ref: string): string => ref.split('/').pop() ?? ref;

/** Makes the spec's site-relative links (`/docs/...`) absolute. */
function absoluteLinks(text: string, context: RenderContext): string {
  return text.replace(/\]\((\/[^)\s]*)\)/g, (_all, href: string) => `](${context.siteUrl}${href})`);
}

function pageUrl(context: RenderContext, slug: string): string {
  return `${context.siteUrl}${context.apiRoute}/${slug}`;
}

function code(value: unknown): string {
  const text = typeof value === 'string' && value !== '' ? value : JSON.stringify(value);
  return text.includes('`') ? `\`\` ${text} \`\`` : `\`${text}\``;
}

type Described = {
  /** Short type label: `string (date-time)`, `array of Team`, `object`. */
  type: string;
  /** Notes after the description: enum values, default, deprecation. */
  notes: string[];
  description?: string;
  /** Fields to list under the entry (objects, arrays of objects). */
  fields?: {schema: Json; required: Set<string>; names: string[]};
  /** Alternatives of a oneOf / anyOf. */
  variants?: {label: string; schema: Json}[];
  variantsIntro?: string;
  /** Schema names on the path to here, to stop recursion. */
  stack: string[];
};

function typeList(schema: Json): string[] {
  if (Array.isArray(schema.type)) return schema.type.map(String);
  if (typeof schema.type === 'string') return [schema.type];
  if (isObject(schema.properties)) return ['object'];
  if (isObject(schema.items)) return ['array'];
  return [];
}

/** Works out how to show one schema; `$ref`s are followed, recursion is cut. */
function describe(spec: ApiSpec, input: Json, stack: string[]): Described {
  let schema = input;
  let name: string | undefined;
  let description = typeof input.description === 'string' ? input.description : undefined;
  const notes: string[] = [];
  if (typeof input.$ref === 'string') {
    name = refName(input.$ref);
    if (stack.includes(name)) {
      return {type: `${name} (recursive: same fields as the ${name} above)`, notes, description, stack};
    }
    schema = resolveRef(spec, input.$ref);
    stack = [...stack, name];
    description ??= typeof schema.description === 'string' ? schema.description : undefined;
  }
  if ((input.deprecated === true || schema.deprecated === true) && !/^deprecated\b/i.test(description ?? '')) {
    notes.push('Deprecated.');
  }
  if (input.readOnly === true || schema.readOnly === true) notes.push('Read-only.');
  if (input.writeOnly === true || schema.writeOnly === true) notes.push('Write-only.');
  if (Array.isArray(schema.enum)) notes.push(`One of: ${schema.enum.map(code).join(', ')}.`);
  if ('const' in schema) notes.push(`Always ${code(schema.const)}.`);
  const defaultValue = 'default' in input ? input.default : schema.default;
  if (defaultValue !== undefined) notes.push(`Default: ${code(defaultValue)}.`);
  for (const [key, label] of [
    ['minimum', 'Minimum'],
    ['maximum', 'Maximum'],
    ['minLength', 'Minimum length'],
    ['maxLength', 'Maximum length'],
    ['minItems', 'Minimum items'],
    ['maxItems', 'Maximum items'],
    ['pattern', 'Pattern'],
  ] as const) {
    if (schema[key] !== undefined) notes.push(`${label}: ${code(schema[key])}.`);
  }
  if (stack.length > MAX_DEPTH) {
    return {type: name ?? 'object', notes: [...notes, '(nested too deep to list here)'], description, stack};
  }

  const alternatives = (Array.isArray(schema.oneOf) && schema.oneOf) || (Array.isArray(schema.anyOf) && schema.anyOf);
  if (alternatives) {
    const discriminator = isObject(schema.discriminator) ? schema.discriminator : undefined;
    const mapping = isObject(discriminator?.mapping) ? (discriminator.mapping as Record<string, string>) : {};
    const variants = alternatives.filter(isObject).map((variant, i) => {
      const ref = typeof variant.$ref === 'string' ? variant.$ref : undefined;
      const value = ref ? Object.keys(mapping).find((key) => mapping[key] === ref) : undefined;
      const label = ref ? refName(ref) : `variant ${i + 1}`;
      return {label: value ? `${label} (when \`${discriminator?.propertyName}\` is ${code(value)})` : label, schema: variant};
    });
    const kind = Array.isArray(schema.oneOf) ? 'exactly one' : 'one or more';
    return {
      type: name ? `${name} (${kind} of ${variants.length} shapes)` : `${kind} of ${variants.length} shapes`,
      notes,
      description,
      variants,
      variantsIntro: discriminator?.propertyName
        ? `The \`${discriminator.propertyName}\` field tells the shapes apart.`
        : undefined,
      stack,
    };
  }

  const types = typeList(schema);
  const nullable = types.includes('null') || schema.nullable === true;
  const base = types.filter((type) => type !== 'null');
  let type = base.join(' or ') || 'any';
  let fields: Described['fields'];
  if (base.includes('array') && isObject(schema.items)) {
    const item = describe(spec, schema.items, stack);
    type = `array of ${item.type}`;
    fields = item.fields;
    if (item.notes.length) notes.push(`Items: ${item.notes.join(' ')}`);
    if (item.variants) return {type, notes, description, variants: item.variants, variantsIntro: item.variantsIntro, stack};
  } else if (isObject(schema.properties)) {
    const names = Object.keys(schema.properties);
    fields = {
      schema,
      required: new Set(Array.isArray(schema.required) ? schema.required.map(String) : []),
      names,
    };
    type = name ? `${name} object` : 'object';
  } else if (isObject(schema.additionalProperties)) {
    const value = describe(spec, schema.additionalProperties, stack);
    type = `object (map of string keys to ${value.type} values)`;
    fields = value.fields;
  } else if (name && base.length === 1 && base[0] === 'object') {
    type = `${name} object`;
  }
  if (typeof schema.format === 'string') type += ` (${schema.format})`;
  if (nullable) type += ' or null';
  return {type, notes, description, fields, stack};
}

/** A field list, one bullet per property, nested objects indented. */
function renderFields(spec: ApiSpec, described: Described, indent: string): string[] {
  const lines: string[] = [];
  if (described.variants) {
    if (described.variantsIntro) lines.push(`${indent}- ${described.variantsIntro}`);
    for (const variant of described.variants) {
      const inner = describe(spec, variant.schema, described.stack);
      const text = [inner.description ? oneLine(inner.description) : '', ...inner.notes].filter(Boolean).join(' ');
      lines.push(`${indent}- Shape ${variant.label}${text ? `: ${text}` : ''}`);
      lines.push(...renderFields(spec, inner, `${indent}  `));
    }
    return lines;
  }
  if (!described.fields) return lines;
  const properties = described.fields.schema.properties as Json;
  for (const field of described.fields.names) {
    const property = properties[field];
    if (!isObject(property)) continue;
    const inner = describe(spec, property, described.stack);
    const required = described.fields.required.has(field) ? 'required' : 'optional';
    const text = [inner.description ? oneLine(inner.description) : '', ...inner.notes].filter(Boolean).join(' ');
    lines.push(`${indent}- ${code(field)} (${inner.type}, ${required})${text ? `: ${text}` : ''}`);
    lines.push(...renderFields(spec, inner, `${indent}  `));
  }
  return lines;
}

/** Describes a request or response schema as a lead sentence plus a field list. */
export function renderSchema(spec: ApiSpec, schema: Json): string[] {
  const described = describe(spec, schema, []);
  const lead =
    typeof schema.$ref === 'string'
      ? `Schema \`${refName(schema.$ref)}\``
      : `Type: ${described.type}`;
  const extra = [described.description ? oneLine(described.description) : '', ...described.notes]
    .filter(Boolean)
    .join(' ');
  const lines = [`${lead}${extra ? `. ${extra}` : '.'}`.replace(/\.\./g, '.')];
  if (typeof schema.$ref === 'string' && described.type.includes('array')) lines.push(`It is an ${described.type}.`);
  const fields = renderFields(spec, described, '');
  if (fields.length) lines.push('', ...fields);
  return lines;
}

function renderSecurity(spec: ApiSpec, operation: Json): string[] {
  const requirements = Array.isArray(operation.security)
    ? operation.security
    : Array.isArray(spec.document.security)
      ? spec.document.security
      : [];
  const valid = requirements.filter(isObject);
  if (valid.length === 0 || valid.every((requirement) => Object.keys(requirement).length === 0)) {
    return ['None: this operation needs no credentials.'];
  }
  const schemes = isObject(spec.document.components) && isObject(spec.document.components.securitySchemes)
    ? spec.document.components.securitySchemes
    : {};
  const explain = (schemeName: string): string => {
    const scheme = schemes[schemeName];
    if (!isObject(scheme)) throw new OpenApiRenderError(`security scheme "${schemeName}" is not declared`);
    let how = '';
    if (scheme.type === 'http' && scheme.scheme === 'bearer') {
      how = `header \`Authorization: Bearer <token>\`${scheme.bearerFormat ? ` (${scheme.bearerFormat})` : ''}`;
    } else if (scheme.type === 'http') {
      how = `HTTP ${String(scheme.scheme)} authentication`;
    } else if (scheme.type === 'apiKey') {
      how = `${String(scheme.in)} \`${String(scheme.name)}\``;
    } else {
      how = String(scheme.type);
    }
    const description = typeof scheme.description === 'string' ? ` ${oneLine(scheme.description)}` : '';
    return `\`${schemeName}\`: ${how}.${description}`;
  };
  const optional = valid.some((requirement) => Object.keys(requirement).length === 0);
  const lines = [valid.length > 1 ? 'Send any one of:' : 'Send:', ''];
  for (const requirement of valid) {
    const names = Object.keys(requirement);
    if (names.length === 0) continue;
    lines.push(`- ${names.map(explain).join(' Together with ')}`);
  }
  if (optional) lines.push('- Or no credentials at all.');
  return lines;
}

function renderParameters(spec: ApiSpec, op: Operation, level: number): string[] {
  const list = [
    ...(Array.isArray(op.pathItem.parameters) ? op.pathItem.parameters : []),
    ...(Array.isArray(op.operation.parameters) ? op.operation.parameters : []),
  ]
    .filter(isObject)
    .map((parameter) => (typeof parameter.$ref === 'string' ? resolveRef(spec, parameter.$ref) : parameter));
  // An operation-level parameter replaces a path-level one with the same name and location.
  const byKey = new Map<string, Json>();
  for (const parameter of list) byKey.set(`${String(parameter.in)}:${String(parameter.name)}`, parameter);
  const parameters = [...byKey.values()];
  if (parameters.length === 0) return [];
  const lines = [`${'#'.repeat(level)} Parameters`, ''];
  for (const location of ['path', 'query', 'header', 'cookie']) {
    const group = parameters.filter((parameter) => parameter.in === location);
    if (!group.length) continue;
    lines.push(`${location[0].toUpperCase()}${location.slice(1)} parameters:`, '');
    for (const parameter of group) {
      const schema = isObject(parameter.schema) ? parameter.schema : {};
      const described = describe(spec, schema, []);
      const required = parameter.required === true ? 'required' : 'optional';
      const text = [
        typeof parameter.description === 'string' ? oneLine(parameter.description) : '',
        parameter.deprecated === true ? 'Deprecated.' : '',
        ...described.notes,
      ]
        .filter(Boolean)
        .join(' ');
      lines.push(`- ${code(parameter.name)} (${described.type}, ${required})${text ? `: ${text}` : ''}`);
      lines.push(...renderFields(spec, described, '  '));
    }
    lines.push('');
  }
  return lines;
}

function renderContent(spec: ApiSpec, content: unknown): string[] {
  if (!isObject(content)) return [];
  const lines: string[] = [];
  for (const [mediaType, media] of Object.entries(content)) {
    lines.push(`Content type \`${mediaType}\`:`, '');
    const schema = isObject(media) && isObject(media.schema) ? media.schema : undefined;
    lines.push(...(schema ? renderSchema(spec, schema) : ['No schema given.']), '');
  }
  return lines;
}

function renderRequestBody(spec: ApiSpec, op: Operation, level: number): string[] {
  const declared = op.operation.requestBody;
  if (!isObject(declared)) return [];
  const body: Json = typeof declared.$ref === 'string' ? resolveRef(spec, declared.$ref) : declared;
  const lines = [`${'#'.repeat(level)} Request body`, ''];
  const intro = [
    body.required === true ? 'Required.' : 'Optional.',
    typeof body.description === 'string' ? oneLine(body.description) : '',
    isObject(body.content) && Object.keys(body.content).length > 1 ? 'Send one of these content types.' : '',
  ]
    .filter(Boolean)
    .join(' ');
  lines.push(intro, '', ...renderContent(spec, body.content));
  return lines;
}

function renderResponses(spec: ApiSpec, op: Operation, level: number): string[] {
  const responses = isObject(op.operation.responses) ? op.operation.responses : {};
  const lines = [`${'#'.repeat(level)} Responses`, ''];
  for (const [status, raw] of Object.entries(responses)) {
    if (!isObject(raw)) continue;
    const response = typeof raw.$ref === 'string' ? resolveRef(spec, raw.$ref) : raw;
    const label = status === 'default' ? 'default (any other status)' : status;
    lines.push(`${'#'.repeat(level + 1)} ${label}`, '');
    if (typeof response.description === 'string') lines.push(oneLine(response.description), '');
    if (isObject(response.headers)) {
      lines.push('Headers:', '');
      for (const [header, definition] of Object.entries(response.headers)) {
        const schema = isObject(definition) && isObject(definition.schema) ? definition.schema : {};
        const description = isObject(definition) && typeof definition.description === 'string' ? definition.description : '';
        lines.push(`- \`${header}\` (${describe(spec, schema, []).type})${description ? `: ${oneLine(description)}` : ''}`);
      }
      lines.push('');
    }
    if (isObject(response.content)) lines.push(...renderContent(spec, response.content));
    else lines.push('No body.', '');
  }
  return lines;
}

/**
 * One operation as Markdown. `level` is the heading level of its title
 * (1 for its own page, deeper inside the API file).
 */
export function renderOperation(spec: ApiSpec, op: Operation, context: RenderContext, level = 1): string {
  const operation = op.operation;
  const h = (extra: number): number => Math.min(6, level + extra);
  const lines: string[] = [`${'#'.repeat(level)} ${op.summary}`, ''];
  lines.push(
    `\`${op.method} ${op.path}\``,
    '',
    `Operation ID: \`${op.id}\`. Tag: ${op.tag}.${spec.baseUrl ? ` Full URL: \`${spec.baseUrl}${op.path}\`.` : ''} Page: ${pageUrl(context, op.slug)}`,
    '',
  );
  if (operation.deprecated === true) lines.push('**Deprecated.**', '');
  if (typeof operation.description === 'string') {
    lines.push(absoluteLinks(shiftHeadings(operation.description.trim(), level - 1), context), '');
  }
  const history = isObject(operation['x-tower-history']) ? operation['x-tower-history'] : undefined;
  if (history) {
    lines.push(
      `Last seen in API version ${String(history.lastSeenSpecVersion)}; absent from ${String(history.absentFromSpecVersion)} on.`,
      '',
    );
  }
  if (typeof operation['x-tower-cli'] === 'string') {
    lines.push('Tower CLI equivalent:', '', '```bash', operation['x-tower-cli'], '```', '');
  }
  if (typeof operation['x-tower-sdk'] === 'string') {
    lines.push('Tower SDK equivalent:', '', '```python', operation['x-tower-sdk'], '```', '');
  }
  lines.push(`${'#'.repeat(h(1))} Authentication`, '', ...renderSecurity(spec, operation), '');
  lines.push(...renderParameters(spec, op, h(1)));
  lines.push(...renderRequestBody(spec, op, h(1)));
  lines.push(...renderResponses(spec, op, h(1)));
  const related = Array.isArray(operation['x-tower-related']) ? operation['x-tower-related'].map(String) : [];
  if (related.length) {
    lines.push(`${'#'.repeat(h(1))} Related`, '');
    for (const href of related) lines.push(`- ${href.startsWith('/') ? `${context.siteUrl}${href}` : href}`);
    lines.push('');
  }
  try {
    return tidy(lines.join('\n'));
  } catch (error) {
    throw new OpenApiRenderError(`operation ${op.id}: ${(error as Error).message}`);
  }
}

/** The overview: what the API is, base URL, authentication, operations by tag. */
export function renderOverview(spec: ApiSpec, context: RenderContext, level = 1, linkSuffix = '.md'): string {
  const lines = [`${'#'.repeat(level)} ${spec.title}${spec.version ? ` (${spec.version})` : ''}`, ''];
  if (spec.summary) lines.push(spec.summary, '');
  if (spec.description) lines.push(absoluteLinks(shiftHeadings(spec.description.trim(), level - 1), context), '');
  const schemes = isObject(spec.document.components) && isObject(spec.document.components.securitySchemes)
    ? spec.document.components.securitySchemes
    : {};
  if (Object.keys(schemes).length) {
    lines.push(`${'#'.repeat(level + 1)} Security schemes`, '');
    for (const [name, scheme] of Object.entries(schemes)) {
      if (!isObject(scheme)) continue;
      const where = scheme.type === 'apiKey' ? `${String(scheme.in)} \`${String(scheme.name)}\`` : `HTTP ${String(scheme.scheme)}`;
      lines.push(`- \`${name}\` (${where})${typeof scheme.description === 'string' ? `: ${oneLine(scheme.description)}` : ''}`);
    }
    lines.push('');
  }
  lines.push(`${'#'.repeat(level + 1)} Operations`, '');
  for (const tag of spec.tags) {
    lines.push(`${'#'.repeat(level + 2)} ${tag.name}`, '');
    if (tag.description) lines.push(oneLine(tag.description), '');
    for (const op of tag.operations) {
      lines.push(`- [${op.summary}](${pageUrl(context, op.slug)}${linkSuffix}): \`${op.method} ${op.path}\``);
    }
    lines.push('');
  }
  return tidy(lines.join('\n'));
}

/** The whole API as one text file: overview, then every operation by tag. */
export function renderApiFile(spec: ApiSpec, context: RenderContext, intro: string): string {
  const parts = [
    `# ${spec.title} reference${spec.version ? ` (${spec.version})` : ''}`,
    '',
    `> ${oneLine(spec.summary ?? spec.title)}`,
    '',
    intro.trim(),
    '',
    renderOverview(spec, context, 2).replace(/^## [^\n]*\n+/, '## Overview\n\n'),
  ];
  for (const tag of spec.tags) {
    parts.push(`## ${tag.name}`, '');
    if (tag.description) parts.push(oneLine(tag.description), '');
    for (const op of tag.operations) parts.push(renderOperation(spec, op, context, 3));
  }
  return tidy(parts.join('\n'));
}
