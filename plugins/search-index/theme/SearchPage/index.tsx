/**
 * Replaces (does not wrap) the theme's search page: the theme's page builds
 * its own Algolia client inside the component, so it cannot be pointed at the
 * local index. This page sends the same requests to whichever client the
 * site uses (local index or Algolia) and shows each matching page once, with
 * its breadcrumb trail and its best sections under it, in the modal's order;
 * it filters by kind of page (local index), pages through the results and
 * keeps `?q=` and `?kind=` in the URL. Highlighted values are rendered as
 * text parts (src/search/results.ts), so markup in a query or a page shows as
 * text.
 */
import React, {useEffect, useRef, useState, type ReactNode} from 'react';
import Head from '@docusaurus/Head';
import Link from '@docusaurus/Link';
import {useHistory, useLocation} from '@docusaurus/router';
import Layout from '@theme/Layout';
import {PageMetadata} from '@docusaurus/theme-common';
import {useSearchResultUrlProcessor} from '@docusaurus/theme-search-algolia/client';
import clsx from 'clsx';
import {KIND_FILTERS, kindFacetFilter} from '@site/src/search/kinds';
import {
  groupHits,
  hasMorePages,
  isPageTop,
  levelValue,
  searchHeading,
  searchPageRequest,
  searchSummary,
  segments,
  titleLevel,
  trailSteps,
  type PageGroup,
  type ResultsPage,
} from '@site/src/search/results';
import {localClientFor, useSearchSetup} from '@site/src/search/useSearchSetup';
import styles from './styles.module.css';

/** What the page needs of a search client, local or Algolia's: both take the page's requests as they are. */
type Client = {
  search: (input: {requests: Array<ReturnType<typeof searchPageRequest>>}) => Promise<{results: unknown[]}>;
  addAlgoliaAgent: (segment: string, version?: string) => void;
};

/** Where to read when search cannot run: category pages and the whole text of the docs. */
const BROWSE_LINKS = [
  {to: '/docs/category/getting-started', label: 'Getting Started'},
  {to: '/docs/category/concepts', label: 'Concepts'},
  {to: '/docs/category/using-tower', label: 'Using Tower'},
  {to: '/docs/category/reference', label: 'Reference'},
  {to: '/docs/category/examples', label: 'Examples'},
];
const FULL_TEXT = '/llms-full.txt';

function useClient(): Client | null {
  const {mode, algolia, indexUrl, docusaurusVersion} = useSearchSetup();
  const [client, setClient] = useState<Client | null>(null);
  useEffect(() => {
    let cancelled = false;
    if (mode === 'local') {
      const local = localClientFor(indexUrl);
      local.addAlgoliaAgent('docusaurus', docusaurusVersion);
      setClient(local);
    } else {
      void import('algoliasearch/lite').then(({liteClient}) => {
        if (cancelled) return;
        const remote = liteClient(algolia.appId, algolia.apiKey);
        remote.addAlgoliaAgent('docusaurus', docusaurusVersion);
        setClient(remote);
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

function Snippet({hit}: {hit: PageGroup['hits'][number]}): ReactNode {
  const snippet = hit._snippetResult?.content?.value;
  return snippet ? (
    <p className={styles.snippet}>
      <Highlighted value={snippet} />
    </p>
  ) : null;
}

/** One matching page: its title, its breadcrumb trail, and its best sections with their snippets. */
function PageResult({group, processUrl}: {group: PageGroup; processUrl: (url: string) => string}): ReactNode {
  const [first] = group.hits;
  const top = group.hits.find(isPageTop);
  const sections = group.hits.filter((hit) => !isPageTop(hit));
  const trail = trailSteps(first);
  return (
    <article className={styles.result}>
      <h2 className={styles.resultTitle}>
        <Link to={processUrl(top?.url ?? group.url)}>
          <Highlighted value={levelValue(top ?? first, 'lvl1')} />
        </Link>
      </h2>
      {trail.length > 0 && (
        <div className={styles.breadcrumbs}>
          <ul className="breadcrumbs">
            {trail.map((step) => (
              <li key={step} className="breadcrumbs__item">
                <span className="breadcrumbs__link">{step}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
      {top && <Snippet hit={top} />}
      {sections.length > 0 && (
        <ul className={styles.sections}>
          {sections.map((hit) => (
            <li key={hit.objectID}>
              <Link to={processUrl(hit.url)} className={styles.sectionTitle}>
                <Highlighted value={levelValue(hit, titleLevel(hit))} />
              </Link>
              <Snippet hit={hit} />
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}

function KindFilters({
  selected,
  counts,
  onSelect,
}: {
  selected: string | null;
  counts: Record<string, number> | undefined;
  onSelect: (id: string | null) => void;
}): ReactNode {
  const countOf = (kinds: readonly string[]) => (counts ? kinds.reduce((sum, kind) => sum + (counts[kind] ?? 0), 0) : null);
  const options = [
    {id: null, label: 'All', count: counts ? Object.values(counts).reduce((a, b) => a + b, 0) : null},
    ...KIND_FILTERS.map((filter) => ({id: filter.id, label: filter.label, count: countOf(filter.kinds)})),
  ];
  return (
    <div className={styles.filters} role="group" aria-label="Show only">
      {options.map((option) => (
        <button
          key={option.label}
          type="button"
          className={clsx('button button--sm', option.id === selected ? 'button--primary' : 'button--secondary')}
          aria-pressed={option.id === selected}
          onClick={() => onSelect(option.id)}
        >
          {option.label}
          {option.count !== null && <span className={styles.filterCount}> {option.count}</span>}
        </button>
      ))}
    </div>
  );
}

function SearchPageContent(): ReactNode {
  const {algolia, facetFilters, mode, indexUrl} = useSearchSetup();
  const location = useLocation();
  const history = useHistory();
  const client = useClient();
  const processUrl = useSearchResultUrlProcessor();
  // The local index knows page kinds and groups sections by page; Algolia's crawler records do neither.
  const grouped = mode === 'local';
  const params = new URLSearchParams(location.search);
  const queryInUrl = params.get('q');
  const kind = grouped && kindFacetFilter(params.get('kind')) ? params.get('kind') : null;
  const kindFilter = kindFacetFilter(kind);
  const filtersKey = JSON.stringify(kindFilter ? [...facetFilters, kindFilter] : facetFilters);
  // Null until the URL has been read after hydration: the server renders the
  // page without a query, and the first client render must match it.
  const [query, setQuery] = useState<string | null>(null);
  const [startedWithQuery] = useState(() => typeof window !== 'undefined' && new URLSearchParams(window.location.search).has('q'));
  const [pages, setPages] = useState<ResultsPage[]>([]);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const requestId = useRef(0);
  const searchedBefore = useRef(false);

  /** Replaces parameters of the URL (typing and filtering are not navigation). */
  const replaceParams = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(location.search);
    for (const [name, value] of Object.entries(changes)) {
      if (value) next.set(name, value);
      else next.delete(name);
    }
    const search = next.toString();
    history.replace({...location, search: search ? `?${search}` : ''});
  };

  // Keep ?q= in step with the box.
  useEffect(() => {
    if (query === null || (queryInUrl ?? '') === query) return;
    replaceParams({q: query || null});
    // Only a change of the box writes the URL: a URL that changes by itself (Back) must not be written again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query]);

  // The URL changes from outside (back/forward, the modal's "See all" link).
  useEffect(() => {
    const fromUrl = queryInUrl ?? '';
    setQuery((current) => (current === fromUrl ? current : fromUrl));
  }, [queryInUrl]);

  const fetchPage = async (page: number): Promise<ResultsPage> => {
    if (!client) throw new Error('search client not ready');
    const {results} = await client.search({
      requests: [searchPageRequest(query ?? '', page, JSON.parse(filtersKey), algolia.indexName, grouped)],
    });
    const result = results[0] as ResultsPage;
    // The local client answers "no results" when its index cannot be loaded, and says so.
    if (mode === 'local' && localClientFor(indexUrl).unavailable()) throw new Error('the search index could not be loaded');
    return result;
  };

  useEffect(() => {
    const id = ++requestId.current;
    setPages([]);
    setFailed(false);
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
          setFailed(true);
        })
        .finally(() => {
          if (id === requestId.current) setLoading(false);
        });
    }, delay);
    return () => clearTimeout(timer);
    // fetchPage is a new function every render; what it reads that can change is listed (the filters by their key).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client, query, filtersKey, attempt]);

  const loadMore = () => {
    const id = requestId.current;
    setLoading(true);
    fetchPage(pages.length)
      .then((result) => {
        if (id === requestId.current) setPages((current) => [...current, result]);
      })
      .catch((cause: unknown) => {
        console.error('Search failed:', cause);
        setFailed(true);
      })
      .finally(() => setLoading(false));
  };

  const retry = () => {
    if (mode === 'local')
      void localClientFor(indexUrl)
        .retry()
        .then(() => setAttempt((n) => n + 1));
    else setAttempt((n) => n + 1);
  };

  const heading = searchHeading(query);
  const groups = groupHits(pages.flatMap((page) => page.hits));
  const counts = pages[0]?.facets?.kind;

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
            // A reader who opens /search without a query came to type one; with a query, the focus stays where the page starts.
            // eslint-disable-next-line jsx-a11y/no-autofocus
            autoFocus={!startedWithQuery}
          />
        </form>
        <noscript>
          <div className={styles.notice}>
            <p>Search needs JavaScript, which is turned off in this browser.</p>
            <p>
              Browse the documentation by section instead:{' '}
              {BROWSE_LINKS.map((link, i) => (
                <React.Fragment key={link.to}>
                  {i > 0 && ', '}
                  <a href={link.to}>{link.label}</a>
                </React.Fragment>
              ))}
              , or search the whole text of the docs in one file with your browser's find: <a href={FULL_TEXT}>llms-full.txt</a>.
            </p>
          </div>
        </noscript>
        {grouped && query?.trim() && !failed && <KindFilters selected={kind} counts={counts} onSelect={(id) => replaceParams({kind: id})} />}
        {failed ? (
          <div className={styles.notice} role="alert">
            <p>Search is unavailable right now: the search index could not be loaded.</p>
            <button type="button" className="button button--primary button--sm" onClick={retry}>
              Try again
            </button>
          </div>
        ) : (
          <p className={styles.summary} aria-live="polite">
            {searchSummary({query, pages, shown: groups.length, loading, grouped})}
          </p>
        )}
        <div className={styles.results}>
          {groups.map((group) => (
            <PageResult key={group.url} group={group} processUrl={processUrl} />
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
