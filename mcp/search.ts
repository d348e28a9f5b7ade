/**
 * The docs MCP server's only contact with the site's search engine
 * (src/search). Everything the server needs from it goes through this file:
 * loading the built index, asking it what the /search page asks (results are
 * pages, each with its best sections, and the page kinds filter them), and
 * the sections of a page with their anchors (for links into the reference
 * pages). If the engine's API changes, this is the file to fix.
 */
import {SEARCH} from '../src/constants';
import {SearchEngine} from '../src/search/engine';
import {KIND_FILTERS, kindFacetFilter, type KindFilterId} from '../src/search/kinds';
import type {PackedIndex, PageText, SearchRecord} from '../src/search/records';
import {SECTIONS_PER_PAGE, trailSteps, titleLevel} from '../src/search/results';
import {unescapeHtml} from '../lib/html';

/** The /search page's filters: guides, examples, cli, sdk, towerfile, api. */
export const SEARCH_KINDS = KIND_FILTERS.map((filter) => filter.id) as [KindFilterId, ...KindFilterId[]];
export type SearchKind = KindFilterId;

export type DocsHit = {
  /** The heading of the matching section (the page title for a page's top section). */
  title: string;
  /** Absolute URL of the section on the site, anchor included. */
  url: string;
  /** Site path of the page, e.g. /docs/concepts/apps (what get_page takes). */
  page: string;
  /** Where the page sits, its title and the headings above the section. */
  breadcrumb: string[];
  /** Plain text around the first matching word, on one line. */
  snippet: string;
  /** The /search page filter the page falls under; null for pages no filter shows (category indexes). */
  kind: SearchKind | null;
};

/** `pages`: how many pages match in all; the hits are their best sections, page by page. */
export type DocsSearchResult = {pages: number; hits: DocsHit[]};

/** Words of snippet text around the first match, as the /search page shows. */
const SNIPPET_WORDS = 30;

function pathOf(url: string): string {
  return new URL(url).pathname;
}

function filterOf(record: Pick<SearchRecord, 'kind'>): SearchKind | null {
  return KIND_FILTERS.find((filter) => (filter.kinds as readonly string[]).includes(record.kind ?? ''))?.id ?? null;
}

export class DocsSearch {
  private constructor(private readonly engine: SearchEngine) {}

  /**
   * The engine over the index the build wrote (build/search-index.json) and
   * every page's text file, read by `readText` from its path relative to the
   * index file (snippets need the text; the browser loads it page by page).
   */
  static fromIndexText(text: string, readText: (file: string) => string): DocsSearch {
    return new DocsSearch(SearchEngine.fromPacked(JSON.parse(text) as PackedIndex, (file) => JSON.parse(readText(file)) as PageText));
  }

  /**
   * The first `limit` pages for a query, as the /search page ranks them (with
   * `kind`, as its filter of that name does), each with up to
   * SECTIONS_PER_PAGE of its best sections.
   */
  search(query: string, {kind, limit}: {kind?: SearchKind; limit: number}): DocsSearchResult {
    const response = this.engine.search({
      query,
      hitsPerPage: limit,
      distinct: SECTIONS_PER_PAGE,
      facetFilters: [...SEARCH.facetFilters, ...(kind ? [kindFacetFilter(kind)!] : [])],
      attributesToSnippet: [`content:${SNIPPET_WORDS}`],
      highlightPreTag: '',
      highlightPostTag: '',
      snippetEllipsisText: '…',
    });
    return {pages: response.nbHits, hits: response.hits.map(toDocsHit)};
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
      const heading = record.hierarchy[titleLevel(record)];
      if (heading && !urls.has(heading)) urls.set(heading, record.url);
    }
    return urls;
  }
}

function toDocsHit(hit: SearchRecord & {_snippetResult?: {content?: {value: string}}}): DocsHit {
  const level = titleLevel(hit);
  const headings = (['lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'] as const)
    .slice(0, ['lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'].indexOf(level))
    .map((crumb) => hit.hierarchy[crumb])
    .filter((crumb): crumb is string => Boolean(crumb));
  const page = pathOf(hit.url_without_anchor);
  return {
    title: hit.hierarchy[level] ?? page,
    url: hit.url,
    page,
    breadcrumb: [...trailSteps(hit), ...headings],
    snippet: unescapeHtml(hit._snippetResult?.content?.value ?? '')
      .replace(/\s+/g, ' ')
      .trim(),
    kind: filterOf(hit),
  };
}
