/**
 * Example values and code samples for one operation, produced at generation
 * time so that no code generator ships to the browser: curl, Python with
 * `requests`, and the `tower` CLI command or Tower SDK call when the spec names
 * one (x-tower-cli, x-tower-sdk). Example bodies come from the spec's own
 * examples when it has them, and from openapi-sampler otherwise.
 */
import {sample} from 'openapi-sampler';
import type {MediaType, Operation, Parameter, Schema} from './model';

/**
 * The kinds of sample, in tab order. Every API page uses these ids for the same
 * languages, so the pages' tabs can share one Docusaurus `groupId`.
 */
const SAMPLE_KINDS = {
  curl: {label: 'curl', language: 'bash'},
  python: {label: 'Python', language: 'python'},
  'tower-cli': {label: 'tower CLI', language: 'bash'},
  'tower-sdk': {label: 'Tower SDK', language: 'python'},
} as const;

export type SampleKind = keyof typeof SAMPLE_KINDS;
export type CodeSample = {kind: SampleKind; label: string; language: string; code: string};

/** Which way a body travels: a client never sends read-only fields and never receives write-only ones. */
export type Direction = 'request' | 'response';

/**
 * An example value of a schema: its own example when it has one, else one
 * generated from its types. Deprecated fields are left out, so readers do not
 * copy them, and free-form maps stay empty rather than showing invented keys.
 */
function schemaExample(schema: Schema, direction: Direction, requiredOnly = false): unknown {
  const value = sample(withoutDeprecated(schema.json) as Parameters<typeof sample>[0], {
    skipReadOnly: direction === 'request',
    skipWriteOnly: direction === 'response',
    skipNonRequired: requiredOnly,
    quiet: true,
  });
  return withEmptyMaps(schema, value);
}

type Json = Record<string, unknown>;

/** Keywords whose value is data, not a schema. */
const VALUE_KEYWORDS = new Set(['example', 'examples', 'default', 'const', 'enum', 'required']);

/** A copy of a JSON Schema without its deprecated properties (a recursive schema stays a cycle). */
function withoutDeprecated(json: Json, copies = new Map<Json, Json>()): Json {
  const known = copies.get(json);
  if (known) return known;
  const copy: Json = {};
  copies.set(json, copy);
  for (const [key, value] of Object.entries(json)) {
    if (VALUE_KEYWORDS.has(key) || !value || typeof value !== 'object') {
      copy[key] = value;
    } else if (key === 'properties') {
      const kept = Object.entries(value as Record<string, Json>).filter(([, property]) => property?.deprecated !== true);
      copy.properties = Object.fromEntries(kept.map(([name, property]) => [name, withoutDeprecated(property, copies)]));
    } else if (Array.isArray(value)) {
      copy[key] = value.map((item) => (item && typeof item === 'object' && !Array.isArray(item) ? withoutDeprecated(item as Json, copies) : item));
    } else {
      copy[key] = withoutDeprecated(value as Json, copies);
    }
  }
  return copy;
}

/** Free-form maps stay empty in examples rather than showing invented keys. */
function withEmptyMaps(schema: Schema, value: unknown, depth = 0): unknown {
  if (depth > 16 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return schema.items ? value.map((item) => withEmptyMaps(schema.items!, item, depth + 1)) : value;
  if (schema.properties.length === 0 && typeof schema.additionalProperties === 'object') return {};
  const properties = new Map(schema.properties.map((property) => [property.name, property.schema]));
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => {
      const child = properties.get(key);
      return [key, child ? withEmptyMaps(child, item, depth + 1) : item];
    }),
  );
}

/** The example shown next to a body: the spec's first example of the media type, else a generated one. */
export function mediaExample(media: MediaType, direction: Direction): unknown {
  if (media.examples.length) return media.examples[0].value;
  return media.schema ? schemaExample(media.schema, direction) : undefined;
}

/**
 * An example of a text/event-stream body: one event per variant of the event
 * schema, in the wire format a reader sees.
 */
export function streamExample(schema: Schema): string {
  const event = schema.items ?? schema;
  const variants = event.oneOf ?? event.anyOf ?? [event];
  return variants
    .map((variant) => {
      const value = schemaExample(variant, 'response') as {event?: unknown; data?: unknown};
      const data = value && typeof value === 'object' && 'data' in value ? value.data : value;
      return [`event: ${String(value?.event ?? 'message')}`, `data: ${JSON.stringify(data)}`].join('\n');
    })
    .join('\n\n');
}

function isStream(operation: Operation): boolean {
  return operation.responses.some((response) => response.status.startsWith('2') && response.content.some((media) => media.mediaType === 'text/event-stream'));
}

/**
 * Example values for path parameters, by the collection the parameter belongs
 * to. They make the samples readable; readers replace them with their own.
 */
const PATH_EXAMPLES: Record<string, string> = {
  'apps.name': 'my-app',
  'runs.seq': '42',
  'versions.num': 'v3',
  'secrets.name': 'DATABASE_URL',
  'environments.name': 'staging',
  'catalogs.name': 'default',
  'teams.name': 'data-team',
  'accounts.name': 'my-account',
  'schedules.idOrName': 'nightly-refresh',
  'alerts.alert_id': 'ALERT_ID',
  'alerts.alert_seq': '7',
  'device.device_code': 'DEVICE_CODE',
  'password-reset.code': 'RESET_CODE',
  'feature-flags.key': 'FLAG_KEY',
};

function pathExample(apiPath: string, name: string): string {
  const segments = apiPath.split('/').filter(Boolean);
  const index = segments.indexOf(`{${name}}`);
  const collection = index > 0 ? segments[index - 1] : '';
  return PATH_EXAMPLES[`${collection}.${name}`] ?? name.toUpperCase();
}

/** An example value for a query or header parameter. */
function parameterExample(parameter: Parameter): string {
  if (parameter.examples.length) return String(parameter.examples[0].value);
  const schema = parameter.schema;
  if (!schema) return parameter.name.toUpperCase();
  if (schema.default !== undefined) return String(schema.default);
  if (schema.examples.length) return String(schema.examples[0]);
  const values = schema.enum ?? schema.items?.enum;
  if (values?.length) return String(values[0]);
  if (schema.format === 'date-time') return '2025-01-01T00:00:00Z';
  const type = schema.types[0];
  if (type === 'integer' || type === 'number') return '1';
  if (type === 'boolean') return 'true';
  return parameter.name.toUpperCase();
}

/** The query parameters a sample shows: the required ones and the paging pair. */
function sampleQuery(operation: Operation): [string, string][] {
  return operation.parameters
    .filter((p) => p.in === 'query' && (p.required || p.name === 'page' || p.name === 'page_size'))
    .map((p) => [p.name, parameterExample(p)]);
}

/** Header parameters a client must set itself (HTTP clients compute Content-Length). */
function sampleHeaders(operation: Operation): [string, string][] {
  return operation.parameters
    .filter((p) => p.in === 'header' && p.required && p.name.toLowerCase() !== 'content-length')
    .map((p) => [p.name, parameterExample(p)]);
}

function sampleCookies(operation: Operation): [string, string][] {
  return operation.parameters.filter((p) => p.in === 'cookie' && p.required).map((p) => [p.name, parameterExample(p)]);
}

function sampleUrl(operation: Operation): string {
  const apiPath = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(pathExample(operation.path, name)));
  const query = sampleQuery(operation)
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
    .join('&');
  return `${operation.serverUrl}${apiPath}${query ? `?${query}` : ''}`;
}

/** The path parameters the samples fill in, with the value they use. */
export function pathExamples(operation: Operation): {name: string; value: string}[] {
  return operation.parameters.filter((p) => p.in === 'path').map((p) => ({name: p.name, value: pathExample(operation.path, p.name)}));
}

type Credential = {header: string; value: string; env: string} | null;

/**
 * Which credential the samples send. An API key is the simplest for scripts,
 * so it wins whenever the operation accepts one.
 */
function sampleCredential(operation: Operation): Credential {
  const accepted = operation.security.flat();
  const apiKey = accepted.find((scheme) => scheme.type === 'apiKey' && scheme.in === 'header' && scheme.parameterName);
  if (apiKey) return {header: apiKey.parameterName!, value: '$TOWER_API_KEY', env: 'TOWER_API_KEY'};
  if (accepted.some((scheme) => scheme.type === 'http' && scheme.scheme === 'bearer')) {
    return {header: 'Authorization', value: 'Bearer $TOWER_JWT', env: 'TOWER_JWT'};
  }
  return null;
}

/** The media type and the smallest valid body the samples send, if the operation takes a body. */
function sampleBody(operation: Operation): {mediaType: string; example: unknown} | null {
  const content = operation.requestBody?.content ?? [];
  const media = content.find((candidate) => candidate.mediaType.includes('json')) ?? content[0];
  if (!media) return null;
  const example = media.examples.length ? media.examples[0].value : media.schema ? schemaExample(media.schema, 'request', true) : {};
  return {mediaType: media.mediaType, example};
}

function shellSingleQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

function curlSample(operation: Operation): string {
  const lines = [`curl --request ${operation.method} "${sampleUrl(operation)}"`];
  const credential = sampleCredential(operation);
  if (credential) lines.push(`--header "${credential.header}: ${credential.value}"`);
  for (const [name, value] of sampleHeaders(operation)) lines.push(`--header ${shellSingleQuote(`${name}: ${value}`)}`);
  const cookies = sampleCookies(operation);
  if (cookies.length) lines.push(`--cookie ${shellSingleQuote(cookies.map(([name, value]) => `${name}=${value}`).join('; '))}`);
  if (isStream(operation)) lines.push(`--header "Accept: text/event-stream"`, '--no-buffer');
  const body = sampleBody(operation);
  if (body) {
    lines.push(`--header "Content-Type: ${body.mediaType}"`);
    if (body.mediaType.includes('json')) {
      const compact = JSON.stringify(body.example);
      lines.push(`--data ${shellSingleQuote(compact.length <= 72 ? compact : JSON.stringify(body.example, null, 2))}`);
    } else {
      lines.push('--data-binary @body.bin');
    }
  }
  return lines.join(' \\\n  ');
}

/** Renders a JSON value as a Python literal, indented like black would. */
export function pythonLiteral(value: unknown, indent = 0): string {
  const pad = ' '.repeat(indent);
  const inner = ' '.repeat(indent + 4);
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'None';
  if (typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((item) => `${inner}${pythonLiteral(item, indent + 4)},`).join('\n')}\n${pad}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return '{}';
  return `{\n${entries.map(([key, item]) => `${inner}${JSON.stringify(key)}: ${pythonLiteral(item, indent + 4)},`).join('\n')}\n${pad}}`;
}

function hasJsonSuccessBody(operation: Operation): boolean {
  return operation.responses.some((response) => response.status.startsWith('2') && response.content.some((media) => media.mediaType.includes('json')));
}

function pythonSample(operation: Operation): string {
  const credential = sampleCredential(operation);
  const url = sampleUrl(operation).split('?')[0];
  const query = sampleQuery(operation);
  const headers: [string, string][] = [];
  if (credential) {
    const value = credential.header === 'Authorization' ? `f"Bearer {os.environ['${credential.env}']}"` : `os.environ["${credential.env}"]`;
    headers.push([JSON.stringify(credential.header), value]);
  }
  for (const [name, value] of sampleHeaders(operation)) headers.push([JSON.stringify(name), JSON.stringify(value)]);
  const stream = isStream(operation);
  if (stream) headers.push(['"Accept"', '"text/event-stream"']);
  const body = sampleBody(operation);
  const binaryBody = body !== null && !body.mediaType.includes('json');
  if (binaryBody) headers.push(['"Content-Type"', JSON.stringify(body.mediaType)]);
  const cookies = sampleCookies(operation);

  const args = [`    ${JSON.stringify(url)},`];
  if (headers.length) args.push(`    headers={\n${headers.map(([k, v]) => `        ${k}: ${v},`).join('\n')}\n    },`);
  if (cookies.length) args.push(`    cookies={\n${cookies.map(([k, v]) => `        ${JSON.stringify(k)}: ${JSON.stringify(v)},`).join('\n')}\n    },`);
  if (query.length) args.push(`    params={\n${query.map(([k, v]) => `        ${JSON.stringify(k)}: ${JSON.stringify(v)},`).join('\n')}\n    },`);
  if (body) {
    if (binaryBody) args.push('    data=open("body.bin", "rb"),');
    else args.push(`    json=${pythonLiteral(body.example, 4)},`);
  }
  if (stream) args.push('    stream=True,');
  args.push(`    timeout=${stream ? 'None' : '30'},`);

  const lines: string[] = [];
  if (credential) lines.push('import os', '');
  lines.push('import requests', '');
  lines.push(`response = requests.${operation.method.toLowerCase()}(`, ...args, ')', 'response.raise_for_status()');
  if (stream) {
    lines.push(
      '# Each server-sent event arrives as "event: <name>" and "data: <json>" lines.',
      'for line in response.iter_lines(decode_unicode=True):',
      '    if line:',
      '        print(line)',
    );
  } else if (hasJsonSuccessBody(operation)) {
    lines.push('print(response.json())');
  } else {
    lines.push('print(response.status_code)');
  }
  return lines.join('\n');
}

function codeSample(kind: SampleKind, code: string): CodeSample {
  return {kind, ...SAMPLE_KINDS[kind], code};
}

export function codeSamples(operation: Operation): CodeSample[] {
  const samples = [codeSample('curl', curlSample(operation)), codeSample('python', pythonSample(operation))];
  if (operation.cli) samples.push(codeSample('tower-cli', operation.cli));
  if (operation.sdk) samples.push(codeSample('tower-sdk', `import tower\n\n${operation.sdk}`));
  return samples;
}
