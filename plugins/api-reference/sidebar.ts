/**
 * The "Tower API" sidebar category, computed straight from the OpenAPI file
 * each time the sidebars load: one sub-category per tag in the spec's order,
 * one entry per operation in the order of the file. It never reads generated
 * files, so `tsc` and the sidebars work on a clean clone before the first build,
 * and the sidebar cannot disagree with the pages generated from the same file.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {parse} from 'yaml';

export const SPEC_PATH = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'openapi', 'tower-api.yaml');

/** Docs ids of the generated pages live under this folder of docs/. */
export const API_DOC_DIR = 'reference/api';

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'];

export type ApiSidebarDoc = {type: 'doc'; id: string; label: string; className: string};
export type ApiSidebarCategory = {
  type: 'category';
  label: string;
  collapsed: boolean;
  collapsible?: boolean;
  link?: {type: 'doc'; id: string};
  items: (ApiSidebarDoc | ApiSidebarCategory)[];
};

export type SpecOperation = {id: string; tag: string; method: string; path: string; summary: string};

type RawSpec = {
  info: {title: string};
  tags?: {name: string}[];
  paths: Record<string, Record<string, {operationId?: string; tags?: string[]; summary?: string}>>;
};

/** Operations in file order, with the fields the sidebar and the tests need. */
export function listOperations(specPath = SPEC_PATH): {title: string; tags: string[]; operations: SpecOperation[]} {
  const spec = parse(readFileSync(specPath, 'utf8')) as RawSpec;
  const operations: SpecOperation[] = [];
  for (const [route, item] of Object.entries(spec.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation?.operationId) continue;
      operations.push({
        id: operation.operationId,
        tag: operation.tags?.[0] ?? '',
        method: method.toUpperCase(),
        path: route,
        summary: operation.summary ?? operation.operationId,
      });
    }
  }
  return {title: spec.info.title, tags: (spec.tags ?? []).map((tag) => tag.name), operations};
}

/** The page id the plugin derives from info.title ("Tower API" gives "tower-api"). */
export function infoPageId(title: string): string {
  return title
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export function apiSidebarCategory(specPath = SPEC_PATH): ApiSidebarCategory {
  const {title, tags, operations} = listOperations(specPath);
  const untagged = operations.filter((operation) => !tags.includes(operation.tag));
  if (untagged.length) {
    throw new Error(`Operations whose tag is not declared in the spec's tags: ${untagged.map((o) => o.id).join(', ')}`);
  }
  return {
    type: 'category',
    label: title,
    collapsed: true,
    link: {type: 'doc', id: `${API_DOC_DIR}/${infoPageId(title)}`},
    items: tags
      .map((tag) => ({
        type: 'category' as const,
        label: tag,
        collapsed: true,
        items: operations
          .filter((operation) => operation.tag === tag)
          .map((operation) => ({
            type: 'doc' as const,
            id: `${API_DOC_DIR}/${operation.id}`,
            label: operation.summary,
            className: `api-sidebar-item api-sidebar-item--${operation.method.toLowerCase()}`,
          })),
      }))
      .filter((category) => category.items.length > 0),
  };
}
