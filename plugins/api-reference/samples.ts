/**
 * Code samples for one operation, produced at generation time so that no
 * code generator ships to the browser: curl, Python with `requests`, and the
 * `tower` CLI command or Tower SDK call when the spec names one
 * (x-tower-cli, x-tower-sdk).
 */
import {createRequire} from 'node:module';
import type {Operation, Parameter, Schema} from './spec';

const require = createRequire(import.meta.url);
const {sampleRequestFromSchema} = require('docusaurus-plugin-openapi-docs/lib/openapi/createRequestExample') as {
  sampleRequestFromSchema: (schema: Schema) => unknown;
};

export type CodeSample = {label: string; language: string; code: string};

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

export function pathExample(path: string, name: string): string {
  const segments = path.split('/').filter(Boolean);
  const index = segments.indexOf(`{${name}}`);
  const collection = index > 0 ? segments[index - 1] : '';
  return PATH_EXAMPLES[`${collection}.${name}`] ?? name.toUpperCase();
}

/** An example value for a query or header parameter. */
function parameterExample(parameter: Parameter): string {
  const schema = parameter.schema ?? {};
  if (schema.default !== undefined) return String(schema.default);
  const itemEnum = schema.items?.enum ?? schema.enum;
  if (itemEnum?.length) return String(itemEnum[0]);
  if (schema.format === 'date-time') return '2025-01-01T00:00:00Z';
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
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

export function sampleUrl(serverUrl: string, operation: Operation): string {
  const path = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
    encodeURIComponent(pathExample(operation.path, name)),
  );
  const query = sampleQuery(operation)
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
    .join('&');
  return `${serverUrl}${path}${query ? `?${query}` : ''}`;
}

type Credential = {header: string; value: string; env: string} | null;

/**
 * Which credential the samples send. An API key is the simplest for scripts,
 * so it wins whenever the operation accepts one.
 */
export function sampleCredential(operation: Operation): Credential {
  const accepted = new Set(operation.security.flatMap((alternative) => Object.keys(alternative)));
  for (const name of accepted) {
    const scheme = operation.securitySchemes[name];
    if (scheme?.type === 'apiKey' && scheme.in === 'header' && scheme.name) {
      return {header: scheme.name, value: '$TOWER_API_KEY', env: 'TOWER_API_KEY'};
    }
  }
  for (const name of accepted) {
    const scheme = operation.securitySchemes[name];
    if (scheme?.type === 'http' && scheme.scheme?.toLowerCase() === 'bearer') {
      return {header: 'Authorization', value: 'Bearer $TOWER_JWT', env: 'TOWER_JWT'};
    }
  }
  return null;
}

/** The media type and example body the samples send, if the operation takes a body. */
export function sampleBody(operation: Operation): {mediaType: string; example: unknown} | null {
  const content = operation.requestBody?.content;
  if (!content) return null;
  const mediaType = Object.keys(content).find((type) => type.includes('json')) ?? Object.keys(content)[0];
  if (!mediaType) return null;
  const schema = content[mediaType].schema;
  return {mediaType, example: schema ? requiredOnly(schema, sampleRequestFromSchema(schema)) : {}};
}

/**
 * The samples send the smallest valid body: only the required top-level
 * fields. The full example sits next to the schema on the same page.
 */
function requiredOnly(schema: Schema, example: unknown): unknown {
  if (!example || typeof example !== 'object' || Array.isArray(example) || !schema.required) return example;
  const required = new Set(schema.required);
  return Object.fromEntries(Object.entries(example).filter(([key]) => required.has(key)));
}

function isStream(operation: Operation): boolean {
  return Object.entries(operation.responses).some(
    ([status, response]) => status.startsWith('2') && Object.keys(response.content ?? {}).includes('text/event-stream'),
  );
}

function shellSingleQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

export function curlSample(serverUrl: string, operation: Operation): string {
  const lines = [`curl --request ${operation.method} "${sampleUrl(serverUrl, operation)}"`];
  const credential = sampleCredential(operation);
  if (credential) lines.push(`--header "${credential.header}: ${credential.value}"`);
  for (const [name, value] of sampleHeaders(operation)) lines.push(`--header ${shellSingleQuote(`${name}: ${value}`)}`);
  if (isStream(operation)) {
    lines.push(`--header "Accept: text/event-stream"`, '--no-buffer');
  }
  const body = sampleBody(operation);
  if (body) {
    if (body.mediaType.includes('json')) {
      lines.push(`--header "Content-Type: ${body.mediaType}"`);
      const compact = JSON.stringify(body.example);
      lines.push(`--data ${shellSingleQuote(compact.length <= 72 ? compact : JSON.stringify(body.example, null, 2))}`);
    } else {
      lines.push(`--header "Content-Type: ${body.mediaType}"`, '--data-binary @body.bin');
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
  return `{\n${entries
    .map(([key, item]) => `${inner}${JSON.stringify(key)}: ${pythonLiteral(item, indent + 4)},`)
    .join('\n')}\n${pad}}`;
}

export function pythonSample(serverUrl: string, operation: Operation): string {
  const credential = sampleCredential(operation);
  const url = sampleUrl(serverUrl, operation).split('?')[0];
  const query = sampleQuery(operation);
  const headers: [string, string][] = [];
  if (credential) {
    const value =
      credential.header === 'Authorization'
        ? `f"Bearer {os.environ['${credential.env}']}"`
        : `os.environ["${credential.env}"]`;
    headers.push([JSON.stringify(credential.header), value]);
  }
  for (const [name, value] of sampleHeaders(operation)) headers.push([JSON.stringify(name), JSON.stringify(value)]);
  const stream = isStream(operation);
  if (stream) headers.push(['"Accept"', '"text/event-stream"']);
  const body = sampleBody(operation);
  const binaryBody = body !== null && !body.mediaType.includes('json');
  if (binaryBody) headers.push(['"Content-Type"', JSON.stringify(body.mediaType)]);

  const args = [`    ${JSON.stringify(url)},`];
  if (headers.length) {
    args.push(`    headers={\n${headers.map(([k, v]) => `        ${k}: ${v},`).join('\n')}\n    },`);
  }
  if (query.length) {
    args.push(`    params={\n${query.map(([k, v]) => `        ${JSON.stringify(k)}: ${JSON.stringify(v)},`).join('\n')}\n    },`);
  }
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

function hasJsonSuccessBody(operation: Operation): boolean {
  return Object.entries(operation.responses).some(
    ([status, response]) => status.startsWith('2') && Object.keys(response.content ?? {}).some((t) => t.includes('json')),
  );
}

export function sdkSample(call: string): string {
  return `import tower\n\n${call}`;
}

export function codeSamples(serverUrl: string, operation: Operation): CodeSample[] {
  const samples: CodeSample[] = [
    {label: 'curl', language: 'bash', code: curlSample(serverUrl, operation)},
    {label: 'Python', language: 'python', code: pythonSample(serverUrl, operation)},
  ];
  if (operation.cli) samples.push({label: 'tower CLI', language: 'bash', code: operation.cli});
  if (operation.sdk) samples.push({label: 'Tower SDK', language: 'python', code: sdkSample(operation.sdk)});
  return samples;
}
