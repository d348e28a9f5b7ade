/**
 * Replaces (does not wrap) the theme's search page: the theme's page builds
 * its own Algolia client inside the component, so it cannot be pointed at the
 * local index. This page sends the same requests to whichever client the
 * site uses (local index or Algolia) and shows titles, breadcrumbs and
 * snippets, pages through the results and keeps `?q=` in the URL.
 * Results are HTML from src/search/searchPage.ts, shared with the script
 * that draws the first results before React loads; it escapes every text
 * and writes only its own <mark> tags, so markup in a query or a page shows
 * as text.
 */
import React, {useEffect, useMemo, useRef, useState, type MouseEvent, type ReactNode} from 'react';
import Head from '@docusaurus/Head';
import {useHistory, useLocation} from '@docusaurus/router';
import Layout from '@theme/Layout';
import {PageMetadata} from '@docusaurus/theme-common';
import {useSearchResultUrlProcessor} from '@docusaurus/theme-search-algolia/client';
import {
  FIRST_PAINT_ATTRIBUTE,
  firstResultsFor,
  hasMorePages,
  resultsHtml,
  searchHeading,
  searchPageRequest,
  searchSummary,
  type FirstPaintSettings,
  type ResultClasses,
  type ResultsPage,
} from '@site/src/search/searchPage';
import {localClientFor, useSearchSetup} from '@site/src/search/useSearchSetup';
import styles from './styles.module.css';

type Client = {search: (input: unknown) => Promise<{results: unknown[]}>; addAlgoliaAgent: (segment: string, version?: string) => void};

const RESULT_CLASSES: ResultClasses = {
  result: styles.result,
  resultTitle: styles.resultTitle,
  breadcrumbs: styles.breadcrumbs,
  snippet: styles.snippet,
};

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

/** Result links are plain <a> in HTML markup: a plain click on one of this site's pages navigates in the app, as <Link> would. */
function useInAppNavigation(): (event: MouseEvent<HTMLElement>) => void {
  const history = useHistory();
  return (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const href = (event.target as Element).closest('a')?.getAttribute('href');
    if (!href || !href.startsWith('/') || href.startsWith('//')) return;
    event.preventDefault();
    history.push(href);
  };
}

/** Every local search starts with the engine and the index: with a query in the address, fetch them at once. */
function useEarlyEngine(mode: string, indexUrl: string): void {
  useState(() => {
    if (mode === 'local' && typeof window !== 'undefined' && new URLSearchParams(window.location.search).get('q')) {
      void localClientFor(indexUrl).engine().catch(() => undefined);
    }
    return null;
  });
}

function SearchPageContent(): ReactNode {
  const {algolia, facetFilters, mode, indexUrl} = useSearchSetup();
  useEarlyEngine(mode, indexUrl);
  const location = useLocation();
  const history = useHistory();
  const client = useClient();
  const processUrl = useSearchResultUrlProcessor();
  const navigate = useInAppNavigation();
  const filtersKey = JSON.stringify(facetFilters);
  // What the first-paint script drew before hydration (src/search/firstPaint.ts), if anything:
  // the page starts from it, so the first client render is the page already on screen.
  const [first] = useState(() =>
    firstResultsFor(typeof window === 'undefined' ? null : new URLSearchParams(window.location.search).get('q'), filtersKey),
  );
  // Without them, null until the URL has been read after hydration: the
  // server renders the page without a query, and the first client render must match it.
  const [query, setQuery] = useState<string | null>(first?.query ?? null);
  const startedWithQuery = useMemo(
    () => typeof window !== 'undefined' && new URLSearchParams(window.location.search).has('q'),
    [],
  );
  const [pages, setPages] = useState<ResultsPage[]>(first?.page ? [first.page] : []);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const requestId = useRef(0);
  const searchedBefore = useRef(false);
  /** The query and filters the results on screen answer. */
  const shownFor = useRef<string | null>(first?.page ? `${first.query}\u0000${first.filtersKey}` : null);

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
    const fromUrl = new URLSearchParams(location.search).get('q') ?? '';
    setQuery((current) => (current === fromUrl ? current : fromUrl));
  }, [location.search]);

  const fetchPage = async (page: number): Promise<ResultsPage> => {
    if (!client) throw new Error('search client not ready');
    const {results} = await client.search({
      requests: [searchPageRequest(query ?? '', page, JSON.parse(filtersKey), algolia.indexName)],
    });
    return results[0] as ResultsPage;
  };

  useEffect(() => {
    const id = ++requestId.current;
    const key = `${query}\u0000${filtersKey}`;
    // The first paint's results stay on screen while the whole index confirms them.
    const keep = shownFor.current === key;
    if (!keep) {
      setPages([]);
      shownFor.current = null;
    }
    setError(null);
    if (!client || !query?.trim()) {
      setLoading(false);
      return;
    }
    if (!keep) setLoading(true);
    // Typing is debounced; the query the page opened with is searched at once.
    const delay = searchedBefore.current ? 120 : 0;
    searchedBefore.current = true;
    const timer = setTimeout(() => {
      fetchPage(0)
        .then((result) => {
          if (id !== requestId.current) return;
          setPages([result]);
          shownFor.current = key;
        })
        .catch((e: unknown) => {
          if (id === requestId.current) setError(String(e));
        })
        .finally(() => {
          if (id === requestId.current) setLoading(false);
        });
    }, delay);
    return () => clearTimeout(timer);
  }, [client, query, filtersKey]); // eslint-disable-line react-hooks/exhaustive-deps

  const loadMore = () => {
    const id = requestId.current;
    const next = pages.length;
    setLoading(true);
    fetchPage(next)
      .then((result) => {
        if (id === requestId.current) setPages((current) => [...current, result]);
      })
      .catch((e: unknown) => setError(String(e)))
      .finally(() => setLoading(false));
  };

  const heading = searchHeading(query);
  const settings: FirstPaintSettings = {classes: RESULT_CLASSES, facetFilters};
  const html = useMemo(
    () => resultsHtml(pages.flatMap((page) => page.hits), RESULT_CLASSES, processUrl),
    [pages, processUrl],
  );

  return (
    <>
      <PageMetadata title={heading} description="Search the Tower documentation" />
      <Head>
        <meta property="robots" content="noindex, follow" />
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
          {searchSummary({query, error, pages, loading})}
        </p>
        {/* Markup from src/search/searchPage.ts, shared with the first-paint script; React keeps what that script drew. */}
        <div
          className={styles.results}
          {...{[FIRST_PAINT_ATTRIBUTE]: mode === 'local' ? JSON.stringify(settings) : undefined}}
          onClick={navigate}
          dangerouslySetInnerHTML={{__html: html}}
        />
        <button type="button" className={`button button--secondary ${styles.more}`} data-more-results hidden={!hasMorePages(pages)} onClick={loadMore} disabled={loading}>
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
