/**
 * What the /search page draws, in one place for its two painters: the React
 * page (src/theme/SearchPage) and the script that draws the first results
 * before React has loaded (src/search/firstPaint.ts). Both send the same
 * request and turn the answer into the same heading, summary and results
 * markup, so the page React hydrates is exactly the page already on screen.
 *
 * Highlighted values are treated as untrusted: each part between the
 * highlight markers is decoded and escaped again, and only the <mark> tags
 * this module writes are markup. Markup in a query or a page is shown as text.
 */
import type {SearchRequest} from './engine';
import {escapeHtml, unescapeHtml} from './text';

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
export type FacetFilters = Array<string | string[]>;

/** CSS module class names of the results (from the page's styles). */
export type ResultClasses = {result: string; resultTitle: string; breadcrumbs: string; snippet: string};

/** Written on the results container by the React page; read by the first-paint script. */
export type FirstPaintSettings = {classes: ResultClasses; facetFilters: FacetFilters};
export const FIRST_PAINT_ATTRIBUTE = 'data-first-paint';

/**
 * What the first-paint script drew before hydration; the React page starts
 * from it. `page` is null while (or if) the results are not drawn: the
 * heading and the box already show the query.
 */
export type FirstResults = {query: string; filtersKey: string; page: ResultsPage | null};

declare global {
  interface Window {
    /** Set by the first-paint script: the page's JavaScript starts once this settles (src/ssrTemplate.ts). */
    __towerHydrateAfter?: Promise<unknown>;
    __towerFirstResults?: FirstResults;
  }
}

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

export function searchSummary({query, error, pages, loading}: {query: string | null; error: string | null; pages: ResultsPage[]; loading: boolean}): string {
  if (error) return `Search failed: ${error}`;
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

/** An escaped, marker-highlighted value as safe HTML with <mark> elements. */
export function markedHtml(value: string): string {
  return value
    .split(new RegExp(`${HIGHLIGHT_PRE}|${HIGHLIGHT_POST}`))
    .map((part, i) => {
      const text = escapeHtml(unescapeHtml(part));
      // Odd positions sit between an opening and a closing marker.
      return i % 2 === 1 ? `<mark>${text}</mark>` : text;
    })
    .join('');
}

function titleLevel(hit: Hit): Level {
  let last: Level = 'lvl1';
  for (const level of LEVELS.slice(1)) if (hit.hierarchy[level]) last = level;
  return last;
}

function levelHtml(hit: Hit, level: Level): string {
  return markedHtml(hit._highlightResult?.hierarchy?.[level]?.value ?? escapeHtml(hit.hierarchy[level] ?? ''));
}

/** The results as HTML: title link, breadcrumbs and snippet for each hit. */
export function resultsHtml(hits: Hit[], classes: ResultClasses, processUrl: (url: string) => string): string {
  return hits
    .map((hit) => {
      const level = titleLevel(hit);
      const crumbs = LEVELS.slice(0, LEVELS.indexOf(level)).filter((crumb) => hit.hierarchy[crumb]);
      const snippet = hit._snippetResult?.content?.value;
      const breadcrumbs = crumbs.length
        ? `<div class="${classes.breadcrumbs}"><ul class="breadcrumbs">${crumbs
            .map((crumb) => `<li class="breadcrumbs__item"><span class="breadcrumbs__link">${levelHtml(hit, crumb)}</span></li>`)
            .join('')}</ul></div>`
        : '';
      return (
        `<article class="${classes.result}">` +
        `<h2 class="${classes.resultTitle}"><a href="${escapeHtml(processUrl(hit.url))}">${levelHtml(hit, level)}</a></h2>` +
        breadcrumbs +
        (snippet ? `<p class="${classes.snippet}">${markedHtml(snippet)}</p>` : '') +
        `</article>`
      );
    })
    .join('');
}

/** The first results drawn for this query and these filters, if the first-paint script drew them. */
export function firstResultsFor(query: string | null, filtersKey: string): FirstResults | null {
  if (typeof window === 'undefined' || !query) return null;
  const first = window.__towerFirstResults;
  return first && first.query === query && first.filtersKey === filtersKey ? first : null;
}
