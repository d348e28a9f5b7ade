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
  apiBaseUrl: 'https://api.tower.dev/v1',
  examplesRepo: 'https://github.com/tower/tower-examples',
  assetsBaseUrl: 'https://assets-cdn.tower.dev/docs',
} as const;

export const SUPPORT_EMAIL = 'hello@tower.dev';

export const COPYRIGHT_YEAR = 2025;

/** Sidebar ids, used by sidebars.ts and by the navbar's docSidebar items. */
export const SIDEBARS = {
  docs: 'docsSidebar',
  examples: 'examplesSidebar',
  api: 'apiSidebar',
} as const;

/**
 * The announcement bar. Changing `id` shows the bar again to readers who
 * dismissed the previous announcement.
 */
export const ANNOUNCEMENT = {
  id: 'cli-0-3-70',
  content:
    'Tower CLI 0.3.70 is out. <a href="/docs/getting-started/download-the-cli">Install or upgrade the CLI</a>.',
} as const;

/** Desktop and mobile layouts switch at this width (px), as Docusaurus does. */
export const DESKTOP_BREAKPOINT = 996;
