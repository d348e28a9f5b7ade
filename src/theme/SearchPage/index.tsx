/**
 * Replaces (does not wrap) the theme's search page: the theme's page builds
 * its own Algolia client inside the component, so it cannot be pointed at the
 * local index. This page sends the same requests to whichever client the
 * site uses (local index or Algolia) and shows titles, breadcrumbs and
 * snippets, pages through the results and keeps `?q=` in the URL.
 * Highlighted text is rendered as React text with <mark> elements, never as
 * HTML, so markup in a query or a page shows as text.
 */
import React, {useEffect, useMemo, useRef, useState, type ReactNode} from 'react';
import Head from '@docusaurus/Head';
import Link from '@docusaurus/Link';
import {useHistory, useLocation} from '@docusaurus/router';
import Layout from '@theme/Layout';
import {PageMetadata, isRegexpStringMatch} from '@docusaurus/theme-common';
import {useSearchResultUrlProcessor} from '@docusaurus/theme-search-algolia/client';
import {unescapeHtml} from '@site/src/search/text';
import {localClientFor, useSearchSetup} from '@site/src/search/useSearchSetup';
import styles from './styles.module.css';

const PRE = '\u0001';
const POST = '\u0002';
const HITS_PER_PAGE = 10;
const LEVELS = ['lvl0', 'lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'] as const;

type Hit = {
  objectID: string;
  url: string;
  type: string;
  hierarchy: Record<string, string | null>;
  _highlightResult?: {hierarchy?: Record<string, {value: string}>};
  _snippetResult?: {content?: {value: string}};
};
type Result = {hits: Hit[]; nbHits: number; nbPages: number; page: number};
type Client = {search: (input: unknown) => Promise<{results: unknown[]}>; addAlgoliaAgent: (segment: string, version?: string) => void};

/** Splits an escaped, marker-highlighted value into text and <mark> parts. */
export function Highlighted({value}: {value: string}): ReactNode {
  const parts = value.split(new RegExp(`${PRE}|${POST}`));
  return (
    <>
      {parts.map((part, i) => {
        const text = unescapeHtml(part);
        // Odd positions sit between an opening and a closing marker.
        return i % 2 === 1 ? <mark key={i}>{text}</mark> : <React.Fragment key={i}>{text}</React.Fragment>;
      })}
    </>
  );
}

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

function titleLevel(hit: Hit): (typeof LEVELS)[number] {
  let last: (typeof LEVELS)[number] = 'lvl1';
  for (const level of LEVELS.slice(1)) if (hit.hierarchy[level]) last = level;
  return last;
}

function ResultItem({hit, externalUrlRegex}: {hit: Hit; externalUrlRegex?: string}) {
  const processUrl = useSearchResultUrlProcessor();
  const url = processUrl(hit.url);
  const level = titleLevel(hit);
  const crumbs = LEVELS.slice(0, LEVELS.indexOf(level)).filter((l) => hit.hierarchy[l]);
  const title = hit._highlightResult?.hierarchy?.[level]?.value ?? hit.hierarchy[level] ?? '';
  const snippet = hit._snippetResult?.content?.value;
  const external = Boolean(externalUrlRegex) && /^https?:/.test(url) && isRegexpStringMatch(externalUrlRegex, url);
  const titleNode = <Highlighted value={title} />;
  return (
    <article className={styles.result}>
      <h2 className={styles.resultTitle}>{external ? <a href={url}>{titleNode}</a> : <Link to={url}>{titleNode}</Link>}</h2>
      {crumbs.length > 0 && (
        <div className={styles.breadcrumbs}>
          <ul className="breadcrumbs">
            {crumbs.map((crumb) => (
              <li key={crumb} className="breadcrumbs__item">
                <span className="breadcrumbs__link">
                  <Highlighted value={hit._highlightResult?.hierarchy?.[crumb]?.value ?? hit.hierarchy[crumb] ?? ''} />
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
  // null until the URL has been read after hydration: the server renders the
  // page without a query, and the first client render must match it.
  const [query, setQuery] = useState<string | null>(null);
  const startedWithQuery = useMemo(
    () => typeof window !== 'undefined' && new URLSearchParams(window.location.search).has('q'),
    [],
  );
  const [pages, setPages] = useState<Result[]>([]);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const requestId = useRef(0);
  const searchedBefore = useRef(false);
  const filtersKey = JSON.stringify(facetFilters);

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

  const fetchPage = async (page: number): Promise<Result> => {
    if (!client) throw new Error('search client not ready');
    const {results} = await client.search({
      requests: [
        {
          indexName: algolia.indexName,
          query: query ?? '',
          page,
          hitsPerPage: HITS_PER_PAGE,
          facetFilters: JSON.parse(filtersKey),
          attributesToRetrieve: ['hierarchy', 'content', 'anchor', 'url', 'url_without_anchor', 'type'],
          attributesToSnippet: ['content:30'],
          attributesToHighlight: ['hierarchy.lvl0', 'hierarchy.lvl1', 'hierarchy.lvl2', 'hierarchy.lvl3', 'hierarchy.lvl4', 'hierarchy.lvl5', 'hierarchy.lvl6'],
          highlightPreTag: PRE,
          highlightPostTag: POST,
          snippetEllipsisText: '…',
        },
      ],
    });
    return results[0] as Result;
  };

  useEffect(() => {
    const id = ++requestId.current;
    setPages([]);
    setError(null);
    if (!client || !query?.trim()) {
      setLoading(false);
      return;
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

  const total = pages[0]?.nbHits ?? 0;
  const nbPages = pages[0]?.nbPages ?? 0;
  const hits = pages.flatMap((page) => page.hits);
  const heading = query ? `Search results for “${query}”` : 'Search the documentation';

  return (
    <>
      <PageMetadata title={heading} description="Search the Tower documentation" />
      <Head>
        <meta property="robots" content="noindex, follow" />
        {/* Read by the page template (src/ssrTemplate.ts): the index is fetched with the HTML when ?q= is present. */}
        {mode === 'local' && <meta name="tower:preload-with-query" content={indexUrl} />}
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
          {error
            ? `Search failed: ${error}`
            : query?.trim() && pages.length > 0
              ? total === 0
                ? `No results for “${query}”.`
                : `${total} ${total === 1 ? 'result' : 'results'}, showing ${hits.length}.`
              : loading
                ? 'Searching…'
                : ''}
        </p>
        <div className={styles.results}>
          {hits.map((hit) => (
            <ResultItem key={`${hit.objectID}-${hit.url}`} hit={hit} externalUrlRegex={algolia.externalUrlRegex} />
          ))}
        </div>
        {pages.length > 0 && pages.length < nbPages && (
          <button type="button" className="button button--secondary" onClick={loadMore} disabled={loading}>
            {loading ? 'Loading…' : 'Show more results'}
          </button>
        )}
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
