/**
 * The docs MCP server's only contact with the site's search engine
 * (src/search). Everything the server needs from it goes through this file:
 * loading the built index, ranking a query exactly as the site's search does,
 * and the sections of a page with their anchors (for links into the
 * reference pages). If the engine's API changes, this is the file to fix.
 */
import {SEARCH} from '../src/constants';
import {SearchEngine} from '../src/search/engine';
import type {PackedIndex, SearchRecord} from '../src/search/records';
import {unescapeHtml} from '../src/search/text';

/** What a page is for; the same split as the search page's filters (guides, examples, CLI, SDK, Towerfile, API). */
export const SEARCH_KINDS = ['guide', 'example', 'cli', 'sdk', 'towerfile', 'api'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

export type DocsHit = {
  /** The heading of the matching section (the page title for a page's top section). */
  title: string;
  /** Absolute URL of the section on the site, anchor included. */
  url: string;
  /** Site path of the page, e.g. /docs/concepts/apps (what get_page takes). */
  page: string;
  /** Category, page title and the headings above the section. */
  breadcrumb: string[];
  /** Plain text around the first matching word, on one line. */
  snippet: string;
  kind: SearchKind;
};

export type DocsSearchResult = {total: number; hits: DocsHit[]};

const LEVELS = ['lvl0', 'lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'] as const;
/** Words of snippet text around the first match, as the /search page shows. */
const SNIPPET_WORDS = 30;

const KIND_RULES: Array<[RegExp, SearchKind]> = [
  [/^\/docs\/reference\/api\//, 'api'],
  [/^\/docs\/reference\/[^/]*-cli$/, 'cli'],
  [/^\/docs\/reference\/[^/]*-sdk$/, 'sdk'],
  [/^\/docs\/reference\/towerfile$/, 'towerfile'],
  [/^\/docs\/examples\//, 'example'],
];

/** What a page is, from its path; everything not matched (concepts, guides, category pages) is a guide. */
export function kindOfPage(page: string): SearchKind {
  return KIND_RULES.find(([pattern]) => pattern.test(page))?.[1] ?? 'guide';
}

function pathOf(url: string): string {
  return new URL(url).pathname;
}

function ownLevel(record: Pick<SearchRecord, 'hierarchy'>): (typeof LEVELS)[number] {
  let last: (typeof LEVELS)[number] = 'lvl1';
  for (const level of LEVELS.slice(1)) if (record.hierarchy[level]) last = level;
  return last;
}

export class DocsSearch {
  private constructor(private readonly engine: SearchEngine) {}

  /** The engine over the index the build wrote (build/search-index.json). */
  static fromIndexText(text: string): DocsSearch {
    return new DocsSearch(SearchEngine.fromPacked(JSON.parse(text) as PackedIndex));
  }

  /**
   * Ranks the query as the site's search does. With `kind`, only sections of
   * that kind of page count, in the same order the whole ranking gives them.
   */
  search(query: string, {kind, limit}: {kind?: SearchKind; limit: number}): DocsSearchResult {
    const request = {
      query,
      facetFilters: [...SEARCH.facetFilters],
      attributesToSnippet: [`content:${SNIPPET_WORDS}`],
      highlightPreTag: '',
      highlightPostTag: '',
      snippetEllipsisText: '…',
    };
    if (!kind) {
      const response = this.engine.search({...request, hitsPerPage: limit});
      return {total: response.nbHits, hits: response.hits.map(toDocsHit)};
    }
    // Rank once to learn how deep the wanted kind's first `limit` sections are,
    // then ask the engine for hits (snippets included) down to that depth only.
    const ranked = this.engine.rank(query, request.facetFilters);
    let total = 0;
    let depth = 0;
    ranked.forEach((entry, position) => {
      if (kindOfPage(pathOf(entry.record.url_without_anchor)) !== kind) return;
      total += 1;
      if (total <= limit) depth = position + 1;
    });
    if (total === 0) return {total, hits: []};
    const response = this.engine.search({...request, hitsPerPage: depth});
    const hits = response.hits.map(toDocsHit).filter((hit) => hit.kind === kind);
    return {total, hits: hits.slice(0, limit)};
  }

  /** The pages of the index: site path and title, in index order. */
  pages(): Array<{path: string; title: string}> {
    const seen = new Map<string, string>();
    for (const record of this.engine.records) {
      const page = pathOf(record.url_without_anchor);
      if (!seen.has(page)) seen.set(page, record.hierarchy.lvl1 ?? page);
    }
    return [...seen].map(([path, title]) => ({path, title}));
  }

  /** Heading text -> absolute URL of that section, for every section of one page. */
  sectionUrls(page: string): Map<string, string> {
    const urls = new Map<string, string>();
    for (const record of this.engine.records) {
      if (pathOf(record.url_without_anchor) !== page || record.type === 'lvl1') continue;
      const heading = record.hierarchy[ownLevel(record)];
      if (heading && !urls.has(heading)) urls.set(heading, record.url);
    }
    return urls;
  }
}

function toDocsHit(hit: SearchRecord & {_snippetResult?: {content?: {value: string}}}): DocsHit {
  const level = ownLevel(hit);
  const breadcrumb = LEVELS.slice(0, LEVELS.indexOf(level))
    .map((crumb) => hit.hierarchy[crumb])
    .filter((crumb): crumb is string => Boolean(crumb));
  const page = pathOf(hit.url_without_anchor);
  return {
    title: hit.hierarchy[level] ?? page,
    url: hit.url,
    page,
    breadcrumb,
    snippet: unescapeHtml(hit._snippetResult?.content?.value ?? '').replace(/\s+/g, ' ').trim(),
    kind: kindOfPage(page),
  };
}
