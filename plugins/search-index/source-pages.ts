/**
 * The docs as the search index sees them, read from the sources instead of a
 * build: the Markdown pages (their fences that include a file expanded, as
 * the build does), the API pages from the OpenAPI document (the Markdown twin
 * of each page: the same words as the rendered page, without components) and
 * the sidebars' category pages, each page placed under the sidebar categories
 * its breadcrumbs show.
 *
 * The development server indexes these (plugins/search-index/index.ts), and so
 * do the relevance and Ask AI tests (`loadSourcePages`), which then run in
 * seconds from a fresh clone: a writer who breaks a relevance case learns it
 * from `npm run test:unit`, without a production build. The production index
 * reads the rendered HTML (extract-html.ts), which says the same in the same
 * sections.
 */
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {pathToFileURL} from 'node:url';
import {parse} from 'yaml';
import {API_REFERENCE, SITE} from '../../src/constants';
import {kindOfRoute} from '../../src/search/kinds';
import type {ExtractedPage} from '../../src/search/records';
import {operationRoute, overviewRoute} from '../api-reference/facts';
import {loadApiModel, type ApiModel} from '../api-reference/model';
import {renderOperationMarkdown, renderOverviewMarkdown} from '../api-reference/render-markdown';
import {expandIncludes} from '../include-file/expand';
import {isMdxFile, readMarkdown} from '../../lib/markdown';
import {condenseApiPage} from './condense';
import {extractMarkdown} from './extract-markdown';

/** The docs route prefix (`/docs/`) and the tags every docs page carries. */
const DOCS_PREFIX = `${SITE.baseUrl}docs/`;
const DOCS_TAGS = ['docs-default-current'];

/** A docs page as the docs plugin knows it: its id, route, title and source file (relative to the site). */
export type SourceDoc = {id: string; permalink: string; title: string; source: string};

/** A sidebar category with a generated index page (`/docs/category/...`). */
export type CategoryPage = {permalink: string; title: string; description: string; cards: Array<{title: string; description: string}>};

type SidebarNode = {
  type?: string;
  id?: string;
  label?: string;
  items?: unknown[];
  link?: {type?: string; id?: string; slug?: string; permalink?: string; description?: string};
  description?: string;
};

/**
 * Where each doc sits in the sidebars: the labels of the categories above it
 * (its breadcrumbs without itself; a category's own linked doc sits under the
 * categories above that category), and the generated index pages.
 */
export function sidebarPlaces(
  sidebars: Record<string, unknown[]>,
  describe: (docId: string) => {title: string; description: string} | undefined,
): {trails: Map<string, string[]>; categories: CategoryPage[]} {
  const trails = new Map<string, string[]>();
  const categories: CategoryPage[] = [];
  const cardOf = (item: unknown): {title: string; description: string} | undefined => {
    const node = (typeof item === 'string' ? {type: 'doc', id: item} : item) as SidebarNode;
    if (node.type === 'category') return {title: node.label ?? '', description: node.link?.description ?? node.description ?? ''};
    const id = node.type === 'doc' || node.type === 'ref' ? node.id : undefined;
    return id ? describe(id) : undefined;
  };
  const visit = (item: unknown, above: string[]) => {
    const node = (typeof item === 'string' ? {type: 'doc', id: item} : item) as SidebarNode;
    if ((node.type === 'doc' || node.type === 'ref') && node.id && !trails.has(node.id)) trails.set(node.id, above);
    if (node.type !== 'category') return;
    const label = node.label ?? '';
    if (node.link?.type === 'doc' && node.link.id && !trails.has(node.link.id)) trails.set(node.link.id, above);
    if (node.link?.type === 'generated-index') {
      const slug = node.link.permalink ?? `${DOCS_PREFIX}${(node.link.slug ?? '').replace(/^\//, '')}`;
      categories.push({
        permalink: slug,
        title: label,
        description: node.link.description ?? '',
        cards: (node.items ?? []).map(cardOf).filter((card): card is {title: string; description: string} => Boolean(card)),
      });
    }
    for (const child of node.items ?? []) visit(child, [...above, label]);
  };
  for (const items of Object.values(sidebars)) for (const item of items) visit(item, []);
  return {trails, categories};
}

/** The page a generated category index shows: its description and a card per item. */
export function categoryPage(category: CategoryPage): ExtractedPage {
  const blocks = [category.description, ...category.cards.flatMap((card) => [card.title, card.description])].filter(Boolean);
  return {
    path: category.permalink,
    trail: [],
    kind: kindOfRoute(category.permalink, DOCS_PREFIX),
    title: category.title,
    language: 'en',
    tags: DOCS_TAGS,
    sections: [{level: 1, anchor: null, heading: category.title, parents: [], text: blocks.join('\n'), blocks}],
  };
}

/** One Markdown docs page, with the title it shows (its H1, else its front-matter title). */
export function markdownPage(siteDir: string, doc: SourceDoc, trail: string[]): ExtractedPage {
  const file = path.join(siteDir, doc.source.replace(/^@site\//, ''));
  const sourceName = path.relative(siteDir, file);
  const source = expandIncludes(readFileSync(file, 'utf8'), {siteDir, sourceName}).markdown;
  const mdx = isMdxFile(file);
  // Read once: the title comes from the same document as the sections.
  const document = readMarkdown(source, {sourceName, mdx});
  const heading = document.headings.find((h) => h.level === 1)?.text;
  return extractMarkdown(document, {
    path: doc.permalink,
    title: heading ?? doc.title,
    trail,
    kind: kindOfRoute(doc.permalink, DOCS_PREFIX),
    tags: DOCS_TAGS,
  });
}

/** Whether a doc id is one of the generated API pages (read from the model instead of their MDX). */
export function isApiDoc(docId: string): boolean {
  return docId.startsWith(`${API_REFERENCE.docDir}/`);
}

/**
 * The API overview and every operation page, from the model: each page's
 * Markdown twin read like any Markdown page. `titleOf` names the docs pages
 * an operation links to, as the rendered page does.
 */
export function apiPages(model: ApiModel, trails: Map<string, string[]>, titleOf: (route: string) => string): ExtractedPage[] {
  const context = {siteUrl: `${SITE.url}${SITE.baseUrl.replace(/\/$/, '')}`, titleOf};
  const page = (route: string, markdown: string, title: string): ExtractedPage => {
    const id = route.slice(DOCS_PREFIX.length);
    return condenseApiPage(
      extractMarkdown(markdown, {path: route, title, trail: trails.get(id) ?? [], kind: kindOfRoute(route, DOCS_PREFIX), tags: DOCS_TAGS}),
    );
  };
  return [
    page(overviewRoute(), renderOverviewMarkdown(model, context), model.info.title),
    ...model.operations.map((operation) => page(operationRoute(operation), renderOperationMarkdown(operation, context), operation.summary)),
  ];
}

/** The front matter of a Markdown file: its title and description when it gives them. */
function frontMatterOf(text: string): {title?: string; description?: string} {
  const block = /^---\n([\s\S]*?)\n---(?:\n|$)/.exec(text.replace(/\r\n?/g, '\n'));
  const fields = (block ? parse(block[1]) : null) as {title?: unknown; description?: unknown} | null;
  return {
    title: typeof fields?.title === 'string' ? fields.title : undefined,
    description: typeof fields?.description === 'string' ? fields.description : undefined,
  };
}

/** The Markdown docs of a site folder (docs/**.md and .mdx, the generated API folder left out), as the docs plugin lists them. */
function sourceDocs(siteDir: string): Array<SourceDoc & {description: string}> {
  const docsDir = path.join(siteDir, 'docs');
  const docs: Array<SourceDoc & {description: string}> = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, {withFileTypes: true})) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.mdx?$/.test(entry.name)) {
        const id = path
          .relative(docsDir, file)
          .split(path.sep)
          .join('/')
          .replace(/\.mdx?$/, '');
        if (isApiDoc(id)) continue;
        const text = readFileSync(file, 'utf8');
        const {title, description} = frontMatterOf(text);
        docs.push({
          id,
          permalink: `${DOCS_PREFIX}${id}`,
          title: title ?? /^# (.+)$/m.exec(text)?.[1].trim() ?? id,
          description: description ?? '',
          source: path.relative(siteDir, file),
        });
      }
    }
  };
  walk(docsDir);
  return docs.sort((a, b) => a.id.localeCompare(b.id));
}

/**
 * Every page the index holds, from the sources of the site in `siteDir`,
 * without Docusaurus: its sidebars file (loaded as Docusaurus loads it, by
 * path), its Markdown docs and its OpenAPI document.
 */
export async function loadSourcePages(siteDir: string): Promise<ExtractedPage[]> {
  const docs = sourceDocs(siteDir);
  const byId = new Map(docs.map((doc) => [doc.id, doc]));
  const model = await loadApiModel(path.join(siteDir, API_REFERENCE.specFile), API_REFERENCE.specFile);
  const sidebarsModule = (await import(pathToFileURL(path.join(siteDir, 'sidebars.ts')).href)) as {default: Record<string, unknown[]>};
  const summaries = new Map(model.operations.map((operation) => [operationRoute(operation).slice(DOCS_PREFIX.length), operation.summary]));
  const {trails, categories} = sidebarPlaces(sidebarsModule.default, (id) => {
    const doc = byId.get(id);
    if (doc) return {title: doc.title, description: doc.description};
    const summary = summaries.get(id);
    return summary === undefined ? undefined : {title: summary, description: ''};
  });
  const titles = new Map(docs.map((doc) => [doc.permalink, doc.title]));
  const titleOf = (route: string) => {
    const bare = route.replace(/#.*$/, '');
    return titles.get(bare) ?? summaries.get(bare.slice(DOCS_PREFIX.length)) ?? (bare === overviewRoute() ? model.info.title : bare);
  };
  return [...docs.map((doc) => markdownPage(siteDir, doc, trails.get(doc.id) ?? [])), ...apiPages(model, trails, titleOf), ...categories.map(categoryPage)];
}
