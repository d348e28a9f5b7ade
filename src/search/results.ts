/**
 * What the /search page shows, apart from React: the request it sends, its
 * heading and summary, and highlighted values split into plain and marked
 * parts. Highlighted values are untrusted (Algolia's or the local engine's):
 * each part is decoded to plain text and React renders it as text, so markup
 * in a query or a page never becomes an element.
 */
import type {FacetFilters, SearchRequest} from './engine';
import {TRAIL_SEPARATOR} from './records';
import {unescapeHtml} from '../../lib/html';

const HIGHLIGHT_PRE = '\u0001';
const HIGHLIGHT_POST = '\u0002';
/** Pages per results page, and sections shown under each page (the modal shows the same, fewer pages). */
const HITS_PER_PAGE = 10;
export const SECTIONS_PER_PAGE = 3;
const LEVELS = ['lvl0', 'lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'] as const;
type Level = (typeof LEVELS)[number];

export type Hit = {
  objectID: string;
  url: string;
  url_without_anchor?: string;
  type: string;
  hierarchy: Record<string, string | null>;
  _highlightResult?: {hierarchy?: Record<string, {value: string}>};
  _snippetResult?: {content?: {value: string}};
};
export type ResultsPage = {hits: Hit[]; nbHits: number; nbPages: number; page: number; facets?: Record<string, Record<string, number>>};

/**
 * The search request of one page of results (Algolia's parameters; the local
 * engine reads the same). `grouped`: results are pages with their best
 * sections (the local engine; Algolia's `distinct` needs an index configured
 * for it, so Algolia mode gets sections and the page groups them itself).
 */
export function searchPageRequest(query: string, page: number, facetFilters: FacetFilters, indexName: string, grouped = true) {
  return {
    indexName,
    query,
    page,
    hitsPerPage: HITS_PER_PAGE,
    ...(grouped ? {distinct: SECTIONS_PER_PAGE, facets: ['kind']} : {}),
    facetFilters,
    attributesToRetrieve: ['hierarchy', 'content', 'anchor', 'url', 'url_without_anchor', 'type'],
    attributesToSnippet: ['content:30'],
    attributesToHighlight: LEVELS.map((level) => `hierarchy.${level}`),
    highlightPreTag: HIGHLIGHT_PRE,
    highlightPostTag: HIGHLIGHT_POST,
    snippetEllipsisText: '…',
  } satisfies SearchRequest & Record<string, unknown>;
}

export function searchHeading(query: string | null): string {
  return query ? `Search results for “${query}”` : 'Search the documentation';
}

/** The summary line: pages when results are pages (the local engine), else Algolia's count of results. */
export function searchSummary({
  query,
  pages,
  shown,
  loading,
  grouped,
}: {
  query: string | null;
  pages: ResultsPage[];
  shown: number;
  loading: boolean;
  grouped: boolean;
}): string {
  if (query?.trim() && pages.length > 0) {
    const total = pages[0].nbHits;
    if (total === 0) return `No results for “${query}”.`;
    const what = grouped ? (total === 1 ? 'page matches' : 'pages match') : total === 1 ? 'result' : 'results';
    return `${total} ${what}, showing ${shown}${grouped ? '' : ' pages'}.`;
  }
  return loading ? 'Searching…' : '';
}

/** A page of the results with its sections, in the order they came. */
export type PageGroup = {url: string; hits: Hit[]};

export function groupHits(hits: Hit[]): PageGroup[] {
  const groups = new Map<string, PageGroup>();
  for (const hit of hits) {
    const url = hit.url_without_anchor ?? hit.url.split('#')[0];
    const group = groups.get(url);
    if (group) {
      if (group.hits.length < SECTIONS_PER_PAGE && !group.hits.some((shown) => shown.objectID === hit.objectID)) group.hits.push(hit);
    } else {
      groups.set(url, {url, hits: [hit]});
    }
  }
  return [...groups.values()];
}

/** The breadcrumb steps of a page (lvl0 holds them joined), without the generic label of top-level pages. */
export function trailSteps(hit: Hit): string[] {
  const lvl0 = hit.hierarchy.lvl0;
  return lvl0 && lvl0 !== 'Documentation' ? lvl0.split(TRAIL_SEPARATOR) : [];
}

/** Whether a hit is its page's top section (the title and introduction). */
export function isPageTop(hit: Hit): boolean {
  return !hit.hierarchy.lvl2;
}

/** Whether "Show more results" applies. */
export function hasMorePages(pages: ResultsPage[]): boolean {
  return pages.length > 0 && pages.length < pages[0].nbPages;
}

/** A highlighted value as plain-text parts; `marked` parts sat between the highlight markers. */
type Segment = {text: string; marked: boolean};

export function segments(value: string): Segment[] {
  return value
    .split(new RegExp(`${HIGHLIGHT_PRE}|${HIGHLIGHT_POST}`))
    .map((part, i) => ({text: unescapeHtml(part), marked: i % 2 === 1}))
    .filter((segment) => segment.text);
}

/** The deepest heading level a hit has: its title. */
export function titleLevel(hit: Hit): Level {
  let last: Level = 'lvl1';
  for (const level of LEVELS.slice(1)) if (hit.hierarchy[level]) last = level;
  return last;
}

/** A level's highlighted value, or its plain value when the hit has no highlight for it. */
export function levelValue(hit: Hit, level: Level): string {
  return hit._highlightResult?.hierarchy?.[level]?.value ?? hit.hierarchy[level] ?? '';
}
