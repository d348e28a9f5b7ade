/**
 * What the search UI needs to know about the site's search configuration:
 * the mode (local index or Algolia), DocSearch's theme config, the facet
 * filters and a search client for either mode. Shared by the SearchBar, the
 * Ask AI panel and the /search page.
 */
import {useMemo} from 'react';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {usePluginData} from '@docusaurus/useGlobalData';
import {useAlgoliaContextualFacetFilters, mergeFacetFilters} from '@docusaurus/theme-search-algolia/client';
import type {ThemeConfigAlgolia} from '@docusaurus/theme-search-algolia';
import {createLocalSearchClient, type LocalSearchClient} from './client';
import {takeEarlyClient} from './earlyClient';
import type {FacetFilters} from './engine';
import {SEARCH_PLUGIN_NAME, type SearchGlobalData, type SearchMode} from './global-data';

type AlgoliaConfig = ThemeConfigAlgolia & {
  keyboardShortcuts?: {'Ctrl/Cmd+K'?: boolean; '/'?: boolean};
  insights?: boolean;
};

const localClients = new Map<string, LocalSearchClient>();

/** One local client per index URL for the whole page life (the engine loads once): the search page's first paint's, if it left one. */
export function localClientFor(indexUrl: string): LocalSearchClient {
  let client = localClients.get(indexUrl);
  if (!client) {
    client = takeEarlyClient(indexUrl) ?? createLocalSearchClient(indexUrl);
    localClients.set(indexUrl, client);
  }
  return client;
}

export function useSearchSetup(): {
  mode: SearchMode;
  algolia: AlgoliaConfig;
  indexUrl: string;
  facetFilters: FacetFilters;
  docusaurusVersion: string;
} {
  const {siteConfig, siteMetadata} = useDocusaurusContext();
  const algolia = siteConfig.themeConfig.algolia as AlgoliaConfig;
  const search = usePluginData(SEARCH_PLUGIN_NAME) as SearchGlobalData;
  const contextual = useAlgoliaContextualFacetFilters() as FacetFilters;
  const configuredFilters = algolia.searchParameters?.facetFilters;
  const configured = useMemo(() => (configuredFilters ?? []) as FacetFilters, [configuredFilters]);
  const facetFilters = useMemo(
    () => (algolia.contextualSearch ? (mergeFacetFilters(contextual, configured) as FacetFilters) : configured),
    [algolia.contextualSearch, contextual, configured],
  );
  return {
    mode: search.mode,
    algolia,
    indexUrl: search.indexUrl,
    facetFilters,
    docusaurusVersion: siteMetadata.docusaurusVersion,
  };
}
