/**
 * Local search index for the DocSearch modal and the /search page.
 *
 * - Production (`docusaurus build`): after the build, reads every rendered docs
 *   page (build/docs/**.html, API operation pages included), splits it into
 *   sections and writes DocSearch-shaped records, packed, to
 *   build/<SEARCH.indexFile>. The browser fetches it on the first search.
 *   The same index, split into small files, lets the /search page draw its
 *   first results before the site's JavaScript has loaded (first-paint.ts).
 * - Development (`docusaurus start`): pages are rendered in the browser only,
 *   so the plugin builds the same records from the Markdown sources whenever
 *   content loads (and reloads on edits), writes them under .docusaurus/ and
 *   adds that folder to the dev server's static files at the same URL.
 */
import {mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {API_REFERENCE, SEARCH, SITE} from '../../src/constants';
import {packRecords, pagesToRecords, type ExtractedPage, type PackedIndex} from '../../src/search/records';
import {listFiles} from '../../scripts/files';
import {extractPage} from './extract-html';
import {extractMarkdown} from './extract-markdown';
import {addFirstPaint} from './first-paint';

/** Every .html file under `dir`, except hashed assets, in a stable order. */
export function htmlFiles(dir: string): string[] {
  return listFiles(dir, (relative) => relative.endsWith('.html') && !relative.startsWith('assets/'));
}

/** build/docs/concepts/apps/index.html -> /docs/concepts/apps */
export function routeOfFile(outDir: string, file: string, baseUrl = '/'): string {
  const relative = path.relative(outDir, file).split(path.sep).join('/');
  const route = relative.replace(/(^|\/)index\.html$/, '').replace(/\.html$/, '');
  return `${baseUrl.replace(/\/$/, '')}/${route}`.replace(/\/$/, '') || '/';
}

/** API operation pages: every page right under the API route except the overview. */
function isApiOperationPage(route: string): boolean {
  const prefix = `${API_REFERENCE.route}/`;
  const slug = route.startsWith(prefix) ? route.slice(prefix.length) : '';
  return slug !== '' && !slug.includes('/') && slug !== API_REFERENCE.overviewSlug;
}
/**
 * How much of each section of an API operation page goes into the index.
 * Readers search for an operation by what it does, its path and its
 * parameters; the full response schemas (shared models repeated on many
 * pages) and the code samples would more than double the index and crowd
 * the guides out of the results.
 */
const API_SECTION_CHARS: Record<string, number> = {'': 1200, parameters: 600, 'request-body': 400};
const API_OTHER_SECTION_CHARS = 160;

export function condenseApiPage(page: ExtractedPage): ExtractedPage {
  if (!isApiOperationPage(page.path)) return page;
  const sections = page.sections
    .filter((section) => section.anchor !== 'code-samples')
    .map((section) => {
      const limit = API_SECTION_CHARS[section.anchor ?? ''] ?? API_OTHER_SECTION_CHARS;
      return section.text.length > limit ? {...section, text: section.text.slice(0, limit)} : section;
    });
  return {...page, sections};
}

export type BuildOptions = {site?: string; baseUrl?: string; routes?: string[]};

/** Extracts the pages of a production build that belong in the index. */
export function extractBuiltPages(outDir: string, options: BuildOptions = {}): ExtractedPage[] {
  const baseUrl = options.baseUrl ?? SITE.baseUrl;
  const docsPrefix = `${baseUrl}${SEARCH.indexedPathPrefix}`;
  const known = options.routes ? new Set(options.routes) : null;
  const pages: ExtractedPage[] = [];
  for (const file of htmlFiles(outDir)) {
    const route = routeOfFile(outDir, file, baseUrl);
    if (!route.startsWith(docsPrefix)) continue;
    // Only real routes: a stray file that no route serves would be a dead result.
    if (known && !known.has(route) && !known.has(`${route}/`)) continue;
    const page = extractPage(readFileSync(file, 'utf8'), route);
    if (page) pages.push(condenseApiPage(page));
  }
  return pages;
}

export function buildPackedIndex(pages: ExtractedPage[], site: string = SITE.url): PackedIndex {
  return packRecords(pagesToRecords(pages, site), site);
}

type DocsContent = {
  loadedVersions: Array<{
    docs: Array<{id: string; source: string; permalink: string; title: string; unlisted?: boolean; draft?: boolean}>;
    categoryGeneratedIndices?: Array<{title: string; description?: string; permalink: string}>;
    sidebars: Record<string, unknown[]>;
  }>;
};

/** Maps each doc id to the label of the top-level sidebar category holding it. */
function categoriesOf(sidebars: Record<string, unknown[]>): Map<string, string> {
  const result = new Map<string, string>();
  const visit = (item: unknown, label: string | null) => {
    if (!item || typeof item !== 'object') return;
    const node = item as {type?: string; id?: string; label?: string; items?: unknown[]};
    if (node.type === 'doc' && node.id && label) result.set(node.id, label);
    if (node.type === 'category') for (const child of node.items ?? []) visit(child, label ?? node.label ?? null);
  };
  for (const items of Object.values(sidebars)) for (const item of items) visit(item, null);
  return result;
}

/** Development: pages from the docs plugin's loaded content and the Markdown sources. */
export function extractSourcePages(siteDir: string, content: DocsContent): ExtractedPage[] {
  const pages: ExtractedPage[] = [];
  for (const version of content.loadedVersions) {
    const categories = categoriesOf(version.sidebars);
    for (const doc of version.docs) {
      if (doc.draft) continue;
      const file = path.join(siteDir, doc.source.replace(/^@site\//, ''));
      const lvl0 = categories.get(doc.id) ?? 'Documentation';
      pages.push(extractMarkdown(readFileSync(file, 'utf8'), {path: doc.permalink, title: doc.title, lvl0, tags: ['docs-default-current']}));
    }
    for (const index of version.categoryGeneratedIndices ?? []) {
      pages.push({
        path: index.permalink,
        lvl0: 'Documentation',
        title: index.title,
        language: 'en',
        tags: ['docs-default-current'],
        sections: [{level: 1, anchor: null, heading: index.title, parents: [], text: index.description ?? ''}],
      });
    }
  }
  return pages;
}

export default function searchIndexPlugin(context: LoadContext): Plugin {
  const devDir = path.join(context.generatedFilesDir, 'search-index');
  const isDev = process.env.NODE_ENV === 'development';
  const site = context.siteConfig.url;
  if (isDev) mkdirSync(devDir, {recursive: true});

  return {
    name: 'search-index',

    async allContentLoaded({allContent}) {
      if (!isDev) return;
      const docs = allContent['docusaurus-plugin-content-docs']?.default as DocsContent | undefined;
      if (!docs) return;
      const index = buildPackedIndex(extractSourcePages(context.siteDir, docs), site);
      writeFileSync(path.join(devDir, SEARCH.indexFile), JSON.stringify(index));
    },

    configureWebpack(_config, isServer) {
      if (!isDev || isServer) return {};
      // Served by webpack-dev-server next to the static/ folder, at the URL
      // the production build uses.
      return {
        devServer: {static: [{directory: devDir, publicPath: context.baseUrl, watch: false}]},
      } as Record<string, unknown>;
    },

    async postBuild({outDir, routesPaths}) {
      const pages = extractBuiltPages(outDir, {baseUrl: context.baseUrl, routes: routesPaths});
      const index = buildPackedIndex(pages, site);
      writeFileSync(path.join(outDir, SEARCH.indexFile), JSON.stringify(index));
      const firstPaint = await addFirstPaint(outDir, index);
      console.log(
        `[search-index] ${pages.length} pages, ${index.sections.length} sections -> ${SEARCH.indexFile}; ` +
          `${firstPaint.files} files in ${SEARCH.splitIndexDir}/ and a ${(firstPaint.inlineBytes / 1024).toFixed(1)} KiB inline first-paint script for /${SEARCH.pagePath}`,
      );
    },
  };
}
