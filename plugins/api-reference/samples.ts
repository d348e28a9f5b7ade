/**
 * Example values and code samples for one operation, produced at generation
 * time so that no code generator ships to the browser: curl, Python with
 * httpx (installed with the tower package), and the `tower` CLI command or
 * Tower SDK call when the spec names one (x-tower-cli, x-tower-sdk). Example
 * bodies come from the spec's own examples when it has them, and from
 * openapi-sampler otherwise, with values that fit each field (example-values.ts).
 */
import {sample} from 'openapi-sampler';
import {examplesSchema, parameterValue, placeholder, type ValueContext} from './example-values';
import type {MediaType, Operation, Parameter, Response, Schema} from './model';
import {firstSentence, inlineCode} from './text';

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
 * generated from its types with values that fit each field (example-values.ts).
 * Deprecated fields are left out, so readers do not copy them, and free-form
 * maps stay empty rather than showing invented keys.
 */
function schemaExample(schema: Schema, context: ValueContext, requiredOnly = false): unknown {
  const value = sample(examplesSchema(schema.json, context) as Parameters<typeof sample>[0], {
    skipReadOnly: context.direction === 'request',
    skipWriteOnly: context.direction === 'response',
    skipNonRequired: requiredOnly,
    quiet: true,
  });
  return withEmptyMaps(schema, value);
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
export function mediaExample(media: MediaType, context: ValueContext): unknown {
  if (media.examples.length) return media.examples[0].value;
  return media.schema ? schemaExample(media.schema, context) : undefined;
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
      const value = schemaExample(variant, {direction: 'response', fresh: false}) as {event?: unknown; data?: unknown};
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
 * to. They make the samples readable; readers replace them with their own. An
 * identifier whose shape the API facts do not give stays a name in capitals.
 */
const PATH_EXAMPLES: Record<string, string> = {
  'apps.name': 'my-app',
  'runs.seq': '42',
  'versions.num': 'v3',
  'environments.environment': 'production',
  'secrets.name': 'DATABASE_URL',
  'environments.name': 'staging',
  'catalogs.name': 'default',
  'catalogs.catalog': 'default',
  'facts.name': 'ticker-date-format',
  'teams.name': 'data-team',
  'accounts.name': 'my-account',
  'organizations.name': 'my-org',
  'schedules.idOrName': 'nightly-refresh',
  'service-accounts.idOrName': 'ci-deployer',
  'webhooks.name': 'deploy-notifier',
  'alerts.alert_id': 'ALERT_ID',
  'alerts.alert_seq': '7',
  'guests.guest_id': 'GUEST_ID',
  'device.device_code': 'DEVICE_CODE',
  'password-reset.code': 'RESET_CODE',
  'feature-flags.key': 'FLAG_KEY',
};

function pathExample(apiPath: string, name: string): string {
  const segments = apiPath.split('/').filter(Boolean);
  const index = segments.indexOf(`{${name}}`);
  const collection = index > 0 ? segments[index - 1] : '';
  return PATH_EXAMPLES[`${collection}.${name}`] ?? placeholder(name);
}

/** An example value for a query or header parameter. */
function parameterExample(parameter: Parameter): string {
  if (parameter.examples.length) return String(parameter.examples[0].value);
  const schema = parameter.schema;
  if (!schema) return parameterValue(parameter.name, undefined, undefined);
  if (schema.default !== undefined) return String(schema.default);
  if (schema.examples.length) return String(schema.examples[0]);
  const values = schema.enum ?? schema.items?.enum;
  if (values?.length) return String(values[0]);
  return parameterValue(parameter.name, schema.types[0], schema.format);
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

/**
 * The media type and the body the samples send, if the operation takes one:
 * the required fields, or for an update whose fields are all optional, the
 * first field it can change (an empty body would change nothing).
 */
function sampleBody(operation: Operation): {mediaType: string; example: unknown} | null {
  const content = operation.requestBody?.content ?? [];
  const media = content.find((candidate) => candidate.mediaType.includes('json')) ?? content[0];
  if (!media) return null;
  if (media.examples.length) return {mediaType: media.mediaType, example: media.examples[0].value};
  if (!media.schema) return {mediaType: media.mediaType, example: {}};
  const context: ValueContext = {direction: 'request', fresh: false};
  let example = schemaExample(media.schema, context, true);
  if (isEmptyObject(example)) {
    const full = schemaExample(media.schema, context);
    const first = full && typeof full === 'object' && !Array.isArray(full) ? Object.entries(full)[0] : undefined;
    if (first) example = Object.fromEntries([first]);
  }
  return {mediaType: media.mediaType, example};
}

function isEmptyObject(value: unknown): boolean {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0;
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

/** 2xx statuses whose answer has no body: a 204 or 205 always, any other that declares no content. */
function bodilessSuccesses(operation: Operation): Response[] {
  return operation.responses.filter(
    (response) => /^2\d\d$/.test(response.status) && (response.status === '204' || response.status === '205' || response.content.length === 0),
  );
}

function hasJsonSuccessBody(operation: Operation): boolean {
  return operation.responses.some(
    (response) =>
      response.status.startsWith('2') && !bodilessSuccesses(operation).includes(response) && response.content.some((media) => media.mediaType.includes('json')),
  );
}

/** Python keyword arguments, one per line, as black would lay them out. */
function pythonDict(entries: [string, string][], indent: number): string {
  const pad = ' '.repeat(indent);
  return `{\n${entries.map(([key, value]) => `${pad}    ${key}: ${value},`).join('\n')}\n${pad}}`;
}

/** The first sentence of a response's description, as a comment. */
function statusComment(response: Response): string {
  const sentence = firstSentence(response.description ?? '') || 'no body';
  return `# ${response.status}: ${sentence}`;
}

/**
 * Python with httpx, which `pip install tower` installs (it is a dependency of
 * the Tower SDK), so the sample needs nothing else. httpx has no `json=` on
 * its `delete()` shortcut, so a DELETE with a body goes through `request()`.
 */
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

  const method = operation.method.toLowerCase();
  const viaRequest = stream || (method === 'delete' && body !== null) || !['get', 'post', 'put', 'patch', 'delete', 'head', 'options'].includes(method);
  const indent = stream ? 4 : 0;
  const pad = ' '.repeat(indent + 4);
  const args = viaRequest ? [`${pad}${JSON.stringify(operation.method)},`, `${pad}${JSON.stringify(url)},`] : [`${pad}${JSON.stringify(url)},`];
  if (headers.length) args.push(`${pad}headers=${pythonDict(headers, indent + 4)},`);
  if (cookies.length)
    args.push(
      `${pad}cookies=${pythonDict(
        cookies.map(([k, v]) => [JSON.stringify(k), JSON.stringify(v)]),
        indent + 4,
      )},`,
    );
  if (query.length)
    args.push(
      `${pad}params=${pythonDict(
        query.map(([k, v]) => [JSON.stringify(k), JSON.stringify(v)]),
        indent + 4,
      )},`,
    );
  if (body) {
    if (binaryBody) args.push(`${pad}content=Path("body.bin").read_bytes(),`);
    else args.push(`${pad}json=${pythonLiteral(body.example, indent + 4)},`);
  }
  args.push(`${pad}timeout=${stream ? 'None' : '30'},`);

  const lines: string[] = [];
  if (credential) lines.push('import os');
  if (binaryBody) lines.push('from pathlib import Path');
  if (lines.length) lines.push('');
  lines.push('# httpx is installed with tower: pip install tower', 'import httpx', '');
  if (stream) {
    lines.push(
      'with httpx.stream(',
      ...args,
      ') as response:',
      '    response.raise_for_status()',
      '    # Each server-sent event arrives as "event: <name>" and "data: <json>" lines.',
      '    for line in response.iter_lines():',
      '        if line.strip():  # a blank line ends an event',
      '            print(line.rstrip())',
    );
    return lines.join('\n');
  }
  lines.push(`response = httpx.${viaRequest ? 'request' : method}(`, ...args, ')', 'response.raise_for_status()');
  const bodiless = bodilessSuccesses(operation);
  if (!hasJsonSuccessBody(operation)) {
    lines.push(...bodiless.slice(0, 1).map(statusComment), 'print(response.status_code)');
  } else if (bodiless.length) {
    const codes = bodiless.map((response) => response.status);
    const test = codes.length === 1 ? `== ${codes[0]}` : `in (${codes.join(', ')})`;
    lines.push(
      `if response.status_code ${test}:`,
      ...bodiless.map((response) => `    ${statusComment(response)}`),
      '    print(response.status_code)',
      'else:',
      '    print(response.json())',
    );
  } else {
    lines.push('print(response.json())');
  }
  return lines.join('\n');
}

/** The extra a Tower SDK call needs beyond `pip install tower`, by the SDK attribute it uses. */
const SDK_EXTRAS: [RegExp, string][] = [
  [/\btower\.tables\b/, 'iceberg'],
  [/\btower\.llms\b/, 'ai'],
  [/\btower\.dbt\b/, 'dbt'],
];

function sdkSample(call: string): string {
  const extra = SDK_EXTRAS.find(([pattern]) => pattern.test(call))?.[1];
  return `${extra ? `# Needs the ${extra} extra: pip install "tower[${extra}]"\n` : ''}import tower\n\n${call}`;
}

/** How the curl and Python samples authenticate, for the note under them. */
export function sampleCredentialNote(operation: Operation): string | undefined {
  const credential = sampleCredential(operation);
  if (!credential) return undefined;
  const what = credential.header === 'Authorization' ? "a session's JWT" : 'your API key';
  return `The curl and Python samples read ${what} from ${inlineCode(credential.env)}.`;
}

function codeSample(kind: SampleKind, code: string): CodeSample {
  return {kind, ...SAMPLE_KINDS[kind], code};
}

export function codeSamples(operation: Operation): CodeSample[] {
  const samples = [codeSample('curl', curlSample(operation)), codeSample('python', pythonSample(operation))];
  if (operation.cli) samples.push(codeSample('tower-cli', operation.cli));
  if (operation.sdk) samples.push(codeSample('tower-sdk', sdkSample(operation.sdk)));
  return samples;
}
