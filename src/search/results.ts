/**
 * What the /search page shows, apart from React: the request it sends, its
 * heading and summary, and highlighted values split into plain and marked
 * parts. Highlighted values are untrusted (Algolia's or the local engine's):
 * each part is decoded to plain text and React renders it as text, so markup
 * in a query or a page never becomes an element.
 */
import type {FacetFilters, SearchRequest} from './engine';
import {unescapeHtml} from './text';

export const HIGHLIGHT_PRE = '\u0001';
export const HIGHLIGHT_POST = '\u0002';
export const HITS_PER_PAGE = 10;
const LEVELS = ['lvl0', 'lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'] as const;
type Level = (typeof LEVELS)[number];

export type Hit = {
  objectID: string;
  url: string;
  type: string;
  hierarchy: Record<string, string | null>;
  _highlightResult?: {hierarchy?: Record<string, {value: string}>};
  _snippetResult?: {content?: {value: string}};
};
export type ResultsPage = {hits: Hit[]; nbHits: number; nbPages: number; page: number};

/** The search request of one page of results (Algolia's parameters; the local engine reads the same). */
export function searchPageRequest(query: string, page: number, facetFilters: FacetFilters, indexName: string) {
  return {
    indexName,
    query,
    page,
    hitsPerPage: HITS_PER_PAGE,
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

export function searchSummary({query, pages, loading}: {query: string | null; pages: ResultsPage[]; loading: boolean}): string {
  if (query?.trim() && pages.length > 0) {
    const total = pages[0].nbHits;
    if (total === 0) return `No results for “${query}”.`;
    const shown = pages.reduce((count, page) => count + page.hits.length, 0);
    return `${total} ${total === 1 ? 'result' : 'results'}, showing ${shown}.`;
  }
  return loading ? 'Searching…' : '';
}

/** Whether "Show more results" applies. */
export function hasMorePages(pages: ResultsPage[]): boolean {
  return pages.length > 0 && pages.length < pages[0].nbPages;
}

/** A highlighted value as plain-text parts; `marked` parts sat between the highlight markers. */
export type Segment = {text: string; marked: boolean};

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

/** The levels above the title, for the breadcrumbs. */
export function crumbLevels(hit: Hit): Level[] {
  const title = titleLevel(hit);
  return LEVELS.slice(0, LEVELS.indexOf(title)).filter((level) => hit.hierarchy[level]);
}

/** A level's highlighted value, or its plain value when the hit has no highlight for it. */
export function levelValue(hit: Hit, level: Level): string {
  return hit._highlightResult?.hierarchy?.[level]?.value ?? hit.hierarchy[level] ?? '';
}
