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
 * - First paint (production, local mode, on unless `firstPaint: false`): the
 *   /search page's script that draws the first results before the bundles
 *   run (first-paint/), written under assets/ and named in the global data.
 * - Development (`docusaurus start`): pages are rendered in the browser only,
 *   so the plugin builds the same records from the Markdown sources and the
 *   API model (source-pages.ts) whenever content loads (and reloads on
 *   edits), writes them under .docusaurus/ and adds that folder to the dev
 *   server's static files at the same URL. The relevance tests read the
 *   sources the same way, without Docusaurus (loadSourcePages).
 */
import {createHash} from 'node:crypto';
import {mkdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import type {LoadContext, OptionValidationContext, Plugin} from '@docusaurus/types';
import {Joi} from '@docusaurus/utils-validation';
import {SEARCH, SITE} from '../../src/constants';
import {SEARCH_PLUGIN_NAME, type SearchGlobalData, type SearchMode} from '../../src/search/global-data';
import {kindOfRoute} from '../../src/search/kinds';
import {SearchEngine} from '../../src/search/engine';
import {pagesToRecords, type ExtractedPage, type PackedIndex, type PageBlocks, type PageText} from '../../src/search/records';
import {htmlFiles} from '../../lib/files';
import {API_REFERENCE_PLUGIN, type ApiReferenceContent} from '../api-reference';
import {titleLookup} from '../api-reference/generate';
import {loadApiModel} from '../api-reference/model';
import {extractPage} from './extract-html';
import {condenseApiPage} from './condense';
import {buildFirstPaintScript, type FirstPaintScript} from './first-paint/build';
import {POPULAR_SEARCHES} from './popular-searches';
import {apiPages, categoryPage, isApiDoc, markdownPage, sidebarPlaces} from './source-pages';

/** build/docs/concepts/apps/index.html -> /docs/concepts/apps */
export function routeOfFile(outDir: string, file: string, baseUrl = '/'): string {
  const relative = path.relative(outDir, file).split(path.sep).join('/');
  const route = relative.replace(/(^|\/)index\.html$/, '').replace(/\.html$/, '');
  return `${baseUrl.replace(/\/$/, '')}/${route}`.replace(/\/$/, '') || '/';
}

export {condenseApiPage} from './condense';

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

/** A page's text or blocks file, named by a hash of its content. */
function textFileOf(content: PageText | PageBlocks): string {
  return `${SEARCH.textDir}/${createHash('sha256').update(JSON.stringify(content)).digest('hex').slice(0, 16)}.json`;
}

export type SearchFiles = {index: PackedIndex; texts: Map<string, PageText | PageBlocks>};

/** The index file and the page text files of the extracted pages. */
export function buildSearchFiles(pages: ExtractedPage[], site: string = SITE.url): SearchFiles {
  return SearchEngine.fromRecords(pagesToRecords(pages, site)).pack(site, textFileOf);
}

/** The engine of the extracted pages exactly as the browser loads it, every page's text in (tests, benchmarks). */
export function engineOf(files: SearchFiles): SearchEngine {
  const {index, texts} = JSON.parse(JSON.stringify({index: files.index, texts: [...files.texts]})) as {
    index: PackedIndex;
    texts: Array<[string, PageText | PageBlocks]>;
  };
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
    docs: Array<{id: string; source: string; permalink: string; title: string; description?: string; unlisted?: boolean; draft?: boolean}>;
    sidebars: Record<string, unknown[]>;
  }>;
};

/**
 * Development: the pages of the docs plugin's loaded content, read from their
 * Markdown sources, and the API pages from the model the API reference was
 * generated from (their Markdown twins: the generated MDX is components),
 * placed in the sidebars as the built pages' breadcrumbs place them.
 */
export async function extractSourcePages(siteDir: string, content: DocsContent, api: ApiReferenceContent | undefined): Promise<ExtractedPage[]> {
  const pages: ExtractedPage[] = [];
  for (const version of content.loadedVersions) {
    const docs = version.docs.filter((doc) => !doc.draft);
    const byId = new Map(docs.map((doc) => [doc.id, doc]));
    const {trails, categories} = sidebarPlaces(version.sidebars, (id) => {
      const doc = byId.get(id);
      return doc && {title: doc.title, description: doc.description ?? ''};
    });
    for (const doc of docs) if (!isApiDoc(doc.id)) pages.push(markdownPage(siteDir, doc, trails.get(doc.id) ?? []));
    if (api) pages.push(...apiPages(await loadApiModel(api.specFile, api.specName), trails, titleLookup(api.linkTitles)));
    pages.push(...categories.map(categoryPage));
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

export type SearchPluginOptions = {mode: SearchMode; firstPaint: boolean};

const OPTIONS_SCHEMA = Joi.object<SearchPluginOptions>({
  mode: Joi.string().valid('local', 'algolia').default('local'),
  firstPaint: Joi.boolean().default(true),
});

/**
 * The popular searches the /search page offers, each checked against the
 * built index: one that finds no page fails the build, named.
 */
export function checkPopularSearches(files: SearchFiles, searches: readonly string[] = POPULAR_SEARCHES): void {
  const engine = SearchEngine.fromPacked(files.index);
  const empty = searches.filter((query) => engine.rank(query, [...SEARCH.facetFilters]).length === 0);
  if (empty.length > 0) {
    throw new Error(
      `[search-index] popular searches that find no page: ${empty.map((query) => JSON.stringify(query)).join(', ')} (plugins/search-index/popular-searches.ts)`,
    );
  }
}

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
  let firstPaint: FirstPaintScript | null = null;

  return {
    name: SEARCH_PLUGIN_NAME,

    // The search box and the /search page (theme/SearchBar, theme/SearchPage), for both modes.
    getThemePath() {
      return path.join(path.dirname(fileURLToPath(import.meta.url)), 'theme');
    },

    async contentLoaded({actions}) {
      // The first paint is for production builds: the development server renders pages in the browser anyway.
      if (local && !isDev && options.firstPaint) firstPaint ??= await buildFirstPaintScript();
      const data: SearchGlobalData = {
        mode: options.mode,
        indexUrl: `${context.baseUrl}${SEARCH.indexFile}`,
        ...(firstPaint ? {firstPaintScript: `${context.baseUrl}${firstPaint.file}`} : {}),
      };
      actions.setGlobalData(data);
    },

    async allContentLoaded({allContent}) {
      if (!isDev || !local) return;
      const docs = allContent['docusaurus-plugin-content-docs']?.default as DocsContent | undefined;
      if (!docs) return;
      const api = allContent[API_REFERENCE_PLUGIN]?.default as ApiReferenceContent | undefined;
      writeSearchFiles(devDir, buildSearchFiles(await extractSourcePages(context.siteDir, docs, api), site));
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
      checkPopularSearches(files);
      writeSearchFiles(outDir, files);
      if (firstPaint) writeFileSync(path.join(outDir, firstPaint.file), firstPaint.code);
      console.log(
        `[search-index] ${pages.length} pages, ${files.index.sections.length} sections -> ${SEARCH.indexFile}, ${files.texts.size} text files in ${SEARCH.textDir}/`,
      );
    },
  };
}
