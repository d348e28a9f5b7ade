/**
 * Site-wide constants shared by docusaurus.config.ts, sidebars.ts, theme code,
 * plugins and tests. Change a URL or id here and every consumer follows.
 */
export const SITE = {
  title: 'Tower',
  tagline: 'Python Data Platform for Data Scientists & Engineers',
  url: 'https://docs.tower.dev',
  baseUrl: '/',
  organizationName: 'tower',
  projectName: 'tower-docs',
} as const;

export const LINKS = {
  mainSite: 'https://tower.dev',
  webApp: 'https://app.tower.dev',
  blog: 'https://tower.dev/blog',
} as const;

export const SUPPORT_EMAIL = 'hello@tower.dev';

export const COPYRIGHT_YEAR = 2025;

/**
 * Heading levels the table of contents of a docs page shows (a page may override them with
 * `toc_min_heading_level` / `toc_max_heading_level` in its front matter). The sample checker uses
 * it too: every command and SDK entry of the reference pages must be a heading the TOC shows.
 */
export const TABLE_OF_CONTENTS = {minHeadingLevel: 2, maxHeadingLevel: 3} as const;

/** Sidebar ids, used by sidebars.ts and by the navbar's docSidebar items. */
export const SIDEBARS = {
  docs: 'docsSidebar',
  examples: 'examplesSidebar',
} as const;

const API_DOC_DIR = 'reference/api';

/**
 * The HTTP API reference, generated from the OpenAPI document on every build
 * (plugins/api-reference). The sidebar, the pages, their Markdown twins, the
 * search index and the home page all find the API here.
 */
export const API_REFERENCE = {
  /** The OpenAPI document, relative to the site directory. */
  specFile: 'openapi/tower-api.yaml',
  /** Folder under docs/ the pages are generated into; their doc ids start with it. */
  docDir: API_DOC_DIR,
  /** Route of the pages: an operation lives at `${route}/${slug}`. */
  route: `/docs/${API_DOC_DIR}`,
  /** Slug of the overview page (base URL, authentication, errors, the list of operations). */
  overviewSlug: 'tower-api',
} as const;

/**
 * The announcement bar. Changing `id` shows the bar again to readers who
 * dismissed the previous announcement.
 */
export const ANNOUNCEMENT = {
  id: 'cli-0-3-70',
  content: 'Tower CLI 0.3.70 is out. <a href="/docs/getting-started/download-the-cli">Install or upgrade the CLI</a>.',
} as const;

/**
 * Search. Local mode (the default) answers from an index the search-index
 * plugin builds from the rendered pages; Algolia DocSearch is used instead
 * when ALGOLIA_APP_ID, ALGOLIA_API_KEY and ALGOLIA_INDEX_NAME are set at build time.
 */
export const SEARCH = {
  /** Route of the full results page (query in `?q=`). */
  pagePath: 'search',
  /** The local index, written to the build root and fetched on the first search. */
  indexFile: 'search-index.json',
  /**
   * The text of each page's sections, one file per page named by a hash of
   * its content (hence under assets/, cached for good), fetched for the pages
   * a query shows.
   */
  textDir: 'assets/search-text',
  /** Only pages under this path (after the base URL) are indexed. */
  indexedPathPrefix: 'docs/',
  /** Placeholder credentials DocSearch requires in local mode; they are never sent anywhere. */
  localAppId: 'local',
  localApiKey: 'local-index',
  localIndexName: 'tower-docs',
  /** Links in results matching this pattern leave the app (full page load). */
  externalUrlRegex: '^https?://(?!docs\\.tower\\.dev(?:[/:?#]|$))',
  /** Both shortcuts are on unless turned off here. */
  keyboardShortcuts: {'Ctrl/Cmd+K': true, '/': true},
  /** Facet filters sent with every query (merged with the contextual ones). */
  facetFilters: ['language:en'],
  /**
   * The longest query or question the search UI takes, in characters (DocSearch's modal
   * caps its box at the same length): the modal, the /search page (also for a ?q= in a
   * link) and Ask AI cut anything longer, so no link or paste can make the tab rank a
   * book-length query.
   */
  maxQueryLength: 512,
  /** Ask AI disclaimer in Algolia mode, where an assistant writes the answer. */
  askAiDisclaimer: 'Answers are AI-generated and may be wrong. Check the linked sections before you rely on them.',
  /** Ask AI disclaimer in local mode, where the answer is quoted from the docs (src/search/answer.ts), not written by a model. */
  askAiLocalDisclaimer:
    'This answer is assembled from the docs by the site’s search, not written by a language model, and may be wrong. Check the cited section before you rely on it.',
} as const;

/**
 * The reference pages whose samples the build checks (scripts/samples) against the manifests in
 * data/. The CLI manifest's `cliVersion` is the one version they are checked against; the build
 * prints it on each of these pages (plugins/checked-version).
 */
export const CHECKED_REFERENCE_PAGES = {
  cli: 'docs/reference/tower-cli.md',
  sdk: 'docs/reference/tower-sdk.md',
  towerfile: 'docs/reference/towerfile.md',
} as const;

export const CLI_MANIFEST_FILE = 'data/cli-manifest.json';

/**
 * The docs MCP server (mcp/): its name and title in the protocol, and where
 * the site serves it (deploy/nginx/agents.conf proxies `path`). The build's
 * discovery documents (plugins/mcp-discovery) and llms.txt name the same.
 */
export const DOCS_MCP = {name: 'tower-docs', title: 'Tower documentation', path: '/mcp'} as const;

/**
 * Tabs that offer the same choice of language share one Docusaurus tab group: picking Python on
 * one page shows Python on every page (local storage, when the browser allows it), and
 * `?lang=python` opens a page on that tab. The values are the API code samples' kinds
 * (plugins/api-reference/samples.ts): curl, python, tower-cli, tower-sdk.
 */
export const CODE_LANGUAGE_TABS = {groupId: 'code-language', queryString: 'lang'} as const;
