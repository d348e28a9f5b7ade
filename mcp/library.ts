/**
 * Everything the docs MCP server answers from, loaded once at start: what
 * the production build wrote (the search index, the Markdown twins, the llms
 * files, the API operations) and the Towerfile schema and CLI manifest under
 * data/. Nothing here changes after loading, so every request, on either
 * transport, sees the same library and keeps nothing of its own.
 */
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {SITE} from '../src/constants';
import {createTowerfileRules} from '../src/towerfile/rules-node';
import type {TowerfileRules} from '../src/towerfile/check';
import {CliIndex, type CliManifest} from '../lib/tower-cli';
import {ApiCatalog, API_OPERATIONS_FILE} from './api';
import type {CliChanges, ReferenceLinks} from './checks';
import {resolvePage, type PageLookup} from './pages';
import {DocsSearch} from './search';
import {MarkdownText} from './twin';

export const REPO_ROOT = path.resolve(__dirname, '..');
export const DEFAULT_BUILD_DIR = path.join(REPO_ROOT, 'build');
export const DEFAULT_DATA_DIR = path.join(REPO_ROOT, 'data');

/** The llms files the build writes, in the order an agent should read them. */
export const LLMS_FILES = [
  {file: 'llms.txt', description: 'Index of every page of the Tower documentation, with a one-line description and the URL of its Markdown.'},
  {file: 'llms-full.txt', description: 'Every documentation page in reading order, as one Markdown file (large).'},
  {file: 'llms-api.txt', description: 'The Tower HTTP API v1 reference as one Markdown file (large).'},
  {file: 'llms-sdk.txt', description: 'The Tower Python SDK reference as one Markdown file.'},
] as const;

const TOWERFILE_PAGE = '/docs/reference/towerfile';
const CLI_PAGE = '/docs/reference/tower-cli';

export class LibraryError extends Error {}

export type DocsPage = {route: string; title: string; url: string; markdownUrl: string};

export type LlmsFile = (typeof LLMS_FILES)[number]['file'];

export type DocsLibrary = {
  buildDir: string;
  siteUrl: string;
  search: DocsSearch;
  /** Routes that have a Markdown twin, e.g. /docs/concepts/apps. */
  twinRoutes: ReadonlySet<string>;
  /** Every page with a twin, sorted by route. */
  pages: DocsPage[];
  towerfile: TowerfileRules;
  cli: CliIndex;
  /** The tower-cli release the docs describe (data/cli-manifest.json). */
  cliVersion: string;
  cliChanges: CliChanges;
  links: ReferenceLinks;
  api: ApiCatalog;
  lookupPage: (input: string) => PageLookup;
  /** The twin of a page (by route, /docs/concepts/apps), its headings carrying the site's anchors. */
  twin: (route: string) => MarkdownText;
  llmsFile: (file: LlmsFile) => MarkdownText;
};

function need(file: string, what: string): string {
  if (!existsSync(file)) throw new LibraryError(`${file} is missing: ${what}`);
  return readFileSync(file, 'utf8');
}

function parseJson<T>(text: string, file: string): T {
  try {
    return JSON.parse(text) as T;
  } catch (error) {
    throw new LibraryError(`${file} is not valid JSON (${(error as Error).message})`);
  }
}

/** Routes of the Markdown twins under build/docs/: docs/concepts/apps.md -> /docs/concepts/apps. */
function twinRoutesOf(buildDir: string): string[] {
  const docs = path.join(buildDir, 'docs');
  return (readdirSync(docs, {recursive: true, encoding: 'utf8'}) as string[])
    .filter((file) => file.endsWith('.md'))
    .map((file) => `/docs/${file.split(path.sep).join('/').slice(0, -'.md'.length)}`)
    .sort();
}

export function loadLibrary({buildDir = DEFAULT_BUILD_DIR, dataDir = DEFAULT_DATA_DIR}: {buildDir?: string; dataDir?: string} = {}): DocsLibrary {
  const build = path.resolve(buildDir);
  const buildHint = 'run `npm run build` first, or pass the folder of a production build with --build <dir>';
  if (!existsSync(path.join(build, 'docs'))) throw new LibraryError(`${build} holds no production build (no docs/ folder): ${buildHint}`);

  const indexFile = path.join(build, 'search-index.json');
  const search = DocsSearch.fromIndexText(need(indexFile, buildHint), (file) => need(path.join(build, file), buildHint));
  const schemaFile = path.join(dataDir, 'towerfile.schema.json');
  const towerfile = createTowerfileRules(parseJson<object>(need(schemaFile, 'the Towerfile schema'), schemaFile));
  const manifestFile = path.join(dataDir, 'cli-manifest.json');
  const manifest = parseJson<CliManifest>(need(manifestFile, 'the CLI manifest'), manifestFile);
  const changesFile = path.join(dataDir, 'cli-changes.json');
  const cliChanges = parseJson<CliChanges>(need(changesFile, 'the changes of CLI flags across releases'), changesFile);
  const apiFile = path.join(build, API_OPERATIONS_FILE);
  const api = ApiCatalog.fromText(need(apiFile, buildHint), apiFile);
  for (const {file} of LLMS_FILES) if (!existsSync(path.join(build, file))) throw new LibraryError(`${path.join(build, file)} is missing: ${buildHint}`);

  const siteUrl = SITE.url.replace(/\/$/, '');
  const routes = twinRoutesOf(build);
  if (routes.length === 0) throw new LibraryError(`${build}/docs has no Markdown twins: ${buildHint}`);
  const twinRoutes = new Set(routes);
  // Each text is read and scanned once, when first asked for, and kept: about 3 MB in all
  // (a search reads a few twins, a resource list sizes them all). Reading none at start keeps
  // the start of a stdio server, which an editor waits for, as short as before.
  const sections = search.sectionsByPage();
  const texts = new Map<string, MarkdownText>();
  const textOf = (file: string, anchors: Array<{heading: string; anchor: string | null}> = []) => {
    let text = texts.get(file);
    if (!text) {
      text = new MarkdownText(need(path.join(build, file), buildHint), anchors);
      texts.set(file, text);
    }
    return text;
  };
  const titles = new Map(search.pages().map((page) => [page.path, page.title]));
  const pages = routes.map((route) => ({
    route,
    title: titles.get(route) ?? route,
    url: `${siteUrl}${route}`,
    markdownUrl: `${siteUrl}${route}.md`,
  }));

  const links: ReferenceLinks = {
    towerfilePage: `${siteUrl}${TOWERFILE_PAGE}`,
    cliPage: `${siteUrl}${CLI_PAGE}`,
    cliSections: search.sectionUrls(CLI_PAGE),
  };

  return {
    buildDir: build,
    siteUrl,
    search,
    twinRoutes,
    pages,
    towerfile,
    cli: new CliIndex(manifest),
    cliVersion: manifest.cliVersion ?? 'unknown',
    cliChanges,
    links,
    api,
    lookupPage: (input) => resolvePage(input, twinRoutes),
    twin: (route) => {
      if (!twinRoutes.has(route)) throw new LibraryError(`${route} has no Markdown twin in ${build}`);
      return textOf(`${route.slice(1)}.md`, sections.get(route));
    },
    llmsFile: (file) => textOf(file),
  };
}
