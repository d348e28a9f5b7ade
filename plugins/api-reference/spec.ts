/**
 * Reads openapi/tower-api.yaml through docusaurus-plugin-openapi-docs 4.7.1
 * (its parser resolves every $ref and gives each operation its page id) and
 * hands the rest of the generator a small, typed view of it.
 */
import {createRequire} from 'node:module';

const require = createRequire(import.meta.url);

/** The subset of JSON Schema the spec uses, after $refs are resolved. */
export type Schema = {
  type?: string | string[];
  format?: string;
  title?: string;
  description?: string;
  enum?: unknown[];
  default?: unknown;
  nullable?: boolean;
  readOnly?: boolean;
  writeOnly?: boolean;
  deprecated?: boolean;
  properties?: Record<string, Schema>;
  additionalProperties?: boolean | Schema;
  required?: string[];
  items?: Schema;
  oneOf?: Schema[];
  anyOf?: Schema[];
  allOf?: Schema[];
  discriminator?: {propertyName: string; mapping?: Record<string, string>};
};

export type Parameter = {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  description?: string;
  required?: boolean;
  deprecated?: boolean;
  style?: string;
  explode?: boolean;
  schema?: Schema;
};

export type MediaType = {schema?: Schema};

export type Response = {
  description?: string;
  content?: Record<string, MediaType>;
  headers?: Record<string, {description?: string; schema?: Schema}>;
};

export type SecurityScheme = {
  type: string;
  scheme?: string;
  bearerFormat?: string;
  name?: string;
  in?: string;
  description?: string;
};

export type Operation = {
  id: string;
  tag: string;
  method: string;
  path: string;
  summary: string;
  description: string;
  deprecated: boolean;
  parameters: Parameter[];
  requestBody?: {description?: string; required?: boolean; content: Record<string, MediaType>};
  responses: Record<string, Response>;
  /** Alternatives: each entry is one set of schemes that together authenticate. */
  security: Record<string, string[]>[];
  securitySchemes: Record<string, SecurityScheme>;
  related: string[];
  cli?: string;
  sdk?: string;
};

export type ApiInfo = {
  id: string;
  title: string;
  version: string;
  summary?: string;
  description: string;
  termsOfService?: string;
  contact?: {name?: string; email?: string; url?: string};
  serverUrl: string;
  securitySchemes: Record<string, SecurityScheme>;
};

export type LoadedSpec = {info: ApiInfo; tags: {name: string; description?: string}[]; operations: Operation[]};

type PluginItem = {
  type: 'api' | 'info' | 'tag' | 'schema';
  id: string;
  title: string;
  api?: Record<string, unknown> & {
    operationId?: string;
    tags?: string[];
    method: string;
    path: string;
    summary?: string;
    description?: string;
    deprecated?: boolean;
    parameters?: Parameter[];
    requestBody?: Operation['requestBody'];
    responses?: Record<string, Response>;
    security?: Record<string, string[]>[];
    securitySchemes?: Record<string, SecurityScheme>;
  };
  securitySchemes?: Record<string, SecurityScheme>;
  info?: {title: string; version: string; summary?: string; description?: string; termsOfService?: string; contact?: ApiInfo['contact']};
};

type OpenApiModule = {
  readOpenapiFiles: (specPath: string) => Promise<{source: string; sourceDirName: string; data: Record<string, unknown>}[]>;
  processOpenapiFiles: (
    files: unknown[],
    options: Record<string, unknown>,
    sidebarOptions: Record<string, unknown>,
  ) => Promise<[PluginItem[], {name: string; description?: string}[][], unknown[]]>;
};

const openapi = require('docusaurus-plugin-openapi-docs/lib/openapi') as OpenApiModule;

export async function loadSpec(specPath: string, outputDir: string): Promise<LoadedSpec> {
  const files = await openapi.readOpenapiFiles(specPath);
  if (files.length !== 1) throw new Error(`Expected one OpenAPI document at ${specPath}, found ${files.length}`);
  const sidebarOptions = {groupPathsBy: 'tag'};
  const [items, tagLists] = await openapi.processOpenapiFiles(files, {specPath, outputDir, sidebarOptions}, sidebarOptions);
  const data = files[0].data as {servers?: {url: string}[]; tags?: {name: string; description?: string}[]};
  const serverUrl = data.servers?.[0]?.url;
  if (!serverUrl) throw new Error(`${specPath} has no servers[0].url`);

  const infoItem = items.find((item) => item.type === 'info');
  if (!infoItem?.info) throw new Error(`${specPath}: the plugin produced no info page`);
  const info: ApiInfo = {
    id: infoItem.id,
    title: infoItem.info.title,
    version: infoItem.info.version,
    summary: infoItem.info.summary,
    description: infoItem.info.description ?? '',
    termsOfService: infoItem.info.termsOfService,
    contact: infoItem.info.contact,
    serverUrl,
    securitySchemes: infoItem.securitySchemes ?? {},
  };

  const operations: Operation[] = [];
  for (const item of items) {
    if (item.type !== 'api' || !item.api) continue;
    const api = item.api;
    // The page id (and so the route) is the plugin's kebab-case of the operationId. Our
    // operationIds are already kebab-case; anything else would silently move a page.
    if (api.operationId !== item.id) {
      throw new Error(`operationId "${api.operationId}" would be published as "${item.id}": use kebab-case ids`);
    }
    const tag = api.tags?.[0];
    if (!tag || api.tags!.length !== 1) throw new Error(`${item.id}: every operation needs exactly one tag`);
    operations.push({
      id: item.id,
      tag,
      method: api.method.toUpperCase(),
      path: api.path,
      summary: item.title,
      description: api.description ?? '',
      deprecated: api.deprecated === true,
      parameters: api.parameters ?? [],
      requestBody: api.requestBody,
      responses: api.responses ?? {},
      security: api.security ?? [],
      securitySchemes: api.securitySchemes ?? info.securitySchemes,
      related: (api['x-tower-related'] as string[] | undefined) ?? [],
      cli: api['x-tower-cli'] as string | undefined,
      sdk: api['x-tower-sdk'] as string | undefined,
    });
  }
  const tags = (tagLists[0] ?? data.tags ?? []).map(({name, description}) => ({name, description}));
  return {info, tags, operations};
}
