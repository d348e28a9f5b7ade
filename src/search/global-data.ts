/**
 * What the search-index plugin tells the browser (setGlobalData at build time,
 * usePluginData in useSearchSetup): which search the site uses and where the
 * local index is. Plain JSON, so the build and the browser share the type.
 */
export type SearchMode = 'local' | 'algolia';

export type SearchGlobalData = {
  mode: SearchMode;
  indexUrl: string;
  /** The search page's first-paint script (production builds in local mode; plugins/search-index/first-paint). */
  firstPaintScript?: string;
};

/** The plugin's name, under which its global data is found. */
export const SEARCH_PLUGIN_NAME = 'search-index';
