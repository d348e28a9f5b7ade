/**
 * The docs MCP server's only contact with the site's search engine
 * (src/search). Everything the server needs from it goes through this file:
 * loading the built index, ranking a query as the /search page ranks it
 * (pages, each with its best sections; the page kinds filter them), which
 * words of the query each section matched, and the sections of a page with
 * their anchors (for section reads and links into the reference pages). If
 * the engine's API changes, this is the file to fix.
 */
import {SEARCH} from '../src/constants';
import {groupByPage, SearchEngine, type Ranked} from '../src/search/engine';
import {KIND_FILTERS, kindFacetFilter, type KindFilterId} from '../src/search/kinds';
import type {PackedIndex, PageText, SearchRecord} from '../src/search/records';
import {ANSWER, MAIN_EXPANSION} from '../src/search/ranking';
import {trailSteps, titleLevel} from '../src/search/results';
import {termsOf} from '../src/search/text';

/** The /search page's filters: guides, examples, cli, sdk, towerfile, api. */
export const SEARCH_KINDS = KIND_FILTERS.map((filter) => filter.id) as [KindFilterId, ...KindFilterId[]];
export type SearchKind = KindFilterId;

const LEVELS = ['lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'] as const;
type Level = (typeof LEVELS)[number];

/** One section the engine ranked for a query. */
export type FoundSection = {
  /** Site path of the page, e.g. /docs/concepts/apps (what get_page takes). */
  page: string;
  /** The section's anchor; null for the page's top section (its title and introduction). */
  anchor: string | null;
  /** Absolute URL of the section, anchor included. */
  url: string;
  /** The section's heading (the page title for the top section). */
  title: string;
  /** Where the section sits: the page's breadcrumb trail, its title and the headings above the section. */
  breadcrumb: string[];
  /** The /search page filter the page falls under; null for pages no filter shows (category indexes). */
  kind: SearchKind | null;
  /** The engine's score for the section. */
  score: number;
  /** The words of the query the section matched (as themselves, a prefix, a typo or a synonym). */
  matched: string[];
};

export type FoundSections = {
  /** The words of the query the engine requires (the others only shape a question). */
  words: string[];
  /** Whether some section has every required word. */
  allWords: boolean;
  /** Required words that no ranked section has. */
  unmatched: string[];
  /** How many pages match, as the /search page counts them. */
  pages: number;
  /** Pages in rank order, each with its sections in rank order. */
  ranked: Array<{page: string; sections: FoundSection[]}>;
};

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
   * index file (the ranking needs no text; kept so the engine is whole).
   */
  static fromIndexText(text: string, readText: (file: string) => string): DocsSearch {
    return new DocsSearch(SearchEngine.fromPacked(JSON.parse(text) as PackedIndex, (file) => JSON.parse(readText(file)) as PageText));
  }

  /**
   * The sections matching a query, page by page, as the /search page ranks
   * them (with `kind`, as its filter of that name does), with the words each
   * one matched.
   */
  find(query: string, kind?: SearchKind): FoundSections {
    const facetFilters = [...SEARCH.facetFilters, ...(kind ? [kindFacetFilter(kind)!] : [])];
    // The engine says which of the query's words count, which each section has, and whether any has them all.
    const {ranked, queryWords: words, allWordsMatched} = this.engine.rankQuery(query, facetFilters);
    const pages = groupByPage(ranked).map((group) => ({
      page: pathOf(group.url),
      sections: group.sections.map((entry) => toFound(entry, entry.matchedWords)),
    }));
    const anywhere = new Set(pages.flatMap((group) => group.sections.flatMap((section) => section.matched)));
    // A word the ranked sections lack may still be on a page whose sections have too few of the others: look it up alone.
    const unmatched = words.filter((word) => !anywhere.has(word) && this.engine.rank(word, facetFilters).length === 0);
    return {
      words,
      allWords: allWordsMatched,
      unmatched,
      pages: pages.length,
      ranked: pages,
    };
  }

  /**
   * How much of a query a piece of a section has, as Ask AI weighs it: each of
   * the query's terms (its words, their synonyms and the docs' words for its
   * phrases) counted once, by how rare it is in the docs; a term the section's
   * headings already have counts less (the heading says which section it is,
   * the text gives what the query asks). Null when the headings have every
   * term: the query names the section ("tower schedules create"), and no
   * part of it answers more than another.
   */
  relevance(query: string, headings: string[]): ((text: string) => number) | null {
    const wanted = new Map<string, number>();
    for (const word of this.engine.plan(query, {complete: true}).words) {
      for (const {term, weight} of word.expansions) {
        if (weight >= MAIN_EXPANSION) wanted.set(term, Math.max(wanted.get(term) ?? 0, weight * this.engine.informativeness(term)));
      }
    }
    const headed = new Set(termsOf(headings.join(' ')));
    if ([...wanted.keys()].every((term) => headed.has(term))) return null;
    for (const [term, weight] of wanted) if (headed.has(term)) wanted.set(term, weight * ANSWER.headingTermWeight);
    return (text) => {
      let score = 0;
      for (const term of new Set(termsOf(text))) score += wanted.get(term) ?? 0;
      return score;
    };
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

  /** The sections of each page below its title, in page order: heading text and anchor. */
  sectionsByPage(): Map<string, Array<{heading: string; anchor: string | null}>> {
    const byPage = new Map<string, Array<{heading: string; anchor: string | null}>>();
    for (const record of this.engine.records) {
      if (record.type === 'lvl1') continue;
      const page = pathOf(record.url_without_anchor);
      const list = byPage.get(page) ?? [];
      list.push({heading: record.hierarchy[titleLevel(record)] ?? '', anchor: record.anchor});
      byPage.set(page, list);
    }
    return byPage;
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

function toFound({record, score}: Ranked, matched: string[]): FoundSection {
  const level = titleLevel(record) as Level;
  const headings = LEVELS.slice(0, LEVELS.indexOf(level))
    .map((crumb) => record.hierarchy[crumb])
    .filter((crumb): crumb is string => Boolean(crumb));
  const page = pathOf(record.url_without_anchor);
  return {
    page,
    anchor: record.type === 'lvl1' ? null : record.anchor,
    url: record.url,
    title: record.hierarchy[level] ?? page,
    breadcrumb: [...trailSteps(record), ...headings],
    kind: filterOf(record),
    score,
    matched,
  };
}
