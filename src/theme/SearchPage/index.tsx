/**
 * Replaces (does not wrap) the theme's search page: the theme's page builds
 * its own Algolia client inside the component, so it cannot be pointed at the
 * local index. This page sends the same requests to whichever client the
 * site uses (local index or Algolia) and shows titles, breadcrumbs and
 * snippets, pages through the results and keeps `?q=` in the URL.
 * Highlighted values are rendered as text parts (src/search/results.ts), so
 * markup in a query or a page shows as text.
 */
import React, {useEffect, useRef, useState, type ReactNode} from 'react';
import Head from '@docusaurus/Head';
import Link from '@docusaurus/Link';
import {useHistory, useLocation} from '@docusaurus/router';
import Layout from '@theme/Layout';
import {PageMetadata} from '@docusaurus/theme-common';
import {useSearchResultUrlProcessor} from '@docusaurus/theme-search-algolia/client';
import {
  crumbLevels,
  hasMorePages,
  levelValue,
  searchHeading,
  searchPageRequest,
  searchSummary,
  segments,
  titleLevel,
  type Hit,
  type ResultsPage,
} from '@site/src/search/results';
import {localClientFor, useSearchSetup} from '@site/src/search/useSearchSetup';
import styles from './styles.module.css';

type Client = {search: (input: unknown) => Promise<{results: unknown[]}>; addAlgoliaAgent: (segment: string, version?: string) => void};

function useClient(): Client | null {
  const {mode, algolia, indexUrl, docusaurusVersion} = useSearchSetup();
  const [client, setClient] = useState<Client | null>(null);
  useEffect(() => {
    let cancelled = false;
    if (mode === 'local') {
      const local = localClientFor(indexUrl);
      local.addAlgoliaAgent('docusaurus', docusaurusVersion);
      setClient(local as unknown as Client);
    } else {
      void import('algoliasearch/lite').then(({liteClient}) => {
        if (cancelled) return;
        const remote = liteClient(algolia.appId, algolia.apiKey);
        remote.addAlgoliaAgent('docusaurus', docusaurusVersion);
        setClient(remote as unknown as Client);
      });
    }
    return () => {
      cancelled = true;
    };
  }, [mode, indexUrl, algolia.appId, algolia.apiKey, docusaurusVersion]);
  return client;
}

/** A highlighted value: its marked parts in <mark>, everything as text. */
function Highlighted({value}: {value: string}): ReactNode {
  return segments(value).map((segment, i) => (segment.marked ? <mark key={i}>{segment.text}</mark> : <React.Fragment key={i}>{segment.text}</React.Fragment>));
}

function Result({hit, processUrl}: {hit: Hit; processUrl: (url: string) => string}): ReactNode {
  const crumbs = crumbLevels(hit);
  const snippet = hit._snippetResult?.content?.value;
  return (
    <article className={styles.result}>
      <h2 className={styles.resultTitle}>
        <Link to={processUrl(hit.url)}>
          <Highlighted value={levelValue(hit, titleLevel(hit))} />
        </Link>
      </h2>
      {crumbs.length > 0 && (
        <div className={styles.breadcrumbs}>
          <ul className="breadcrumbs">
            {crumbs.map((level) => (
              <li key={level} className="breadcrumbs__item">
                <span className="breadcrumbs__link">
                  <Highlighted value={levelValue(hit, level)} />
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
      {snippet && (
        <p className={styles.snippet}>
          <Highlighted value={snippet} />
        </p>
      )}
    </article>
  );
}

function SearchPageContent(): ReactNode {
  const {algolia, facetFilters, mode, indexUrl} = useSearchSetup();
  const location = useLocation();
  const history = useHistory();
  const client = useClient();
  const processUrl = useSearchResultUrlProcessor();
  const filtersKey = JSON.stringify(facetFilters);
  const queryInUrl = new URLSearchParams(location.search).get('q');
  // Null until the URL has been read after hydration: the server renders the
  // page without a query, and the first client render must match it.
  const [query, setQuery] = useState<string | null>(null);
  const [startedWithQuery] = useState(() => typeof window !== 'undefined' && new URLSearchParams(window.location.search).has('q'));
  const [pages, setPages] = useState<ResultsPage[]>([]);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState(false);
  const requestId = useRef(0);
  const searchedBefore = useRef(false);

  // Keep ?q= in step with the box (replace: typing is not navigation).
  useEffect(() => {
    if (query === null) return;
    const params = new URLSearchParams(location.search);
    if ((params.get('q') ?? '') === query) return;
    if (query) params.set('q', query);
    else params.delete('q');
    const search = params.toString();
    history.replace({...location, search: search ? `?${search}` : ''});
  }, [query]); // eslint-disable-line react-hooks/exhaustive-deps

  // The URL changes from outside (back/forward, the modal's "See all" link).
  useEffect(() => {
    const fromUrl = queryInUrl ?? '';
    setQuery((current) => (current === fromUrl ? current : fromUrl));
  }, [queryInUrl]);

  const fetchPage = async (page: number): Promise<ResultsPage> => {
    if (!client) throw new Error('search client not ready');
    const {results} = await client.search({
      requests: [searchPageRequest(query ?? '', page, JSON.parse(filtersKey), algolia.indexName)],
    });
    return results[0] as ResultsPage;
  };

  useEffect(() => {
    const id = ++requestId.current;
    setPages([]);
    setError(false);
    if (!client || !query?.trim()) {
      setLoading(false);
      return undefined;
    }
    setLoading(true);
    // Typing is debounced; the query the page opened with is searched at once.
    const delay = searchedBefore.current ? 120 : 0;
    searchedBefore.current = true;
    const timer = setTimeout(() => {
      fetchPage(0)
        .then((result) => {
          if (id === requestId.current) setPages([result]);
        })
        .catch((cause: unknown) => {
          if (id !== requestId.current) return;
          console.error('Search failed:', cause);
          setError(true);
        })
        .finally(() => {
          if (id === requestId.current) setLoading(false);
        });
    }, delay);
    return () => clearTimeout(timer);
  }, [client, query, filtersKey]); // eslint-disable-line react-hooks/exhaustive-deps

  const loadMore = () => {
    const id = requestId.current;
    setLoading(true);
    fetchPage(pages.length)
      .then((result) => {
        if (id === requestId.current) setPages((current) => [...current, result]);
      })
      .catch((cause: unknown) => {
        console.error('Search failed:', cause);
        setError(true);
      })
      .finally(() => setLoading(false));
  };

  const heading = searchHeading(query);
  const hits = pages.flatMap((page) => page.hits);

  return (
    <>
      <PageMetadata title={heading} description="Search the Tower documentation" />
      <Head>
        <meta property="robots" content="noindex, follow" />
        {/*
          Every local search needs the whole index, and this page exists to search: the index downloads
          alongside the page's code instead of after it. (The server renders one page for every query, so
          the preload cannot depend on ?q=; a visit without a query needs the index at the first keystroke.)
        */}
        {mode === 'local' && <link rel="preload" as="fetch" crossOrigin="anonymous" href={indexUrl} />}
      </Head>
      <main className={`container margin-vert--lg ${styles.page}`}>
        <h1>{heading}</h1>
        <form className={styles.form} role="search" onSubmit={(event) => event.preventDefault()}>
          <input
            type="search"
            name="q"
            className={styles.input}
            value={query ?? ''}
            onChange={(event) => setQuery(event.target.value)}
            placeholder="Search the docs"
            aria-label="Search"
            autoComplete="off"
            autoFocus={!startedWithQuery}
          />
        </form>
        <p className={styles.summary} aria-live="polite">
          {error ? 'Search is unavailable right now.' : searchSummary({query, pages, loading})}
        </p>
        <div className={styles.results}>
          {hits.map((hit) => (
            <Result key={hit.objectID} hit={hit} processUrl={processUrl} />
          ))}
        </div>
        <button type="button" className={`button button--secondary ${styles.more}`} hidden={!hasMorePages(pages)} onClick={loadMore} disabled={loading}>
          {loading ? 'Loading…' : 'Show more results'}
        </button>
      </main>
    </>
  );
}

export default function SearchPage(): ReactNode {
  // The docs context the contextual facet filters read exists inside Layout only.
  return (
    <Layout>
      <SearchPageContent />
    </Layout>
  );
}
