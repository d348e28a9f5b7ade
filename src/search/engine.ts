/**
 * The local search engine: MiniSearch over the section records, answering
 * DocSearch-style requests with DocSearch-shaped hits. The browser (modal,
 * /search page, Ask AI panel), the relevance tests and the benchmark all run
 * queries through this one class.
 */
import MiniSearch, {type SearchResult} from 'minisearch';
import {HIERARCHY_LEVELS, type HierarchyLevel, type PackedIndex, type SearchRecord, unpackIndex} from './records';
import {highlight, normaliseTerm, snippet, splitWords, termsOf, type HighlightTags} from './text';

export type FacetFilters = Array<string | string[]>;

export type SearchRequest = {
  query: string;
  page?: number;
  hitsPerPage?: number;
  facetFilters?: FacetFilters | string;
  attributesToSnippet?: string[];
  highlightPreTag?: string;
  highlightPostTag?: string;
  snippetEllipsisText?: string;
};

type Highlighted = {value: string; matchLevel: 'full' | 'partial' | 'none'; matchedWords: string[]};

export type LocalHit = Omit<SearchRecord, 'type'> & {
  type: SearchRecord['type'];
  _highlightResult: {
    hierarchy: Partial<Record<HierarchyLevel, Highlighted>>;
    hierarchy_camel: Array<Partial<Record<HierarchyLevel, Highlighted>>>;
    content: Highlighted;
  };
  _snippetResult: {
    hierarchy: Partial<Record<HierarchyLevel, {value: string; matchLevel: Highlighted['matchLevel']}>>;
    hierarchy_camel: Array<Partial<Record<HierarchyLevel, {value: string; matchLevel: Highlighted['matchLevel']}>>>;
    content: {value: string; matchLevel: Highlighted['matchLevel']};
  };
};

export type SearchResponse = {
  hits: LocalHit[];
  nbHits: number;
  page: number;
  nbPages: number;
  hitsPerPage: number;
  query: string;
  params: string;
  processingTimeMS: number;
  exhaustiveNbHits: true;
};

/** A ranked section: `terms` are the index terms it matched, `match` the fields each matched in. */
export type Ranked = {record: SearchRecord; score: number; terms: string[]; match: Record<string, string[]>};

type IndexedDoc = {id: number; title: string; path: string; content: string};

/** Field weights: a word in the section's own heading counts most, body text least. */
export const FIELD_BOOST = {title: 5, path: 1.6, content: 1};

/** Document boost by the level of the heading that opens the section. */
export const LEVEL_BOOST: Record<string, number> = {lvl1: 1.8, lvl2: 1.25, lvl3: 1.05};

const DEFAULT_TAGS: HighlightTags = {pre: '<mark>', post: '</mark>'};

function ownHeading(record: SearchRecord): string {
  const level = record.type === 'content' ? 'lvl1' : record.type;
  return record.hierarchy[level] ?? record.hierarchy.lvl1 ?? '';
}

function pathOf(record: SearchRecord): string {
  const parts: string[] = [];
  for (const level of HIERARCHY_LEVELS) {
    if (level === record.type) break;
    const value = record.hierarchy[level];
    if (value) parts.push(value);
  }
  return parts.join(' ');
}

function parseFacetFilters(filters: SearchRequest['facetFilters']): string[][] {
  if (!filters) return [];
  const list = typeof filters === 'string' ? JSON.parse(filters) : filters;
  return (list as FacetFilters).map((group) => (Array.isArray(group) ? group : [group]));
}

function facetValues(record: SearchRecord, facet: string): string[] {
  if (facet === 'language') return [record.language];
  if (facet === 'docusaurus_tag') return record.docusaurus_tag;
  if (facet === 'type') return [record.type];
  return [];
}

/** Every group must match; within a group any value may match (Algolia's semantics). */
export function matchesFacets(record: SearchRecord, groups: string[][]): boolean {
  return groups.every((group) =>
    group.some((filter) => {
      const negated = filter.startsWith('-');
      const [facet, ...rest] = (negated ? filter.slice(1) : filter).split(':');
      const has = facetValues(record, facet).includes(rest.join(':'));
      return negated ? !has : has;
    }),
  );
}

/** The boost of a section whose text names the query verbatim (see phraseBoost). */
export const TEXT_PHRASE_BOOST = 1.5;

/**
 * Words found together beat words found apart: a section whose own heading is
 * the query ("tower login") or contains it as a phrase, or whose text names it
 * verbatim (an operation id such as describe-run-logs), ranks first.
 */
export function phraseBoost(phrase: string, raw: string, record: SearchRecord): number {
  if (!phrase.includes(' ')) return 1;
  const fromHeading = headingPhraseBoost(phrase, record);
  if (fromHeading > 1) return fromHeading;
  // A plain substring test keeps this cheap on long sections.
  const content = (record.content ?? '').toLowerCase();
  if (content.includes(raw) || content.includes(raw.replace(/ /g, '-'))) return TEXT_PHRASE_BOOST;
  return 1;
}

/** The part of phraseBoost that reads the section's own heading only. */
export function headingPhraseBoost(phrase: string, record: SearchRecord): number {
  const heading = termsOf(ownHeading(record)).join(' ');
  if (heading === phrase) return 3;
  if (` ${heading} `.includes(` ${phrase} `)) return 2;
  return 1;
}

export class SearchEngine {
  readonly records: SearchRecord[];
  private readonly index: MiniSearch<IndexedDoc>;

  private constructor(records: SearchRecord[]) {
    this.records = records;
    this.index = new MiniSearch<IndexedDoc>({
      fields: ['title', 'path', 'content'],
      storeFields: [],
      tokenize: splitWords,
      processTerm: normaliseTerm,
      searchOptions: {
        boost: FIELD_BOOST,
        // "sched" finds schedule; short fragments would match too much.
        prefix: (term) => term.length >= 3,
        // One typo from five letters on ("scedule"), two from nine.
        fuzzy: (term) => (term.length >= 9 ? 2 : term.length >= 5 ? 1 : false),
        weights: {fuzzy: 0.4, prefix: 0.5},
        // A page's own top section (its title and introduction) outranks deep sections.
        boostDocument: (id) => LEVEL_BOOST[this.records[id as number]?.type] ?? 1,
      },
    });
  }

  /** An engine over `records` with an empty index; `indexRecord` fills it (see buildEngine). */
  static empty(records: SearchRecord[]): SearchEngine {
    return new SearchEngine(records);
  }

  /** Adds the record at position `id` to the index. */
  indexRecord(id: number): void {
    const record = this.records[id];
    this.index.add({id, title: ownHeading(record), path: pathOf(record), content: record.content ?? ''});
  }

  /** Builds the whole index at once (Node: tests, benchmarks). */
  static fromRecords(records: SearchRecord[]): SearchEngine {
    const engine = new SearchEngine(records);
    for (let id = 0; id < records.length; id += 1) engine.indexRecord(id);
    return engine;
  }

  static fromPacked(packed: PackedIndex): SearchEngine {
    return SearchEngine.fromRecords(unpackIndex(packed));
  }

  /**
   * Ranks sections for a query: every word must match (with prefixes and
   * typos allowed); if that finds nothing, any word may match.
   */
  rank(query: string, facetFilters?: SearchRequest['facetFilters']): Ranked[] {
    if (termsOf(query).length === 0) return [];
    const groups = parseFacetFilters(facetFilters);
    const filter = groups.length ? (result: SearchResult) => matchesFacets(this.records[result.id], groups) : undefined;
    let results = this.index.search(query, {combineWith: 'AND', filter});
    if (results.length === 0) results = this.index.search(query, {combineWith: 'OR', filter});
    const phrase = termsOf(query).join(' ');
    const raw = query.toLowerCase().trim().replace(/\s+/g, ' ');
    return results
      .map((result) => {
        const record = this.records[result.id];
        return {record, score: result.score * phraseBoost(phrase, raw, record), terms: result.terms, match: result.match};
      })
      .sort((a, b) => b.score - a.score);
  }

  /** Answers one DocSearch/Algolia search request. */
  search(request: SearchRequest): SearchResponse {
    const started = Date.now();
    const hitsPerPage = Math.max(1, Math.min(request.hitsPerPage ?? 20, 1000));
    const page = Math.max(0, request.page ?? 0);
    const ranked = this.rank(request.query ?? '', request.facetFilters);
    const tags: HighlightTags = {
      pre: request.highlightPreTag ?? DEFAULT_TAGS.pre,
      post: request.highlightPostTag ?? DEFAULT_TAGS.post,
    };
    const contentWords = snippetSize(request.attributesToSnippet);
    const ellipsis = request.snippetEllipsisText ?? '…';
    const hits = ranked
      .slice(page * hitsPerPage, (page + 1) * hitsPerPage)
      .map((entry) => toHit(entry, tags, contentWords, ellipsis));
    return {
      hits,
      nbHits: ranked.length,
      page,
      nbPages: Math.ceil(ranked.length / hitsPerPage),
      hitsPerPage,
      query: request.query ?? '',
      params: '',
      processingTimeMS: Date.now() - started,
      exhaustiveNbHits: true,
    };
  }

}

function snippetSize(attributes: string[] | undefined): number {
  const content = attributes?.find((attribute) => attribute.startsWith('content'));
  const size = content ? Number(content.split(':')[1]) : NaN;
  return Number.isFinite(size) && size > 0 ? size : 20;
}

function toHit(entry: Ranked, tags: HighlightTags, contentWords: number, ellipsis: string): LocalHit {
  const {record, terms, match} = entry;
  const matched = new Set(terms);
  const hierarchy: LocalHit['_highlightResult']['hierarchy'] = {};
  const snippetHierarchy: LocalHit['_snippetResult']['hierarchy'] = {};
  for (const level of HIERARCHY_LEVELS) {
    const value = record.hierarchy[level];
    if (value === null) continue;
    const {value: html, words} = highlight(value, matched, tags);
    const matchLevel = words.length === 0 ? 'none' : words.length >= matched.size ? 'full' : 'partial';
    hierarchy[level] = {value: html, matchLevel, matchedWords: words};
    snippetHierarchy[level] = {value: html, matchLevel};
  }
  const content = record.content ?? '';
  const contentHighlight = highlight(content, matched, tags);
  const contentSnippet = snippet(content, matched, tags, contentWords, ellipsis);
  // A hit found only in body text is shown as a content hit with its snippet.
  const inTitle = Object.values(match).some((fields) => fields.includes('title'));
  const type = !inTitle && content && contentSnippet.matched ? 'content' : record.type;
  return {
    ...record,
    type,
    _highlightResult: {
      hierarchy,
      hierarchy_camel: [hierarchy],
      content: {
        value: contentHighlight.value,
        matchLevel: contentHighlight.words.length ? 'partial' : 'none',
        matchedWords: contentHighlight.words,
      },
    },
    _snippetResult: {
      hierarchy: snippetHierarchy,
      hierarchy_camel: [snippetHierarchy],
      content: {value: contentSnippet.value, matchLevel: contentSnippet.matched ? 'partial' : 'none'},
    },
  };
}

type Yield = () => Promise<void>;

/** Gives the browser a turn: scheduler.yield() where it exists, else a macrotask. */
const yieldToBrowser: Yield = () => {
  const scheduler = (globalThis as {scheduler?: {yield?: () => Promise<void>}}).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
};

/**
 * Builds the index in slices of about `sliceMs`, giving the browser a turn
 * between slices. Indexing a thousand sections at once is a few hundred
 * milliseconds on a slow phone; in slices, taps and paints are never kept
 * waiting for more than one slice.
 */
export async function buildEngine(packed: PackedIndex, {sliceMs = 8, yieldTurn = yieldToBrowser}: {sliceMs?: number; yieldTurn?: Yield} = {}): Promise<SearchEngine> {
  const engine = SearchEngine.empty(unpackIndex(packed));
  let id = 0;
  while (id < engine.records.length) {
    const started = performance.now();
    do engine.indexRecord(id++);
    while (id < engine.records.length && performance.now() - started < sliceMs);
    if (id < engine.records.length) await yieldTurn();
  }
  return engine;
}
