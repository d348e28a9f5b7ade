/**
 * The API operations file (build/api-operations.json): what the docs MCP
 * server's list_api_operations and get_api_operation answer with, computed
 * from the API model with no file access so it can be unit-tested.
 */
import type {ApiModel, Operation, OperationOutline, Schema} from '../api-reference/model';
import {API_REFERENCE} from '../../src/constants';

export const API_OPERATIONS_FILE = 'api-operations.json';
export const API_OPERATIONS_FORMAT = 1;

export type ApiParameter = {name: string; in: string; required: boolean; type: string; description: string};

/** An operation as the MCP server gives it: the model's outline (without its line in the spec file) and the rest in plain values. */
export type ApiOperationEntry = Omit<OperationOutline, 'line'> & {
  description: string;
  deprecated: boolean;
  /** Absolute URL of the operation's page. */
  url: string;
  /** Path of the operation's Markdown twin under the build, e.g. docs/reference/api/list-apps.md. */
  markdown: string;
  parameters: ApiParameter[];
  requestBody: {required: boolean; mediaTypes: string[]} | null;
  responses: Array<{status: string; description: string}>;
  /** Each alternative names the security schemes sent together; an empty list means no credentials. */
  security: string[][];
  cli: string | null;
  sdk: string | null;
};

export type ApiOperationsFile = {
  format: typeof API_OPERATIONS_FORMAT;
  title: string;
  version: string;
  serverUrl: string;
  tags: Array<{name: string; description: string}>;
  operations: ApiOperationEntry[];
};

/** A schema's type in a few words: a component's name, `array of X`, `string (date-time)`, `X or null`. */
export function typeLabel(schema: Schema | undefined): string {
  if (!schema) return 'any';
  let label: string;
  if (schema.name) label = schema.name;
  else if (schema.types.includes('array') && schema.items) label = `array of ${typeLabel(schema.items)}`;
  else if (schema.types.length > 0) label = schema.types.join(' or ') + (schema.format ? ` (${schema.format})` : '');
  else if (schema.oneOf || schema.anyOf) label = (schema.oneOf ?? schema.anyOf ?? []).map(typeLabel).join(' or ');
  else label = 'any';
  return schema.nullable ? `${label} or null` : label;
}

function entry(operation: Operation, siteUrl: string): ApiOperationEntry {
  const route = `${API_REFERENCE.route}/${operation.slug}`;
  return {
    id: operation.id,
    slug: operation.slug,
    method: operation.method,
    path: operation.path,
    tag: operation.tag,
    summary: operation.summary,
    description: operation.description,
    deprecated: operation.deprecated,
    url: `${siteUrl}${route}`,
    markdown: `${route.slice(1)}.md`,
    parameters: operation.parameters.map((parameter) => ({
      name: parameter.name,
      in: parameter.in,
      required: parameter.required,
      type: typeLabel(parameter.schema),
      description: parameter.description ?? '',
    })),
    requestBody: operation.requestBody
      ? {required: operation.requestBody.required, mediaTypes: operation.requestBody.content.map((media) => media.mediaType)}
      : null,
    responses: operation.responses.map((response) => ({status: response.status, description: response.description ?? ''})),
    security: operation.security.map((alternative) => alternative.map((scheme) => scheme.name)),
    cli: operation.cli ?? null,
    sdk: operation.sdk ?? null,
  };
}

export function apiOperationsFile(model: ApiModel, siteUrl: string): ApiOperationsFile {
  const site = siteUrl.replace(/\/$/, '');
  return {
    format: API_OPERATIONS_FORMAT,
    title: model.info.title,
    version: model.info.version,
    serverUrl: model.serverUrl,
    tags: model.tags.map((tag) => ({name: tag.name, description: tag.description ?? ''})),
    operations: model.operations.map((operation) => entry(operation, site)),
  };
}
