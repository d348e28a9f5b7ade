/**
 * Writes the MDX of the API overview page and of one page per operation.
 * Pages are static: everything (schemas, examples, code samples) is rendered
 * at build time into HTML. The only components used are Docusaurus' own Tabs
 * and Details, so an API page ships no API-explorer code and makes no request.
 */
import {createRequire} from 'node:module';
import {codeBlock, firstSentence, inlineCode, jsxString, mdxCell, mdxMarkdown, oneLine} from './mdx';
import {codeSamples, pathExample} from './samples';
import {renderSchema, typeLabel} from './schema';
import type {ApiInfo, LoadedSpec, Operation, Parameter, Response, Schema} from './spec';

const require = createRequire(import.meta.url);
const {sampleResponseFromSchema} = require('docusaurus-plugin-openapi-docs/lib/openapi/createResponseExample') as {
  sampleResponseFromSchema: (schema: Schema) => unknown;
};
const {sampleRequestFromSchema} = require('docusaurus-plugin-openapi-docs/lib/openapi/createRequestExample') as {
  sampleRequestFromSchema: (schema: Schema) => unknown;
};

/** Resolves the label of a link target (a docs page title or an operation summary). */
export type TitleOf = (route: string) => string;

export const API_ROUTE_BASE = '/docs/reference/api';

const STATUS_TEXT: Record<string, string> = {
  '200': 'OK',
  '201': 'Created',
  '202': 'Accepted',
  '204': 'No Content',
  '400': 'Bad Request',
  '401': 'Unauthorized',
  '403': 'Forbidden',
  '404': 'Not Found',
  '409': 'Conflict',
  '422': 'Unprocessable Entity',
  '429': 'Too Many Requests',
  '500': 'Internal Server Error',
  default: 'Any other status',
};

function frontMatter(fields: Record<string, string | number | boolean | null>): string {
  const lines = Object.entries(fields).map(([key, value]) => `${key}: ${JSON.stringify(value)}`);
  return `---\n${lines.join('\n')}\n---`;
}

export function methodBadge(method: string): string {
  return `<span className="api-method api-method--${method.toLowerCase()}">${method.toUpperCase()}</span>`;
}

function endpoint(operation: Operation): string {
  return `<p className="api-endpoint">${methodBadge(operation.method)}<code className="api-endpoint__path">${jsxString(operation.path)}</code></p>`;
}

/** "Bearer token or API key", "No authentication", with what to send. */
export function authenticationText(operation: Operation): string {
  if (operation.security.length === 0 || operation.security.every((alt) => Object.keys(alt).length === 0)) {
    return 'None. This operation needs no credentials.';
  }
  const alternatives = operation.security.map((alternative) =>
    Object.keys(alternative)
      .map((name) => {
        const scheme = operation.securitySchemes[name];
        if (scheme?.type === 'http' && scheme.scheme === 'bearer') return `a bearer token (${inlineCode('Authorization: Bearer <JWT>')})`;
        if (scheme?.type === 'apiKey') return `an API key (${inlineCode(`${scheme.name}: <key>`)})`;
        return inlineCode(name);
      })
      .join(' and '),
  );
  const list = alternatives.length > 1 ? `${alternatives.slice(0, -1).join(', ')} or ${alternatives.at(-1)}` : alternatives[0];
  return `Send ${list}.`;
}

function parameterRow(parameter: Parameter): string {
  const schema = parameter.schema ?? {};
  const notes: string[] = [];
  if (parameter.description) notes.push(mdxCell(parameter.description));
  const values = schema.enum ?? schema.items?.enum;
  if (values?.length) notes.push(`Values: ${values.map((v) => inlineCode(String(v))).join(', ')}.`);
  if (schema.type === 'array' && parameter.in === 'query' && parameter.explode === false) notes.push('Comma-separated.');
  if (schema.default !== undefined) notes.push(`Default: ${inlineCode(String(schema.default))}.`);
  if (parameter.deprecated) notes.push('**Deprecated.**');
  // Two columns keep the description readable on a 390 px phone.
  const name = `${inlineCode(parameter.name)}<br/>${parameter.in} · ${mdxCell(typeLabel(schema))}${parameter.required ? ' · **required**' : ''}`;
  return `| ${name} | ${notes.join(' ') || ' '} |`;
}

function parametersSection(operation: Operation): string[] {
  if (operation.parameters.length === 0) return ['## Parameters', '', 'This operation takes no path, query or header parameters.'];
  const order = {path: 0, query: 1, header: 2, cookie: 3};
  const sorted = [...operation.parameters].sort((a, b) => order[a.in] - order[b.in]);
  const lines = ['## Parameters', '', '| Parameter | Description |', '| --- | --- |'];
  lines.push(...sorted.map(parameterRow));
  const pathParams = sorted.filter((p) => p.in === 'path');
  if (pathParams.length) {
    lines.push(
      '',
      `The samples use ${pathParams
        .map((p) => `${inlineCode(pathExample(operation.path, p.name))} for ${inlineCode(`{${p.name}}`)}`)
        .join(', ')}; replace ${pathParams.length > 1 ? 'them' : 'it'} with your own.`,
    );
  }
  return lines;
}

function jsonExample(example: unknown): string {
  return codeBlock('json', JSON.stringify(example, null, 2), 'title="Example"');
}

/** An example of a text/event-stream body: one event per variant of the event schema. */
function streamExample(schema: Schema): string {
  const item = schema.items ?? schema;
  const events = (item.oneOf ?? item.anyOf ?? [item]).map((variant) => {
    const sample = sampleResponseFromSchema(variant) as {event?: unknown; data?: unknown; id?: unknown};
    const lines = [`event: ${String(sample.event ?? 'message')}`, `data: ${JSON.stringify(sample.data ?? sample)}`];
    return lines.join('\n');
  });
  return codeBlock('text', `${events.join('\n\n')}\n`, 'title="Example stream"');
}

function requestBodySection(operation: Operation): string[] {
  const body = operation.requestBody;
  if (!body) return ['## Request body', '', 'This operation takes no request body.'];
  const lines = ['## Request body', ''];
  if (body.description) lines.push(mdxMarkdown(body.description), '');
  const mediaTypes = Object.entries(body.content);
  for (const [mediaType, media] of mediaTypes) {
    lines.push(`Media type ${inlineCode(mediaType)}${body.required ? ', required' : ', optional'}.`, '');
    if (!media.schema) continue;
    if (mediaType.includes('json')) {
      lines.push(renderSchema(media.schema, 'request'), '', jsonExample(sampleRequestFromSchema(media.schema)), '');
    } else {
      lines.push(`The body is ${media.schema.format === 'binary' ? 'raw bytes' : mdxMarkdown(typeLabel(media.schema))}.`, '');
    }
  }
  return lines;
}

function responseSection(status: string, response: Response): string[] {
  const lines = [`### ${status === 'default' ? 'Other statuses' : `${status} ${STATUS_TEXT[status] ?? ''}`.trim()}`, ''];
  if (response.description) lines.push(mdxMarkdown(response.description), '');
  const content = Object.entries(response.content ?? {});
  if (content.length === 0) lines.push('No response body.', '');
  for (const [mediaType, media] of content) {
    lines.push(`Media type ${inlineCode(mediaType)}.`, '');
    if (!media.schema) continue;
    const open = status.startsWith('2') ? ' open' : '';
    lines.push(`<details${open}>`, '<summary>Schema</summary>', '', renderSchema(media.schema, 'response'), '', '</details>', '');
    lines.push(
      mediaType === 'text/event-stream' ? streamExample(media.schema) : jsonExample(sampleResponseFromSchema(media.schema)),
      '',
    );
  }
  for (const [name, header] of Object.entries(response.headers ?? {})) {
    lines.push(`Header ${inlineCode(name)}: ${mdxMarkdown(oneLine(header.description ?? ''))}`, '');
  }
  return lines;
}

function responsesSection(operation: Operation): string[] {
  const statuses = Object.keys(operation.responses).sort((a, b) => (a === 'default' ? 1 : b === 'default' ? -1 : a.localeCompare(b)));
  const lines = ['## Responses', ''];
  for (const status of statuses) lines.push(...responseSection(status, operation.responses[status]));
  return lines;
}

function codeSamplesSection(info: ApiInfo, operation: Operation): string[] {
  const lines = ['## Code samples', '', '<Tabs>', ''];
  for (const [index, sample] of codeSamples(info.serverUrl, operation).entries()) {
    const value = sample.label.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    lines.push(
      `<TabItem value=${jsxString(value)} label=${jsxString(sample.label)}${index === 0 ? ' default' : ''}>`,
      '',
      codeBlock(sample.language, sample.code),
      '',
      '</TabItem>',
      '',
    );
  }
  lines.push('</Tabs>');
  const credential = operation.security.length ? 'the credential from the environment (`TOWER_API_KEY` or `TOWER_JWT`)' : '';
  if (credential) {
    lines.push('', `The curl and Python samples read ${credential}; see [Authentication](${API_ROUTE_BASE}/${info.id}#authentication).`);
  }
  return lines;
}

function relatedLine(operation: Operation, titleOf: TitleOf): string[] {
  if (operation.related.length === 0) return [];
  const links = operation.related.map((route) => `[${mdxMarkdown(titleOf(route))}](${route})`);
  return [`**Related:** ${links.join(' · ')}`, ''];
}

export function renderOperationPage(info: ApiInfo, operation: Operation, titleOf: TitleOf): string {
  const lines = [
    frontMatter({
      id: operation.id,
      title: operation.summary,
      sidebar_label: operation.summary,
      description: firstSentence(operation.description || operation.summary),
      sidebar_class_name: `api-sidebar-item api-sidebar-item--${operation.method.toLowerCase()}`,
      custom_edit_url: null,
    }),
    '',
    `{/* Generated from openapi/tower-api.yaml by plugins/api-reference on every build. Do not edit. */}`,
    '',
    "import Tabs from '@theme/Tabs';",
    "import TabItem from '@theme/TabItem';",
    '',
    `# ${mdxMarkdown(operation.summary)}`,
    '',
    endpoint(operation),
    '',
  ];
  if (operation.deprecated) lines.push(':::warning[Deprecated]', '', 'This operation is deprecated.', '', ':::', '');
  if (operation.description) lines.push(mdxMarkdown(operation.description), '');
  lines.push(
    `**Authentication:** ${authenticationText(operation)}`,
    '',
    `**Base URL:** ${inlineCode(info.serverUrl)}`,
    '',
    `**Operation ID:** ${inlineCode(operation.id)}`,
    '',
    ...relatedLine(operation, titleOf),
    ...codeSamplesSection(info, operation),
    '',
    ...parametersSection(operation),
    '',
    ...requestBodySection(operation),
    '',
    ...responsesSection(operation),
  );
  return `${lines.join('\n').replace(/\n{3,}/g, '\n\n').trimEnd()}\n`;
}

function securitySchemesSection(info: ApiInfo): string[] {
  const entries = Object.entries(info.securitySchemes);
  if (entries.length === 0) return [];
  const lines = ['## Security schemes', '', '| Scheme | Type | Sent as | Description |', '| --- | --- | --- | --- |'];
  for (const [name, scheme] of entries) {
    const sentAs =
      scheme.type === 'http'
        ? inlineCode(`Authorization: ${scheme.scheme === 'bearer' ? 'Bearer' : scheme.scheme} <${scheme.bearerFormat ?? 'token'}>`)
        : scheme.type === 'apiKey'
          ? `${scheme.in} ${inlineCode(scheme.name ?? '')}`
          : scheme.type;
    lines.push(`| ${inlineCode(name)} | ${scheme.type} | ${sentAs} | ${mdxCell(scheme.description ?? '')} |`);
  }
  return lines;
}

function operationsIndex(spec: LoadedSpec): string[] {
  const lines = ['## Operations', '', `Every operation has its own page with parameters, schemas, examples and code samples.`];
  for (const tag of spec.tags) {
    const operations = spec.operations.filter((operation) => operation.tag === tag.name);
    if (operations.length === 0) continue;
    lines.push('', `### ${mdxMarkdown(tag.name)}`, '');
    if (tag.description) lines.push(mdxMarkdown(oneLine(tag.description)), '');
    lines.push('| Operation | Method | Path |', '| --- | --- | --- |');
    for (const operation of operations) {
      lines.push(`| [${mdxCell(operation.summary)}](${API_ROUTE_BASE}/${operation.id}) | ${operation.method} | ${inlineCode(operation.path)} |`);
    }
  }
  return lines;
}

export function renderInfoPage(spec: LoadedSpec): string {
  const {info} = spec;
  const lines = [
    frontMatter({
      id: info.id,
      title: info.title,
      sidebar_label: info.title,
      description: info.summary ?? firstSentence(info.description),
      custom_edit_url: null,
    }),
    '',
    `{/* Generated from openapi/tower-api.yaml by plugins/api-reference on every build. Do not edit. */}`,
    '',
    `# ${mdxMarkdown(info.title)}`,
    '',
    `<p className="api-overview-meta">Version <code>${jsxString(info.version)}</code> · Base URL <code>${jsxString(info.serverUrl)}</code></p>`,
    '',
    mdxMarkdown(info.description),
    '',
    ...securitySchemesSection(info),
    '',
    ...operationsIndex(spec),
  ];
  const contact = info.contact;
  if (contact?.email || info.termsOfService) {
    lines.push('', '## Contact and terms', '');
    if (contact?.email) {
      lines.push(
        `Questions about the API go to ${contact.name ? `${mdxMarkdown(contact.name)} at ` : ''}[${contact.email}](mailto:${contact.email})${contact.url ? ` (${contact.url})` : ''}.`,
      );
    }
    if (info.termsOfService) lines.push('', `Use of the API is subject to the terms at ${info.termsOfService}.`);
  }
  return `${lines.join('\n').replace(/\n{3,}/g, '\n\n').trimEnd()}\n`;
}
