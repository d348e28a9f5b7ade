/**
 * The baseline for `npm run bench`: an untouched Docusaurus 3.9.1 classic site
 * (webpack, default theme, no local plugins or swizzles) built from the same
 * docs/ folder as the real site. Only what the shared content needs to compile
 * differs from the classic template: CommonMark detection for .md files, and
 * links into the API reference (which this baseline does not generate) are
 * ignored, and `src/components` is a link to the real site's, for the
 * components pages import by `@site/src/components/...`.
 */
import type {Config} from '@docusaurus/types';

const config: Config = {
  title: 'Tower',
  url: 'https://docs.tower.dev',
  baseUrl: '/',
  onBrokenLinks: 'ignore',
  onBrokenAnchors: 'ignore',
  markdown: {format: 'detect', hooks: {onBrokenMarkdownLinks: 'ignore'}},
  presets: [
    [
      'classic',
      {
        docs: {path: '../../docs', sidebarPath: '../../sidebars.ts', routeBasePath: 'docs'},
        blog: false,
      },
    ],
  ],
  themeConfig: {
    navbar: {
      title: 'Tower',
      items: [{type: 'docSidebar', sidebarId: 'docsSidebar', label: 'Documentation', position: 'left'}],
    },
  },
};

export default config;
