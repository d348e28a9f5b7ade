/**
 * What an API page tells its reader, worked out once from the model for both
 * renderers. The MDX page and its Markdown twin lay these facts out
 * differently (a table or a list, tabs or labelled blocks, a collapsible
 * schema) but take every word from here, so they cannot say different things.
 * Text is Markdown with site-relative links; the MDX renderer escapes it and
 * the Markdown renderer makes the links absolute.
 */
import {API_REFERENCE} from '../../src/constants';
import {firstSentence, inlineCode, oneLine} from './text';
import type {ApiModel, Constraint, MediaType, Operation, Parameter, Schema, SecurityAlternative, SecurityScheme} from './model';
import {checkedVersionSentence} from '../checked-version';
import type {ValueContext} from './example-values';
import {codeSamples, mediaExample, pathExamples, sampleCredentialNote, streamExample, type CodeSample, type Direction} from './samples';

/** The label of a link to a site route: a docs page's title or an operation's summary. */
export type TitleOf = (route: string) => string;

/** What a field is besides its type. The renderers mark these alike: the page as badges, the twin in bold or plain. */
export type Flag = 'required' | 'read-only' | 'write-only' | 'deprecated';

/** One line of a field list: a property, or one of the shapes a oneOf/anyOf allows. */
export type Entry = {
  /** Markdown before the flags, e.g. "`name` · string". */
  head: string;
  flags: Flag[];
  /** Markdown after the dash, e.g. "Name of the app."; may be empty. */
  text: string;
  children: Entry[];
};

/** The line of an entry: "`name` · string · required — Name of the app.", each flag as `flag` writes it. */
export function entryLine(entry: {head: string; flags: Flag[]; text: string}, flag: (flag: Flag) => string): string {
  return join([entry.head, ...entry.flags.map(flag)].join(' · '), entry.text);
}

/** Flags in Markdown: the two a reader must not miss in bold. */
export function markdownFlag(flag: Flag): string {
  return flag === 'required' || flag === 'deprecated' ? `**${flag}**` : flag;
}

export type SchemaFacts = {
  /** "**RunAppParams** — Request body for starting a run." */
  summary: string;
  entries: Entry[];
};

export type CodeBlock = {language: string; title: string; code: string};

export type ContentFacts = {
  /** "Media type `application/json`, required." */
  lead: string;
  schema?: SchemaFacts;
  /** For bodies without fields: "The body is raw bytes." */
  note?: string;
  example?: CodeBlock;
};

export type ParameterFacts = {
  name: string;
  /** "path · string" */
  meta: string;
  flags: Flag[];
  /** Description and notes; may be empty. */
  text: string;
  /** Fields of an object-valued parameter. */
  children: Entry[];
};

export type ResponseFacts = {
  status: string;
  /** "201 Created", "Other statuses". */
  heading: string;
  description?: string;
  /** One entry per response header ("Header `X-Rate-Limit` · integer"). */
  headers: Entry[];
  contents: ContentFacts[];
};

export type OperationFacts = {
  operation: Operation;
  /** The page's one-sentence summary (meta description). */
  metaDescription: string;
  /** The Markdown after "Authentication:". */
  authentication: string;
  /** "Last seen in API version ..." for operations that left the API. */
  history?: string;
  related: {route: string; title: string}[];
  samples: CodeSample[];
  /** Notes under the samples: which credential they read, which tower-cli version they are checked against. */
  samplesNotes: string[];
  /** The example answer shown beside the samples: the first success that has one. Its response does not repeat it. */
  responseExample?: CodeBlock & {status: string};
  parameters: ParameterFacts[];
  /** Which example values the samples use for path parameters. */
  parametersNote?: string;
  requestBody?: {description?: string; contents: ContentFacts[]};
  responses: ResponseFacts[];
};

/** Below this depth a schema's fields are no longer listed; deeper objects are rare and never useful on one page. */
const MAX_DEPTH = 8;

const STATUS_TEXT: Record<string, string> = {
  '200': 'OK',
  '201': 'Created',
  '202': 'Accepted',
  '203': 'Non-Authoritative Information',
  '204': 'No Content',
  '205': 'Reset Content',
  '206': 'Partial Content',
  '301': 'Moved Permanently',
  '302': 'Found',
  '303': 'See Other',
  '304': 'Not Modified',
  '307': 'Temporary Redirect',
  '308': 'Permanent Redirect',
  '400': 'Bad Request',
  '401': 'Unauthorized',
  '402': 'Payment Required',
  '403': 'Forbidden',
  '404': 'Not Found',
  '405': 'Method Not Allowed',
  '406': 'Not Acceptable',
  '409': 'Conflict',
  '410': 'Gone',
  '412': 'Precondition Failed',
  '413': 'Content Too Large',
  '415': 'Unsupported Media Type',
  '422': 'Unprocessable Entity',
  '423': 'Locked',
  '428': 'Precondition Required',
  '429': 'Too Many Requests',
  '500': 'Internal Server Error',
  '501': 'Not Implemented',
  '502': 'Bad Gateway',
  '503': 'Service Unavailable',
  '504': 'Gateway Timeout',
};

export function statusHeading(status: string): string {
  if (status === 'default') return 'Other statuses';
  if (/^[1-5]XX$/i.test(status)) return `${status.toUpperCase()} (any ${status[0]}xx status)`;
  return `${status} ${STATUS_TEXT[status] ?? ''}`.trim();
}

/** Statuses in numeric order, ranges after their codes, `default` last. */
function statusOrder(status: string): number {
  if (status === 'default') return 1000;
  if (/^[1-5]XX$/i.test(status)) return Number(status[0]) * 100 + 99.5;
  return Number(status);
}

// ---- Schemas.

const flattened = new WeakMap<Schema, Schema>();

/** Merges allOf parts into one schema, so the reader sees one list of fields. */
function flatten(schema: Schema): Schema {
  if (!schema.allOf?.length) return schema;
  const cached = flattened.get(schema);
  if (cached) return cached;
  const parts = schema.allOf.map(flatten);
  const merged: Schema = {
    ...schema,
    allOf: undefined,
    properties: schema.properties.map((property) => ({...property})),
    constraints: [...schema.constraints],
  };
  flattened.set(schema, merged);
  for (const part of parts) {
    for (const property of part.properties) {
      const existing = merged.properties.find((candidate) => candidate.name === property.name);
      if (existing) existing.required ||= property.required;
      else merged.properties.push({...property});
    }
    merged.constraints.push(...part.constraints.filter((c) => !merged.constraints.some((known) => known.keyword === c.keyword)));
    if (!merged.types.length) merged.types = part.types;
    merged.format ??= part.format;
    merged.description ??= part.description;
    merged.enum ??= part.enum;
    merged.items ??= part.items;
    merged.additionalProperties ??= part.additionalProperties;
    merged.oneOf ??= part.oneOf;
    merged.anyOf ??= part.anyOf;
    merged.discriminator ??= part.discriminator;
    merged.readOnly ||= part.readOnly;
    merged.writeOnly ||= part.writeOnly;
    merged.deprecated ||= part.deprecated;
  }
  // `allOf: [$ref]` is how OpenAPI 3.0 put a description next to a reference: keep the referenced name.
  const named = parts.filter((part) => part.name);
  const addsFields = (part: Schema) => part.properties.length > 0 || part.items !== undefined || part.oneOf !== undefined || part.anyOf !== undefined;
  if (!merged.name && named.length === 1 && schema.properties.length === 0 && parts.every((part) => part === named[0] || !addsFields(part))) {
    merged.name = named[0].name;
  }
  merged.nullable = schema.nullable || parts.every((part) => part.nullable);
  return merged;
}

function isNullOnly(schema: Schema): boolean {
  return schema.nullable && schema.types.length === 0 && schema.properties.length === 0 && !schema.items && !schema.oneOf && !schema.anyOf && !schema.allOf;
}

type Alternatives = {kind: 'oneOf' | 'anyOf'; variants: Schema[]; nullable: boolean};

/** A oneOf/anyOf without its `{type: null}` variants, which only make the value nullable. */
function alternativesOf(schema: Schema): Alternatives | undefined {
  const kind = schema.oneOf ? 'oneOf' : schema.anyOf ? 'anyOf' : undefined;
  if (!kind) return undefined;
  const all = schema[kind]!.map(flatten);
  return {kind, variants: all.filter((variant) => !isNullOnly(variant)), nullable: all.some(isNullOnly)};
}

function inferredTypes(schema: Schema): string[] {
  if (schema.types.length) return schema.types;
  if (schema.properties.length || typeof schema.additionalProperties === 'object') return ['object'];
  if (schema.items) return ['array'];
  const values = schema.enum ?? (schema.const !== undefined ? [schema.const] : []);
  const kinds = [...new Set(values.filter((value) => value !== null).map((value) => (Number.isInteger(value) ? 'integer' : typeof value)))];
  return kinds.filter((kind) => ['string', 'integer', 'number', 'boolean', 'object'].includes(kind));
}

function variantName(schema: Schema): string {
  return schema.name ?? schema.title ?? typeLabel(schema);
}

/** A short, readable type: "string (date-time)", "array of Run", "map of string", "one of A, B", "Run or null". */
export function typeLabel(input: Schema, depth = 0): string {
  const schema = flatten(input);
  const alternatives = alternativesOf(schema);
  let nullable = schema.nullable || Boolean(alternatives?.nullable);
  let base: string;
  if (depth > MAX_DEPTH) {
    base = schema.name ?? 'any';
  } else if (alternatives && alternatives.variants.length > 1) {
    base = `${alternatives.kind === 'oneOf' ? 'one of' : 'any of'} ${alternatives.variants.map(variantName).join(', ')}`;
  } else if (alternatives && alternatives.variants.length === 1) {
    const only = flatten(alternatives.variants[0]);
    nullable ||= only.nullable;
    base = typeLabel({...only, nullable: false}, depth + 1);
  } else {
    const types = inferredTypes(schema);
    const labels = types.map((type) => {
      if (type === 'array') return `array of ${schema.items ? typeLabel(schema.items, depth + 1) : 'any'}`;
      if (type === 'object') {
        if (schema.name) return schema.name;
        if (schema.properties.length === 0 && typeof schema.additionalProperties === 'object') {
          return `map of ${typeLabel(schema.additionalProperties, depth + 1)}`;
        }
        return schema.title ?? 'object';
      }
      return schema.format ? `${type} (${schema.format})` : type;
    });
    base = labels.join(' or ') || (nullable ? 'null' : 'any');
    if (base === 'null') nullable = false;
  }
  return nullable ? `${base} or null` : base;
}

/** A value as the reader would type it: strings bare (an empty one as ""), everything else as JSON. */
function valueCode(value: unknown): string {
  return inlineCode(typeof value === 'string' && value !== '' ? value : JSON.stringify(value));
}

const CONSTRAINT_TEXT: Record<Constraint['keyword'], (value: unknown) => string> = {
  minimum: (value) => `Minimum: ${valueCode(value)}.`,
  // OpenAPI 3.0 writes `exclusiveMinimum: true` next to `minimum`; 3.1 gives the bound itself.
  exclusiveMinimum: (value) => (value === true ? 'The minimum is excluded.' : `Greater than ${valueCode(value)}.`),
  maximum: (value) => `Maximum: ${valueCode(value)}.`,
  exclusiveMaximum: (value) => (value === true ? 'The maximum is excluded.' : `Less than ${valueCode(value)}.`),
  multipleOf: (value) => `Multiple of ${valueCode(value)}.`,
  minLength: (value) => `Minimum length: ${valueCode(value)}.`,
  maxLength: (value) => `Maximum length: ${valueCode(value)}.`,
  pattern: (value) => `Pattern: ${inlineCode(String(value))}.`,
  minItems: (value) => `Minimum items: ${valueCode(value)}.`,
  maxItems: (value) => `Maximum items: ${valueCode(value)}.`,
  uniqueItems: () => 'Items are unique.',
  minProperties: (value) => `Minimum keys: ${valueCode(value)}.`,
  maxProperties: (value) => `Maximum keys: ${valueCode(value)}.`,
};

/** The facts about the values a schema allows: allowed values, default, limits, example. */
function valueNotes(schema: Schema): string[] {
  const notes: string[] = [];
  const values = schema.enum?.filter((value) => value !== null);
  if (values?.length) notes.push(`Values: ${values.map(valueCode).join(', ')}.`);
  if (schema.const !== undefined) notes.push(`Always ${valueCode(schema.const)}.`);
  if (schema.default !== undefined) notes.push(`Default: ${valueCode(schema.default)}.`);
  for (const constraint of schema.constraints) notes.push(CONSTRAINT_TEXT[constraint.keyword](constraint.value));
  const example = schema.examples[0];
  if (example !== undefined && (example === null || typeof example !== 'object') && JSON.stringify(example).length <= 60) {
    notes.push(`Example: ${valueCode(example)}.`);
  }
  return notes;
}

/** Description, then the value notes of the schema and, for an array, of its items. */
function schemaText(schema: Schema, description = schema.description): string {
  const flat = flatten(schema);
  const parts = description ? [oneLine(description)] : [];
  parts.push(...valueNotes(flat));
  const items = flat.items ? flatten(flat.items) : undefined;
  if (items) {
    const itemNotes = valueNotes(items);
    if (itemNotes.length) parts.push(`Each item: ${itemNotes.join(' ')}`);
  }
  return parts.join(' ');
}

function join(head: string, text: string): string {
  return text ? `${head} — ${text}` : head;
}

/** Schemas listed on the way down, by component name (dereferencing copies them) or by identity. */
type Walk = {direction: Direction; path: Set<Schema | string>; depth: number};

function walkKey(schema: Schema): Schema | string {
  return schema.name ?? schema;
}

function visible(schema: Schema, direction: Direction): boolean {
  return !(direction === 'request' && schema.readOnly) && !(direction === 'response' && schema.writeOnly);
}

/** The lines listed under a schema: its fields, its shapes, or those of its items or map values. */
function entriesOf(input: Schema, walk: Walk): Entry[] {
  const schema = flatten(input);
  if (walk.depth >= MAX_DEPTH) return [];
  const alternatives = alternativesOf(schema);
  if (alternatives && alternatives.variants.length > 1) {
    const mapping = schema.discriminator?.mapping ?? {};
    const label = alternatives.kind === 'oneOf' ? 'One of' : 'Any of';
    return alternatives.variants.map((variant) => {
      const value = Object.keys(mapping).find((key) => variant.name && mapping[key] === variant.name);
      const when = value !== undefined && schema.discriminator ? ` (${inlineCode(schema.discriminator.propertyName)} is ${valueCode(value)})` : '';
      return {head: `${label}: **${variantName(variant)}**${when}`, flags: [], text: schemaText(variant), children: childrenOf(variant, walk)};
    });
  }
  if (alternatives?.variants.length === 1) return entriesOf(alternatives.variants[0], walk);
  if (schema.properties.length) {
    return schema.properties
      .filter((property) => visible(property.schema, walk.direction))
      .map((property) => {
        const flags: Flag[] = [];
        if (property.required) flags.push('required');
        if (property.schema.readOnly) flags.push('read-only');
        if (property.schema.writeOnly) flags.push('write-only');
        if (property.schema.deprecated) flags.push('deprecated');
        const head = `${inlineCode(property.name)} · ${typeLabel(property.schema)}`;
        let text = schemaText(property.schema);
        const target = fieldsOwner(property.schema);
        if (walk.path.has(walkKey(target))) {
          text = [text, `Same fields as ${target.name ? inlineCode(target.name) : 'the object'} above.`].filter(Boolean).join(' ');
        }
        return {head, flags, text, children: childrenOf(property.schema, walk)};
      });
  }
  if (schema.items) return entriesOf(schema.items, walk);
  if (typeof schema.additionalProperties === 'object') return entriesOf(schema.additionalProperties, walk);
  return [];
}

/** The schema whose fields are listed under `schema`: itself, or the object inside its array or map. */
function fieldsOwner(schema: Schema): Schema {
  const flat = flatten(schema);
  if (flat.properties.length === 0 && !flat.oneOf && !flat.anyOf) {
    if (flat.items) return fieldsOwner(flat.items);
    if (typeof flat.additionalProperties === 'object') return fieldsOwner(flat.additionalProperties);
  }
  return schema;
}

/** The entries under a field. A schema already listed above it (a recursive one) is not listed again. */
function childrenOf(schema: Schema, walk: Walk): Entry[] {
  const owner = fieldsOwner(schema);
  if (walk.path.has(walkKey(owner))) return [];
  return entriesOf(schema, {...walk, path: new Set(walk.path).add(walkKey(owner)), depth: walk.depth + 1});
}

export function schemaFacts(schema: Schema, direction: Direction): SchemaFacts {
  const text = schemaText(schema);
  return {
    summary: join(`**${typeLabel(schema)}**`, text),
    entries: entriesOf(schema, {direction, path: new Set([walkKey(fieldsOwner(schema))]), depth: 0}),
  };
}

// ---- Bodies.

function contentFacts(media: MediaType, context: ValueContext, lead: string): ContentFacts {
  const {direction} = context;
  const facts: ContentFacts = {lead};
  const schema = media.schema;
  if (media.mediaType === 'text/event-stream' && schema) {
    facts.schema = schemaFacts(schema, direction);
    facts.example = {language: 'text', title: 'Example stream', code: streamExample(schema)};
    return facts;
  }
  if (media.mediaType.includes('json')) {
    if (schema) facts.schema = schemaFacts(schema, direction);
    const example = mediaExample(media, context);
    if (example !== undefined) facts.example = {language: 'json', title: 'Example', code: JSON.stringify(example, null, 2)};
    return facts;
  }
  if (schema) {
    const flat = flatten(schema);
    facts.note = flat.format === 'binary' || flat.json.contentMediaType !== undefined ? 'The body is raw bytes.' : `The body is ${typeLabel(schema)}.`;
    if (flat.description) facts.note += ` ${oneLine(flat.description)}`;
  }
  return facts;
}

// ---- Parameters.

const LOCATION_ORDER = {path: 0, query: 1, header: 2, cookie: 3};

function serialisation(parameter: Parameter): string {
  const type = parameter.schema ? inferredTypes(flatten(parameter.schema))[0] : undefined;
  if (parameter.in !== 'query') return '';
  if (type === 'array') {
    if (parameter.style === 'spaceDelimited') return 'Space-separated.';
    if (parameter.style === 'pipeDelimited') return 'Separated by `|`.';
    if (parameter.explode === false) return 'Comma-separated.';
    return `Repeat the parameter for each value (${inlineCode(`${parameter.name}=a&${parameter.name}=b`)}).`;
  }
  if (type === 'object' && parameter.style === 'deepObject') return `Sent as ${inlineCode(`${parameter.name}[key]=value`)}.`;
  return '';
}

function parameterFacts(parameter: Parameter): ParameterFacts {
  const schema = parameter.schema;
  const meta = `${parameter.in} · ${schema ? typeLabel(schema) : 'string'}`;
  const flags: Flag[] = [];
  if (parameter.required) flags.push('required');
  if (parameter.deprecated) flags.push('deprecated');
  const parts = [schema ? schemaText(schema, parameter.description ?? schema.description) : oneLine(parameter.description ?? '')];
  parts.push(serialisation(parameter));
  if (parameter.examples.length && !schema?.examples.length) parts.push(`Example: ${valueCode(parameter.examples[0].value)}.`);
  const children = schema ? entriesOf(schema, {direction: 'request', path: new Set([walkKey(fieldsOwner(schema))]), depth: 0}) : [];
  return {name: parameter.name, meta, flags, text: parts.filter(Boolean).join(' '), children};
}

// ---- Authentication.

function schemeText(scheme: SecurityScheme): string {
  if (scheme.type === 'http' && scheme.scheme === 'bearer') {
    return `a bearer token (${inlineCode(`Authorization: Bearer <${scheme.bearerFormat ?? 'token'}>`)})`;
  }
  if (scheme.type === 'http' && scheme.scheme === 'basic') return `HTTP basic credentials (${inlineCode('Authorization: Basic <credentials>')})`;
  if (scheme.type === 'http') return `HTTP ${scheme.scheme ?? ''} credentials (${inlineCode('Authorization')})`;
  if (scheme.type === 'apiKey' && scheme.in === 'header') return `an API key (${inlineCode(`${scheme.parameterName}: <key>`)})`;
  if (scheme.type === 'apiKey' && scheme.in === 'query') return `an API key in the query parameter ${inlineCode(scheme.parameterName ?? '')}`;
  if (scheme.type === 'apiKey' && scheme.in === 'cookie') return `an API key in the cookie ${inlineCode(scheme.parameterName ?? '')}`;
  return `${scheme.type} credentials (${inlineCode(scheme.name)})`;
}

function orList(items: string[]): string {
  return items.length > 1 ? `${items.slice(0, -1).join(', ')} or ${items.at(-1)}` : items[0];
}

export function authenticationText(security: SecurityAlternative[]): string {
  if (security.length === 0) return 'None. This operation needs no credentials.';
  const alternatives = security.filter((alternative) => alternative.length > 0).map((alternative) => alternative.map(schemeText).join(' and '));
  const optional = security.some((alternative) => alternative.length === 0);
  return `Send ${orList(alternatives)}${optional ? ', or no credentials at all' : ''}.`;
}

/** How a security scheme travels, for the overview's table. */
export function schemeSentAs(scheme: SecurityScheme): string {
  if (scheme.type === 'http')
    return inlineCode(`Authorization: ${scheme.scheme === 'bearer' ? 'Bearer' : (scheme.scheme ?? '')} <${scheme.bearerFormat ?? 'token'}>`);
  if (scheme.type === 'apiKey') return `${scheme.in} ${inlineCode(scheme.parameterName ?? '')}`;
  return scheme.type;
}

// ---- The page.

/** The overview's section about error bodies (an `## Errors` heading of the spec's info.description), which every error response links to. */
export const ERRORS_ANCHOR = 'errors';

export function overviewRoute(): string {
  return `${API_REFERENCE.route}/${API_REFERENCE.overviewSlug}`;
}

export function operationRoute(operation: {slug: string}): string {
  return `${API_REFERENCE.route}/${operation.slug}`;
}

/**
 * A response body describes a resource that was just made when the operation
 * creates one: its examples show nothing that has not happened yet.
 */
function freshResource(operation: Operation, status: string): boolean {
  return status === '201' || (status.startsWith('2') && /^create-/.test(operation.slug));
}

/** The samples' notes: the credential the curl and Python samples read, and the version the CLI and SDK samples are checked against. */
function samplesNotes(operation: Operation, samples: CodeSample[]): string[] {
  const notes: string[] = [];
  const credential = sampleCredentialNote(operation);
  if (credential) notes.push(`${credential.replace(/\.$/, '')}; see [Authentication](${overviewRoute()}#authentication).`);
  if (samples.some((sample) => sample.kind === 'tower-cli' || sample.kind === 'tower-sdk')) notes.push(checkedVersionSentence());
  return notes;
}

export function operationFacts(operation: Operation, titleOf: TitleOf): OperationFacts {
  const examples = pathExamples(operation);
  const parametersNote = examples.length
    ? `The samples use ${examples.map(({name, value}) => `${inlineCode(value)} for ${inlineCode(`{${name}}`)}`).join(', ')}; replace ${examples.length > 1 ? 'them' : 'it'} with your own.`
    : undefined;
  const body = operation.requestBody;
  const responses = [...operation.responses].sort((a, b) => statusOrder(a.status) - statusOrder(b.status));
  const samples = codeSamples(operation);
  const responseFacts: ResponseFacts[] = responses.map((response) => ({
    status: response.status,
    heading: statusHeading(response.status),
    description: response.description,
    headers: response.headers.map((header) => {
      const flags: Flag[] = [];
      if (header.required) flags.push('required');
      if (header.deprecated) flags.push('deprecated');
      return {
        head: `Header ${inlineCode(header.name)} · ${header.schema ? typeLabel(header.schema) : 'string'}`,
        flags,
        text: header.schema ? schemaText(header.schema, header.description ?? header.schema.description) : oneLine(header.description ?? ''),
        children: [],
      };
    }),
    contents: response.content.map((media) => {
      const facts = contentFacts(
        media,
        {direction: 'response', fresh: freshResource(operation, response.status)},
        `Media type ${inlineCode(media.mediaType)}.`,
      );
      if (!response.status.startsWith('2')) {
        // Error bodies share one shape, which the overview's Errors section describes: a page links it rather
        // than repeating its fields and a made-up example under every status. The spec's own examples stay.
        if (media.schema?.name) {
          facts.schema = undefined;
          facts.note = `Schema: ${inlineCode(media.schema.name)}, described under [Errors](${overviewRoute()}#${ERRORS_ANCHOR}).`;
        }
        if (media.examples.length === 0) delete facts.example;
      }
      return facts;
    }),
  }));
  // The first success with an example moves beside the samples, where the reader compares request and answer.
  let responseExample: OperationFacts['responseExample'];
  for (const response of responseFacts.filter((candidate) => /^2/.test(candidate.status))) {
    const content = response.contents.find((candidate) => candidate.example);
    if (!content?.example) continue;
    responseExample = {...content.example, status: response.status, title: `Response ${response.heading}`};
    delete content.example;
    break;
  }
  return {
    operation,
    metaDescription: firstSentence(operation.description || operation.summary),
    authentication: authenticationText(operation.security),
    history: operation.history
      ? `Last seen in API version ${inlineCode(operation.history.lastSeenSpecVersion)}; absent from ${inlineCode(operation.history.absentFromSpecVersion)} on, so it may no longer be served.`
      : undefined,
    related: operation.related.map((route) => ({route, title: titleOf(route)})),
    samples,
    samplesNotes: samplesNotes(operation, samples),
    responseExample,
    parameters: [...operation.parameters].sort((a, b) => LOCATION_ORDER[a.in] - LOCATION_ORDER[b.in]).map(parameterFacts),
    parametersNote,
    requestBody: body
      ? {
          description: body.description,
          contents: body.content.map((media) =>
            contentFacts(media, {direction: 'request', fresh: false}, `Media type ${inlineCode(media.mediaType)}, ${body.required ? 'required' : 'optional'}.`),
          ),
        }
      : undefined,
    responses: responseFacts,
  };
}

/** The contact and terms lines of the overview, as Markdown. */
export function contactLines(model: ApiModel): string[] {
  const {contact, termsOfService, license} = model.info;
  const lines: string[] = [];
  if (contact?.email) {
    lines.push(
      `Questions about the API go to ${contact.name ? `${contact.name} at ` : ''}[${contact.email}](mailto:${contact.email})${contact.url ? ` (${contact.url})` : ''}.`,
    );
  }
  if (termsOfService) lines.push(`Use of the API is subject to the terms at ${termsOfService}.`);
  if (license) lines.push(`The API is published under ${license.url ? `[${license.name}](${license.url})` : license.name}.`);
  return lines;
}

/** The overview's one-line description (meta description, llms.txt). */
export function overviewDescription(model: ApiModel): string {
  return model.info.summary ?? firstSentence(model.info.description);
}

/** The overview's list of operations per tag, in the spec's order, without empty tags. */
export function operationsByTag(model: ApiModel): ApiModel['tags'] {
  return model.tags.filter((tag) => tag.operations.length > 0);
}
