/**
 * The site's search, at build time. In local mode (the default) it builds
 * the index for the DocSearch modal and the /search page; in both modes it
 * keeps DocSearch's bundle within the Content-Security-Policy (see
 * docSearchWithoutEval).
 *
 * - Production (`docusaurus build`): after the build, reads every rendered docs
 *   page (build/docs/**.html, API operation pages included), splits it into
 *   sections, indexes their words and writes the packed records and word index
 *   to build/<SEARCH.indexFile>, which the browser fetches on the first search,
 *   and each page's text to build/<SEARCH.textDir>/<hash>.json, which it
 *   fetches for the pages it shows (src/search/records.ts).
 * - Development (`docusaurus start`): pages are rendered in the browser only,
 *   so the plugin builds the same records from the Markdown sources whenever
 *   content loads (and reloads on edits), writes them under .docusaurus/ and
 *   adds that folder to the dev server's static files at the same URL.
 */
import {createHash} from 'node:crypto';
import {mkdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import type {LoadContext, OptionValidationContext, Plugin} from '@docusaurus/types';
import {Joi} from '@docusaurus/utils-validation';
import {API_REFERENCE, SEARCH, SITE} from '../../src/constants';
import {SEARCH_PLUGIN_NAME, type SearchGlobalData, type SearchMode} from '../../src/search/global-data';
import {kindOfRoute} from '../../src/search/kinds';
import {SearchEngine} from '../../src/search/engine';
import {pagesToRecords, type ExtractedPage, type PackedIndex, type PageText} from '../../src/search/records';
import {htmlFiles} from '../../lib/files';
import {extractPage} from './extract-html';
import {extractMarkdown} from './extract-markdown';
import {isMdxFile} from '../../lib/markdown';

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
const API_SECTION_CHARS: Record<string, number> = {'': 900, parameters: 400, 'request-body': 300};
const API_OTHER_SECTION_CHARS = 160;
/**
 * Lines every operation page repeats word for word (how to authenticate, the
 * base URL): they tell no operation from another, and 85 copies of them cost
 * the first query's download. The API overview page keeps them.
 */
const API_REPEATED_LINE = /^(Authentication|Base URL): /;

export function condenseApiPage(page: ExtractedPage): ExtractedPage {
  if (!isApiOperationPage(page.path)) return page;
  const sections = page.sections
    .filter((section) => section.anchor !== 'code-samples')
    .map((section) => {
      const limit = API_SECTION_CHARS[section.anchor ?? ''] ?? API_OTHER_SECTION_CHARS;
      const text = section.text
        .split('\n')
        .filter((line) => !API_REPEATED_LINE.test(line))
        .join('\n');
      return {...section, text: text.length > limit ? text.slice(0, limit) : text};
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
    const page = extractPage(readFileSync(file, 'utf8'), route, kindOfRoute(route, docsPrefix));
    if (page) pages.push(condenseApiPage(page));
  }
  return pages;
}

/** A page's text file, named by a hash of its content. */
function textFileOf(text: PageText): string {
  return `${SEARCH.textDir}/${createHash('sha256').update(JSON.stringify(text)).digest('hex').slice(0, 16)}.json`;
}

export type SearchFiles = {index: PackedIndex; texts: Map<string, PageText>};

/** The index file and the page text files of the extracted pages. */
export function buildSearchFiles(pages: ExtractedPage[], site: string = SITE.url): SearchFiles {
  return SearchEngine.fromRecords(pagesToRecords(pages, site)).pack(site, textFileOf);
}

/** The engine of the extracted pages exactly as the browser loads it, every page's text in (tests, benchmarks). */
export function engineOf(files: SearchFiles): SearchEngine {
  const {index, texts} = JSON.parse(JSON.stringify({index: files.index, texts: [...files.texts]})) as {index: PackedIndex; texts: Array<[string, PageText]>};
  const byFile = new Map(texts);
  return SearchEngine.fromPacked(index, (file) => byFile.get(file));
}

/** Writes the index file and the text files into `dir` (the build, or the dev server's folder), replacing older text files. */
function writeSearchFiles(dir: string, {index, texts}: SearchFiles): void {
  const textDir = path.join(dir, SEARCH.textDir);
  rmSync(textDir, {recursive: true, force: true});
  mkdirSync(textDir, {recursive: true});
  for (const [file, text] of texts) writeFileSync(path.join(dir, file), JSON.stringify(text));
  writeFileSync(path.join(dir, SEARCH.indexFile), JSON.stringify(index));
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
export function extractSourcePages(siteDir: string, content: DocsContent, baseUrl: string = SITE.baseUrl): ExtractedPage[] {
  const docsPrefix = `${baseUrl}${SEARCH.indexedPathPrefix}`;
  const pages: ExtractedPage[] = [];
  for (const version of content.loadedVersions) {
    const categories = categoriesOf(version.sidebars);
    for (const doc of version.docs) {
      if (doc.draft) continue;
      const file = path.join(siteDir, doc.source.replace(/^@site\//, ''));
      const category = categories.get(doc.id);
      const source = readFileSync(file, 'utf8');
      const kind = kindOfRoute(doc.permalink, docsPrefix);
      pages.push(
        extractMarkdown(source, {
          path: doc.permalink,
          title: doc.title,
          trail: category ? [category] : [],
          kind,
          tags: ['docs-default-current'],
          mdx: isMdxFile(file),
        }),
      );
    }
    for (const index of version.categoryGeneratedIndices ?? []) {
      pages.push({
        path: index.permalink,
        trail: [],
        kind: kindOfRoute(index.permalink, docsPrefix),
        title: index.title,
        language: 'en',
        tags: ['docs-default-current'],
        sections: [{level: 1, anchor: null, heading: index.title, parents: [], text: index.description ?? ''}],
      });
    }
  }
  return pages;
}

/**
 * DocSearch 4.7 bundles Zod, which checks once whether it may compile
 * validators with `new Function("")`. The site's CSP forbids that, so the
 * check fails, as intended, but the browser reports a CSP violation every
 * time the modal opens (and would send a report once reporting is on). Zod
 * is bundled inside DocSearch's file, so it cannot be configured
 * (`z.config({jitless: true})`) or aliased; this rule gives the check its
 * answer, "no", without asking, which is what jitless mode does. The build
 * fails (strict) if an upgrade of DocSearch changes the code it looks for.
 */
export const docSearchWithoutEval = {
  test: /[\\/]@docsearch[\\/]react[\\/]dist[\\/]esm[\\/](DocSearchModal|index)\.js$/,
  loader: 'string-replace-loader',
  options: {search: 'try{return new Function(""),!0}catch(e){return!1}', replace: 'return!1', strict: true},
};

export type SearchPluginOptions = {mode: SearchMode};

const OPTIONS_SCHEMA = Joi.object<SearchPluginOptions>({
  mode: Joi.string().valid('local', 'algolia').default('local'),
});

/** Docusaurus calls this before the plugin: a wrong `mode` stops the build with Joi's message naming the option. */
export function validateOptions({options, validate}: OptionValidationContext<Partial<SearchPluginOptions>, SearchPluginOptions>): SearchPluginOptions {
  return validate(OPTIONS_SCHEMA, options);
}

export default function searchIndexPlugin(context: LoadContext, options: SearchPluginOptions): Plugin {
  const devDir = path.join(context.generatedFilesDir, 'search-index');
  const isDev = process.env.NODE_ENV === 'development';
  const local = options.mode === 'local';
  const site = context.siteConfig.url;
  if (isDev && local) mkdirSync(devDir, {recursive: true});

  return {
    name: SEARCH_PLUGIN_NAME,

    // The search box and the /search page (theme/SearchBar, theme/SearchPage), for both modes.
    getThemePath() {
      return path.join(path.dirname(fileURLToPath(import.meta.url)), 'theme');
    },

    async contentLoaded({actions}) {
      const data: SearchGlobalData = {mode: options.mode, indexUrl: `${context.baseUrl}${SEARCH.indexFile}`};
      actions.setGlobalData(data);
    },

    async allContentLoaded({allContent}) {
      if (!isDev || !local) return;
      const docs = allContent['docusaurus-plugin-content-docs']?.default as DocsContent | undefined;
      if (!docs) return;
      writeSearchFiles(devDir, buildSearchFiles(extractSourcePages(context.siteDir, docs, context.baseUrl), site));
    },

    configureWebpack(_config, isServer) {
      const rules = {module: {rules: [docSearchWithoutEval]}};
      if (!isDev || isServer || !local) return rules;
      // Served by webpack-dev-server next to the static/ folder, at the URL
      // the production build uses.
      return {
        ...rules,
        devServer: {static: [{directory: devDir, publicPath: context.baseUrl, watch: false}]},
      } as Record<string, unknown>;
    },

    async postBuild({outDir, routesPaths}) {
      if (!local) return;
      const pages = extractBuiltPages(outDir, {baseUrl: context.baseUrl, routes: routesPaths});
      const files = buildSearchFiles(pages, site);
      writeSearchFiles(outDir, files);
      console.log(
        `[search-index] ${pages.length} pages, ${files.index.sections.length} sections -> ${SEARCH.indexFile}, ${files.texts.size} text files in ${SEARCH.textDir}/`,
      );
    },
  };
}
