/**
 * Replaces (does not wrap) the theme's search page: the theme's page builds
 * its own Algolia client inside the component, so it cannot be pointed at the
 * local index. This page sends the same requests to whichever client the
 * site uses (local index or Algolia) and shows each matching page once, with
 * its breadcrumb trail and its best sections under it, in the modal's order;
 * it filters by kind of page (local index), pages through the results and
 * keeps `?q=` and `?kind=` in the URL. Highlighted values are rendered as
 * text parts (src/search/results.ts), so markup in a query or a page shows as
 * text. A query longer than SEARCH.maxQueryLength is cut, wherever it comes
 * from (the box, or a link's ?q=).
 *
 * Without a query it offers popular searches; a search that finds nothing
 * suggests near words from the docs' headings and offers Ask AI.
 *
 * First paint (local mode, production builds): a reader who arrives with
 * `?q=` sees the first results before the bundles run. The page's HTML loads
 * the first-paint script (plugins/search-index/first-paint) at once, beside
 * the index it preloads; the script searches while the page loads and draws
 * the results into an element React leaves alone (FIRST_PAINT_ID), then hands
 * its search client over. A small inline script (PRE_PAINT_SCRIPT) puts the
 * query in the heading and the box before the first paint. The bundles wait
 * for the results (data-hold-bundles, see src/ssrTemplate.ts); once React
 * has its own results, identical, they take that element's place.
 */
import React, {useEffect, useRef, useState, type ReactNode} from 'react';
import Head from '@docusaurus/Head';
import Link from '@docusaurus/Link';
import {useHistory, useLocation} from '@docusaurus/router';
import {usePluginData} from '@docusaurus/useGlobalData';
import useIsBrowser from '@docusaurus/useIsBrowser';
import Layout from '@theme/Layout';
import {PageMetadata, useSearchLinkCreator} from '@docusaurus/theme-common';
import {useSearchResultUrlProcessor} from '@docusaurus/theme-search-algolia/client';
import {SEARCH} from '@site/src/constants';
import {kindFacetFilter} from '@site/src/search/kinds';
import {SEARCH_PLUGIN_NAME, type SearchGlobalData} from '@site/src/search/global-data';
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
  type PageGroup,
  type ResultsPage,
  trailSteps,
} from '@site/src/search/results';
import {localClientFor, useSearchSetup} from '@site/src/search/useSearchSetup';
import {POPULAR_SEARCHES} from '../../popular-searches';
import {requestAskAi} from '../SearchBar/askAiRequests';
import {nearSearches} from './nearWords';
import {CLASSES, FIRST_PAINT_ID, kindButtonClass, kindOptions, readableSnippet} from './view';
import './styles.css';

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

/** Where the heading's text takes the query (data-heading of the first-paint element). */
const QUERY_SLOT = '{q}';

/**
 * Runs as the page's HTML is parsed, before the first paint (inline, so the
 * CSP allows it by its hash, which scripts/nginx-conf.ts reads from the
 * built HTML): with a ?q=, it shows the query in the heading and the box, so
 * nothing moves when the results come; without one it releases the bundles
 * at once. It reads what it needs from the first-paint element's data
 * attributes, so its text never changes.
 */
const PRE_PAINT_SCRIPT = `(function () {
  var region = document.getElementById('${FIRST_PAINT_ID}');
  if (!region) return;
  var query = (new URLSearchParams(location.search).get('q') || '').slice(0, Number(region.dataset.maxLength));
  if (!query.trim()) {
    region.removeAttribute('data-hold-bundles');
    return;
  }
  var heading = document.querySelector('main h1');
  if (heading) heading.textContent = region.dataset.heading.split('${QUERY_SLOT}').join(query);
  var box = document.querySelector('main input[type="search"]');
  if (box) box.value = query;
})();`;

/** React's (empty) content for the first-paint element: its children are the first paint's. */
const LEFT_ALONE = {__html: ''};

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
    <p className={CLASSES.snippet}>
      <Highlighted value={readableSnippet(snippet, '\u0001')} />
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
    <article className={CLASSES.result}>
      <h2 className={CLASSES.resultTitle}>
        <Link to={processUrl(top?.url ?? group.url)}>
          <Highlighted value={levelValue(top ?? first, 'lvl1')} />
        </Link>
      </h2>
      {trail.length > 0 && (
        <div className={CLASSES.breadcrumbs}>
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
        <ul className={CLASSES.sections}>
          {sections.map((hit) => (
            <li key={hit.objectID}>
              <Link to={processUrl(hit.url)} className={CLASSES.sectionTitle}>
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
  return (
    <div className={CLASSES.filters} role="group" aria-label="Show only">
      {kindOptions(counts).map((option) => (
        <button
          key={option.label}
          type="button"
          className={kindButtonClass(option.id === selected)}
          aria-pressed={option.id === selected}
          onClick={() => onSelect(option.id)}
        >
          {option.label}
          {option.count !== null && <span className={CLASSES.filterCount}> {option.count}</span>}
        </button>
      ))}
    </div>
  );
}

/** Searches to try: links to this page with each query. */
function SearchLinks({title, queries, className}: {title: string; queries: readonly string[]; className: string}): ReactNode {
  const searchLink = useSearchLinkCreator();
  return (
    <section className={className} aria-label={title}>
      <h2>{title}</h2>
      <ul>
        {queries.map((query) => (
          <li key={query}>
            <Link to={searchLink(query)}>{query}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A search that found nothing: near words the docs use, Ask AI (local mode), and the popular searches. */
function NothingFound({query, local}: {query: string; local: boolean}): ReactNode {
  const {indexUrl} = useSearchSetup();
  const [near, setNear] = useState<string[]>([]);
  useEffect(() => {
    setNear([]);
    if (!local) return undefined;
    let cancelled = false;
    localClientFor(indexUrl)
      .engine()
      .then((engine) => {
        if (!cancelled) setNear(nearSearches(engine, query));
      })
      // The page already says the search found nothing; without the index there is nothing near to offer.
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [query, local, indexUrl]);
  return (
    <div className={CLASSES.offers}>
      {near.length > 0 && <SearchLinks title="Did you mean" queries={near} className={CLASSES.suggestions} />}
      {local && (
        <section aria-label="Ask AI">
          <p>No page uses these words. Ask AI looks for the answer in the docs and lists the closest pages.</p>
          <button type="button" className="button button--primary" onClick={() => requestAskAi(query)}>
            Ask AI: “{query}”
          </button>
        </section>
      )}
      <SearchLinks title="Popular searches" queries={POPULAR_SEARCHES} className={CLASSES.popular} />
    </div>
  );
}

function SearchPageContent(): ReactNode {
  const {algolia, facetFilters, mode, indexUrl} = useSearchSetup();
  const {firstPaintScript} = usePluginData(SEARCH_PLUGIN_NAME) as SearchGlobalData;
  const location = useLocation();
  const history = useHistory();
  const client = useClient();
  const isBrowser = useIsBrowser();
  const processUrl = useSearchResultUrlProcessor();
  // The local index knows page kinds and groups sections by page; Algolia's crawler records do neither.
  const grouped = mode === 'local';
  const firstPaint = mode === 'local' && Boolean(firstPaintScript);
  const params = new URLSearchParams(location.search);
  const queryInUrl = params.get('q')?.slice(0, SEARCH.maxQueryLength) ?? null;
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
  // Whether React has drawn a state of its own (results, nothing found, an error, no query): until then the first paint shows.
  const [drawn, setDrawn] = useState(false);
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

  // Keep ?q= in step with the box (and a ?q= longer than the cap becomes the query searched).
  useEffect(() => {
    if (query === null || (params.get('q') ?? '') === query) return;
    replaceParams({q: query || null});
    // Only a change of the box writes the URL: a URL that changes by itself (Back) must not be written again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query]);

  // The URL changes from outside (back/forward, the modal's "See all" link, a suggested search).
  useEffect(() => {
    const fromUrl = queryInUrl ?? '';
    setQuery((current) => (current === fromUrl ? current : fromUrl));
  }, [queryInUrl]);

  const ownState = query !== null && (!query.trim() || pages.length > 0 || failed);
  useEffect(() => {
    if (ownState) setDrawn(true);
  }, [ownState]);
  const showOwn = drawn || ownState || !firstPaint;

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
  const nothingFound = Boolean(query?.trim()) && !loading && !failed && pages.length > 0 && pages[0].nbHits === 0;

  return (
    <>
      <PageMetadata title={heading} description="Search the Tower documentation" />
      <Head>
        <meta property="robots" content="noindex, follow" />
      </Head>
      <main className={`container margin-vert--lg ${CLASSES.page}`}>
        {/*
          Every local search needs the whole index, and this page exists to search: the index downloads
          with the page's HTML, before the first paint asks for it. (The server renders one page for every
          query, so the preload cannot depend on ?q=; a visit without a query needs the index at the first
          keystroke.) React renders it as a resource of the page, not through <Head>: Helmet would insert
          it again after hydration, and the browser would fetch the index a second time once the first
          paint has used the first preload.
        */}
        {mode === 'local' && <link rel="preload" as="fetch" crossOrigin="anonymous" href={indexUrl} />}
        {/* Also a resource of the page: React puts it near the top of the HTML (it runs as soon as it arrives) and never inserts it twice. */}
        {firstPaint && (
          <script
            async
            src={firstPaintScript}
            data-index-url={indexUrl}
            data-index-name={algolia.indexName}
            data-facet-filters={JSON.stringify(facetFilters)}
            data-max-length={SEARCH.maxQueryLength}
          />
        )}
        {/* The first paint shows the query here before React runs; React's first render (no query yet) does not undo it. */}
        <h1 suppressHydrationWarning>{heading}</h1>
        <form className={CLASSES.form} role="search" onSubmit={(event) => event.preventDefault()}>
          <input
            type="search"
            name="q"
            className={CLASSES.input}
            value={query ?? ''}
            onChange={(event) => setQuery(event.target.value.slice(0, SEARCH.maxQueryLength))}
            maxLength={SEARCH.maxQueryLength}
            placeholder="Search the docs"
            aria-label="Search"
            autoComplete="off"
            // A reader who opens /search without a query came to type one; with a query, the focus stays where the page starts.
            // eslint-disable-next-line jsx-a11y/no-autofocus
            autoFocus={!startedWithQuery}
          />
        </form>
        <noscript>
          <div className={CLASSES.notice}>
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
        {!showOwn && (
          <>
            <div
              id={FIRST_PAINT_ID}
              className={CLASSES.firstPaint}
              // Only in the page's HTML: a client-side visit to /search has no first paint to wait for.
              data-hold-bundles={isBrowser ? undefined : ''}
              data-heading={searchHeading(QUERY_SLOT)}
              data-max-length={SEARCH.maxQueryLength}
              dangerouslySetInnerHTML={LEFT_ALONE}
            />
            <script dangerouslySetInnerHTML={{__html: PRE_PAINT_SCRIPT}} />
          </>
        )}
        {showOwn && (
          <>
            {grouped && query?.trim() && !failed && <KindFilters selected={kind} counts={counts} onSelect={(id) => replaceParams({kind: id})} />}
            {failed ? (
              <div className={CLASSES.notice} role="alert">
                <p>Search is unavailable right now: the search index could not be loaded.</p>
                <button type="button" className="button button--primary button--sm" onClick={retry}>
                  Try again
                </button>
              </div>
            ) : (
              <p className={CLASSES.summary} aria-live="polite">
                {searchSummary({query, pages, shown: groups.length, loading, grouped})}
              </p>
            )}
            <div className={CLASSES.results}>
              {groups.map((group) => (
                <PageResult key={group.url} group={group} processUrl={processUrl} />
              ))}
            </div>
            <button type="button" className={`button button--secondary ${CLASSES.more}`} hidden={!hasMorePages(pages)} onClick={loadMore} disabled={loading}>
              {loading ? 'Loading…' : 'Show more results'}
            </button>
            {nothingFound && query && <NothingFound query={query} local={mode === 'local'} />}
            {query !== null && !query.trim() && <SearchLinks title="Popular searches" queries={POPULAR_SEARCHES} className={CLASSES.popular} />}
          </>
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
