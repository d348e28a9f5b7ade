import type {Config} from '@docusaurus/types';
import type * as Preset from '@docusaurus/preset-classic';
import rehypeTables from './plugins/rehype-tables';
import rehypeInlineCode from './plugins/rehype-inline-code';
import codeHighlight from './plugins/code-highlight';
import includeFile from './plugins/include-file';
import exampleDownloads from './plugins/example-downloads';
import rehypeDownloadLinks from './plugins/example-downloads/rehype';
import rehypeCodeHighlight from './plugins/code-highlight/rehype';
import apiReference from './plugins/api-reference';
import colorModeDefault from './plugins/color-mode-default';
import idlePrefetch from './plugins/idle-prefetch';
import {DIAGRAM_STYLESHEET, remarkDiagrams} from './plugins/diagrams';
import remarkReaderTools from './plugins/reader-tools';
import remarkCheckedVersion from './plugins/checked-version';
import cliVersionModule from './plugins/checked-version/module';
import towerfileValidator from './plugins/towerfile-validator';
import {algoliaFromEnv} from './lib/algolia-env';
import {SSR_TEMPLATE} from './src/ssrTemplate';
import {ANNOUNCEMENT, COPYRIGHT_YEAR, LINKS, SEARCH, SIDEBARS, SITE, SUPPORT_EMAIL, TABLE_OF_CONTENTS} from './src/constants';

/**
 * Search runs on Algolia DocSearch when ALGOLIA_APP_ID, ALGOLIA_API_KEY and
 * ALGOLIA_INDEX_NAME are set at build time, and on the local index
 * (plugins/search-index) otherwise.
 */
const algolia = algoliaFromEnv();
const searchMode: 'algolia' | 'local' = algolia ? 'algolia' : 'local';

/** DocSearch settings (themeConfig.algolia). `keyboardShortcuts` is read by plugins/search-index/theme/SearchBar. */
const algoliaThemeConfig = {
  appId: algolia?.appId ?? SEARCH.localAppId,
  apiKey: algolia?.apiKey ?? SEARCH.localApiKey,
  indexName: algolia?.indexName ?? SEARCH.localIndexName,
  contextualSearch: true,
  insights: false,
  searchParameters: {facetFilters: [...SEARCH.facetFilters]},
  externalUrlRegex: SEARCH.externalUrlRegex,
  searchPagePath: SEARCH.pagePath,
  keyboardShortcuts: {...SEARCH.keyboardShortcuts},
  ...(algolia?.assistantId ? {askAi: algolia.assistantId} : {}),
};

const config: Config = {
  title: SITE.title,
  tagline: SITE.tagline,
  favicon: 'img/favicon.svg',
  url: SITE.url,
  baseUrl: SITE.baseUrl,
  organizationName: SITE.organizationName,
  projectName: SITE.projectName,

  future: {
    v4: true,
    experimental_faster: true,
  },

  onBrokenLinks: 'throw',
  onBrokenAnchors: 'throw',
  markdown: {
    // .md files are CommonMark: writers can use < and { freely; .mdx opts into JSX.
    format: 'detect',
    hooks: {
      onBrokenMarkdownLinks: 'warn',
      onBrokenMarkdownImages: 'throw',
    },
  },

  i18n: {
    defaultLocale: 'en',
    locales: ['en'],
  },

  clientModules: ['./src/clientModules/smoothScroll.ts', './src/clientModules/feedbackWidget.ts', './src/clientModules/codeBlocks.ts'],

  // Paint the server-rendered page before the bundles run (see src/ssrTemplate.ts).
  ssrTemplate: SSR_TEMPLATE,

  plugins: [
    colorModeDefault,
    idlePrefetch,
    // Code is highlighted at build time (rehypeCodeHighlight below); Prism stays out of the browser.
    codeHighlight,
    // Code fences with file="examples/..." show that file of the repository.
    includeFile,
    // Each project under examples/ downloads as /examples/<slug>.zip.
    exampleDownloads,
    // Regenerates docs/reference/api/ from openapi/tower-api.yaml before the docs load.
    apiReference,
    // data/towerfile.schema.json compiled for the Towerfile checker page (no validator compiler in the browser).
    towerfileValidator,
    // The CLI manifest's version as @tower/cli-version, for the home page's `tower version` and its output.
    cliVersionModule,
    // llms.txt, llms-full.txt, llms-api.txt, llms-sdk.txt and a .md twin of every docs page.
    './plugins/llms-txt/index.ts',
    // api-operations.json, the API operations the docs MCP server (mcp/) lists and looks up.
    './plugins/api-operations/index.ts',
    // The docs MCP server's discovery documents at /.well-known/mcp/server-card.json and /.well-known/mcp.json.
    './plugins/mcp-discovery/index.ts',
    // Search: the local index (search-index.json) unless Algolia is configured, and DocSearch within the CSP.
    ['./plugins/search-index/index.ts', {mode: searchMode}],
  ],

  presets: [
    [
      'classic',
      {
        docs: {
          routeBasePath: 'docs',
          sidebarPath: './sidebars.ts',
          breadcrumbs: true,
          // ```dot fences become inline SVG at build time (DIAGRAM_STYLESHEET colours them); ::towerfile-checker and
          // ::cron-explainer lines become the reader tools (plugins/reader-tools); the checked reference pages say
          // which tower-cli version their samples were checked against.
          remarkPlugins: [remarkDiagrams, remarkReaderTools, remarkCheckedVersion],
          rehypePlugins: [rehypeTables, rehypeInlineCode, rehypeCodeHighlight, [rehypeDownloadLinks, {siteDir: __dirname}]],
          lastVersion: 'current',
          versions: {current: {label: 'Next'}},
        },
        blog: false,
        theme: {customCss: ['./src/css/custom.css', DIAGRAM_STYLESHEET]},
      } satisfies Preset.Options,
    ],
  ],

  themeConfig: {
    image: 'img/social-card.png',
    algolia: algoliaThemeConfig,
    colorMode: {
      defaultMode: 'light',
      disableSwitch: false,
      // "System" follows the OS; a first visit still gets light (plugins/color-mode-default).
      respectPrefersColorScheme: true,
    },
    announcementBar: {
      id: ANNOUNCEMENT.id,
      content: ANNOUNCEMENT.content,
      backgroundColor: '#312e81',
      textColor: '#ffffff',
      isCloseable: true,
    },
    docs: {
      sidebar: {hideable: false, autoCollapseCategories: false},
    },
    tableOfContents: {...TABLE_OF_CONTENTS},
    navbar: {
      title: SITE.title,
      hideOnScroll: true,
      logo: {
        alt: 'Tower logo',
        src: 'img/logo.svg',
        srcDark: 'img/logo-dark.svg',
        width: 28,
        height: 28,
      },
      items: [
        {type: 'docSidebar', sidebarId: SIDEBARS.docs, label: 'Documentation', position: 'left'},
        {type: 'docSidebar', sidebarId: SIDEBARS.examples, label: 'Examples', position: 'left'},
        {type: 'localeDropdown', position: 'right'},
        {href: LINKS.mainSite, label: 'Tower', position: 'right'},
        {href: LINKS.webApp, label: 'Web app', position: 'right'},
        {href: LINKS.blog, label: 'Blog', position: 'right'},
      ],
    },
    footer: {
      style: 'dark',
      logo: {
        alt: 'Tower',
        src: 'img/logo.svg',
        srcDark: 'img/logo-dark.svg',
        href: LINKS.mainSite,
        width: 32,
        height: 32,
      },
      links: [
        {
          title: 'Docs',
          items: [
            {label: 'Introduction', to: '/docs/intro'},
            {label: 'Quickstart', to: '/docs/getting-started/quick-start'},
            {label: 'Examples', to: '/docs/examples/intro'},
          ],
        },
        {
          title: 'Tower',
          items: [
            {label: 'tower.dev', href: LINKS.mainSite},
            {label: 'Web app', href: LINKS.webApp},
            {label: 'Blog', href: LINKS.blog},
          ],
        },
        {
          title: 'Help',
          // A mailto: link as raw HTML: a footer link item with href would carry the external-link icon.
          items: [{html: `<a class="footer__link-item" href="mailto:${SUPPORT_EMAIL}">Email support</a>`}],
        },
      ],
      copyright: `Copyright © ${COPYRIGHT_YEAR} Tower Computing GmbH.`,
    },
  } satisfies Preset.ThemeConfig,
};

export default config;
