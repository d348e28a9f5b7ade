/**
 * A search client with the surface DocSearch and the /search page use from
 * Algolia's lite client (`search`, `addAlgoliaAgent`, `transporter`), answered
 * by the local engine. The engine code and the index are fetched on the first
 * query only, from the site's own origin; the text of a page (its snippets)
 * when a query first shows it.
 *
 * When the index cannot be loaded (missing, a server error, cut short, not
 * JSON), a search answers with no results instead of failing: DocSearch does
 * not catch a failed search (the page would get an unhandled rejection and a
 * modal that looks like "no results"). The client says so through
 * `unavailable()`, the UI tells the reader, and `retry()` tries again; the
 * details go to the console. A page whose text cannot be loaded is shown
 * without snippets.
 */
import type {Ranked, SearchEngine, SearchRequest, SearchResponse} from './engine';
import type {PackedIndex} from './records';
import {fetchChecked} from '../../lib/fetch-checked';

export type LocalSearchClient = {
  search: (requests: unknown) => Promise<{results: Array<SearchResponse & {index: string}>}>;
  addAlgoliaAgent: (segment: string, version?: string) => void;
  transporter: {algoliaAgent: {value: string; add: (options: {segment: string; version?: string}) => unknown}};
  /** Loads (once) and returns the engine; used by the Ask AI panel. Rejects when the index cannot be loaded. */
  engine: () => Promise<SearchEngine>;
  /**
   * Loads the text of these sections' pages (each page once), and with `blocks` their blocks too (Ask AI);
   * never rejects: a page whose files fail stays without them.
   */
  loadText: (engine: SearchEngine, sections: Ranked[], blocks?: boolean) => Promise<void>;
  /** Whether the last attempt to load the index failed. */
  unavailable: () => boolean;
  /** Calls `listener` when that changes; returns an unsubscribe function. */
  subscribe: (listener: () => void) => () => void;
  /** Loads the index again after a failure; resolves to whether it worked. */
  retry: () => Promise<boolean>;
};

function emptyResponse(request: SearchRequest): SearchResponse {
  return {
    hits: [],
    nbHits: 0,
    page: 0,
    nbPages: 0,
    hitsPerPage: request.hitsPerPage ?? 20,
    query: request.query,
    params: '',
    processingTimeMS: 0,
    exhaustiveNbHits: true,
    queryWords: [],
    allWordsMatched: false,
  };
}

const engines = new Map<string, Promise<SearchEngine>>();

/** The engine for an index URL, loaded once per page life. */
function loadEngine(indexUrl: string): Promise<SearchEngine> {
  let pending = engines.get(indexUrl);
  if (!pending) {
    pending = Promise.all([
      import(/* webpackChunkName: "search-engine" */ './engine'),
      fetchChecked(indexUrl, {credentials: 'same-origin'}).then((response) => response.json() as Promise<PackedIndex>),
    ]).then(([{buildEngine}, packed]) => buildEngine(packed));
    // A failed load may be retried on the next query.
    pending.catch(() => engines.delete(indexUrl));
    engines.set(indexUrl, pending);
  }
  return pending;
}

/** Text and blocks files loading or loaded, per engine. */
const textLoads = new WeakMap<SearchEngine, Map<string, Promise<void>>>();

/**
 * Loads the text files of the pages of `sections` that are not in yet (and,
 * with `blocks`, their blocks files), relative to the index file.
 */
export function loadText(engine: SearchEngine, indexUrl: string, sections: Ranked[], blocks = false): Promise<void> {
  const base = new URL(indexUrl, globalThis.location?.href);
  let loads = textLoads.get(engine);
  if (!loads) {
    loads = new Map();
    textLoads.set(engine, loads);
  }
  const started = loads;
  const load = (file: string, pageUrl: string, add: (content: unknown) => void, what: string, consequence: string) => {
    const url = new URL(file, base).href;
    let pending = started.get(url);
    if (!pending) {
      pending = fetchChecked(url, {credentials: 'same-origin'})
        .then((response) => response.json())
        .then(add)
        .catch((error: unknown) => {
          // Asked for again when a later query shows the page.
          started.delete(url);
          console.error(`Search: the ${what} of ${pageUrl} could not be loaded; ${consequence}.`, error);
        });
      started.set(url, pending);
    }
    return pending;
  };
  const texts = engine.missingText(sections).map((position) => {
    const page = engine.pages[position];
    return load(page.textFile, page.url, (text) => engine.addText(position, text), 'text', 'its results are shown without snippets');
  });
  const blockFiles = blocks
    ? engine.missingText(sections, 'blocks').map((position) => {
        const page = engine.pages[position];
        return load(page.blocksFile, page.url, (content) => engine.addBlocks(position, content), 'blocks', 'Ask AI quotes its text lines instead');
      })
    : [];
  return Promise.all([...texts, ...blockFiles]).then(() => undefined);
}

type RawRequest = {indexName?: string; query?: string; params?: string | Record<string, unknown>} & Record<string, unknown>;

/** Accepts both `{requests: [...]}` (DocSearch 4) and the legacy array form, with params as object or query string. */
export function normaliseRequests(input: unknown): Array<{indexName: string; request: SearchRequest}> {
  const requests = (input as {requests?: unknown} | null | undefined)?.requests;
  const list: RawRequest[] = Array.isArray(input) ? input : Array.isArray(requests) ? requests : [];
  return list.map((raw) => {
    let params: Record<string, unknown> = {...raw};
    if (typeof raw.params === 'string') {
      const parsed: Record<string, unknown> = {};
      for (const [key, value] of new URLSearchParams(raw.params)) {
        try {
          parsed[key] = JSON.parse(value);
        } catch {
          parsed[key] = value;
        }
      }
      params = {...params, ...parsed};
    } else {
      // Spreading nothing (no params) adds nothing.
      params = {...params, ...raw.params};
    }
    const number = (value: unknown) => (value === undefined || value === null || value === '' ? undefined : Number(value));
    return {
      indexName: String(raw.indexName ?? ''),
      request: {
        query: String(params.query ?? ''),
        page: number(params.page),
        hitsPerPage: number(params.hitsPerPage),
        facetFilters: params.facetFilters as SearchRequest['facetFilters'],
        attributesToSnippet: params.attributesToSnippet as string[] | undefined,
        highlightPreTag: params.highlightPreTag as string | undefined,
        highlightPostTag: params.highlightPostTag as string | undefined,
        snippetEllipsisText: params.snippetEllipsisText as string | undefined,
        distinct: params.distinct as SearchRequest['distinct'],
        facets: params.facets as string[] | undefined,
      },
    };
  });
}

export function createLocalSearchClient(indexUrl: string): LocalSearchClient {
  const agents: string[] = ['tower-local-search'];
  const agent = {
    get value() {
      return agents.join('; ');
    },
    add({segment, version}: {segment: string; version?: string}) {
      const entry = version ? `${segment} (${version})` : segment;
      if (!agents.includes(entry)) agents.push(entry);
      return agent;
    },
  };
  let failed = false;
  const listeners = new Set<() => void>();
  const setFailed = (value: boolean) => {
    if (failed === value) return;
    failed = value;
    for (const listener of listeners) listener();
  };
  const engine = () =>
    loadEngine(indexUrl).then(
      (loaded) => {
        setFailed(false);
        return loaded;
      },
      (error: unknown) => {
        console.error(`Search is unavailable: the search index ${indexUrl} could not be loaded.`, error);
        setFailed(true);
        throw error;
      },
    );
  return {
    async search(input) {
      const requests = normaliseRequests(input);
      const loaded = await engine().catch(() => null);
      if (!loaded) return {results: requests.map(({indexName, request}) => ({...emptyResponse(request), index: indexName}))};
      const prepared = requests.map(({request}) => loaded.prepare(request));
      // The shown pages' text, for their snippets: a few small files the first time a page is shown.
      await loadText(
        loaded,
        indexUrl,
        prepared.flatMap((search) => search.shown),
      );
      return {results: prepared.map((search, i) => ({...loaded.respond(search), index: requests[i].indexName}))};
    },
    loadText: (loaded, sections, blocks) => loadText(loaded, indexUrl, sections, blocks),
    addAlgoliaAgent(segment, version) {
      agent.add({segment, version});
    },
    transporter: {algoliaAgent: agent},
    engine,
    unavailable: () => failed,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    retry: () =>
      engine().then(
        () => true,
        () => false,
      ),
  };
}
