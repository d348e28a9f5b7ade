/**
 * The "Tower API" sidebar category, from the spec's outline each time the
 * sidebars load: one sub-category per tag in the spec's order, one entry per
 * operation in the order of the file. Docusaurus loads sidebars.ts
 * synchronously, so this reads the outline (model.ts without the schemas)
 * rather than the generated pages: the sidebar works before the first build
 * and cannot disagree with the pages, which come from the same model.
 */
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {API_REFERENCE} from '../../src/constants';
import {readApiOutline} from './model';

export const SPEC_PATH = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', API_REFERENCE.specFile);

export type ApiSidebarDoc = {type: 'doc'; id: string; label: string; className: string};
export type ApiSidebarCategory = {
  type: 'category';
  label: string;
  collapsed: boolean;
  collapsible?: boolean;
  link?: {type: 'doc'; id: string};
  items: (ApiSidebarDoc | ApiSidebarCategory)[];
};

/** The class of an operation's sidebar entry: it draws the method badge. */
export function sidebarClassName(method: string): string {
  return `api-sidebar-item api-sidebar-item--${method.toLowerCase()}`;
}

export function apiSidebarCategory(specPath = SPEC_PATH): ApiSidebarCategory {
  const {title, tags, operations} = readApiOutline(specPath, API_REFERENCE.specFile);
  return {
    type: 'category',
    label: title,
    collapsed: true,
    link: {type: 'doc', id: `${API_REFERENCE.docDir}/${API_REFERENCE.overviewSlug}`},
    items: tags
      .map((tag) => ({
        type: 'category' as const,
        label: tag.name,
        collapsed: true,
        items: operations
          .filter((operation) => operation.tag === tag.name)
          .map((operation) => ({
            type: 'doc' as const,
            id: `${API_REFERENCE.docDir}/${operation.slug}`,
            label: operation.summary,
            className: sidebarClassName(operation.method),
          })),
      }))
      .filter((category) => category.items.length > 0),
  };
}
