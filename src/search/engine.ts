/**
 * The local search engine: MiniSearch over the section records, answering
 * DocSearch-style requests with DocSearch-shaped hits. The browser (modal,
 * /search page, Ask AI panel), the relevance tests and the benchmark all run
 * queries through this one class.
 */
import MiniSearch, {type SearchResult} from 'minisearch';
import {HIERARCHY_LEVELS, type HierarchyLevel, type PackedIndex, type SearchRecord, unpackIndex} from './records';
import {highlight, normaliseTerm, sentences, snippet, splitWords, termsOf, type HighlightTags} from './text';

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

export type Ranked = {record: SearchRecord; score: number; terms: string[]; fields: Set<string>};

export type AnswerPart = {text: string; url: string; title: string; breadcrumb: string[]};
export type Answer = {question: string; parts: AnswerPart[]};

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

/**
 * Words found together beat words found apart: a section whose own heading is
 * the query ("tower login") or contains it as a phrase, or whose text names it
 * verbatim (an operation id such as describe-run-logs), ranks first.
 */
export function phraseBoost(phrase: string, raw: string, record: SearchRecord): number {
  if (!phrase.includes(' ')) return 1;
  const heading = termsOf(ownHeading(record)).join(' ');
  if (heading === phrase) return 3;
  if (` ${heading} `.includes(` ${phrase} `)) return 2;
  // A plain substring test keeps this cheap on long sections.
  const content = (record.content ?? '').toLowerCase();
  if (content.includes(raw) || content.includes(raw.replace(/ /g, '-'))) return 1.5;
  return 1;
}

type Yield = () => Promise<void>;

/** Gives the browser a turn: scheduler.yield() where it exists, else a macrotask. */
const yieldToBrowser: Yield = () => {
  const scheduler = (globalThis as {scheduler?: {yield?: () => Promise<void>}}).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
};

export class SearchEngine {
  readonly records: SearchRecord[];
  private readonly index: MiniSearch<IndexedDoc>;

  /** An engine with an empty index; `fromPacked` and `build` fill it. */
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

  private indexRecord(id: number): void {
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
   * Builds the index in slices of about `sliceMs`, giving the browser a turn
   * between slices. Indexing a thousand sections at once is a few hundred
   * milliseconds on a slow phone; in slices, taps and paints are never kept
   * waiting for more than one slice.
   */
  static async build(packed: PackedIndex, {sliceMs = 8, yieldTurn = yieldToBrowser}: {sliceMs?: number; yieldTurn?: Yield} = {}): Promise<SearchEngine> {
    const engine = new SearchEngine(unpackIndex(packed));
    let id = 0;
    while (id < engine.records.length) {
      const started = performance.now();
      do engine.indexRecord(id++);
      while (id < engine.records.length && performance.now() - started < sliceMs);
      if (id < engine.records.length) await yieldTurn();
    }
    return engine;
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
        const fields = new Set<string>();
        for (const matchedFields of Object.values(result.match)) for (const field of matchedFields) fields.add(field);
        const record = this.records[result.id];
        return {record, score: result.score * phraseBoost(phrase, raw, record), terms: result.terms, fields};
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

  /**
   * Ask AI in local mode: a short answer assembled from the best matching
   * sections, each part quoting the sentences that cover the question and
   * linking to its section. Nothing leaves the browser.
   */
  answer(question: string, facetFilters?: SearchRequest['facetFilters'], maxParts = 3): Answer {
    const ranked = this.rank(question, facetFilters);
    const questionTerms = new Set(termsOf(question));
    const parts: AnswerPart[] = [];
    const perPage = new Map<string, number>();
    for (const entry of ranked) {
      if (parts.length >= maxParts) break;
      const {record} = entry;
      const seen = perPage.get(record.url_without_anchor) ?? 0;
      if (seen >= 2) continue;
      const text = bestSentences(record.content ?? '', new Set([...entry.terms, ...questionTerms]));
      if (!text) continue;
      perPage.set(record.url_without_anchor, seen + 1);
      const breadcrumb = HIERARCHY_LEVELS.map((level) => record.hierarchy[level]).filter((v): v is string => Boolean(v));
      parts.push({text, url: record.url, title: breadcrumb[breadcrumb.length - 1], breadcrumb});
    }
    return {question, parts};
  }
}

function snippetSize(attributes: string[] | undefined): number {
  const content = attributes?.find((attribute) => attribute.startsWith('content'));
  const size = content ? Number(content.split(':')[1]) : NaN;
  return Number.isFinite(size) && size > 0 ? size : 20;
}

function toHit(entry: Ranked, tags: HighlightTags, contentWords: number, ellipsis: string): LocalHit {
  const {record, terms, fields} = entry;
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
  const type = !fields.has('title') && content && contentSnippet.matched ? 'content' : record.type;
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

/** The one or two sentences of a section that share the most terms with the question, in reading order. */
function bestSentences(content: string, wanted: Set<string>, maxChars = 320): string {
  const candidates = sentences(content)
    .map((sentence, position) => {
      const terms = new Set(termsOf(sentence));
      let score = 0;
      for (const term of wanted) {
        if (terms.has(term)) score += 1;
        else if (term.length >= 3 && [...terms].some((t) => t.startsWith(term))) score += 0.5;
      }
      return {sentence, position, score};
    })
    .filter((candidate) => candidate.score > 0);
  if (candidates.length === 0) return '';
  const chosen = [...candidates].sort((a, b) => b.score - a.score || a.position - b.position).slice(0, 2);
  chosen.sort((a, b) => a.position - b.position);
  let text = '';
  for (const {sentence} of chosen) {
    const next = text ? `${text} ${sentence}` : sentence;
    if (next.length > maxChars && text) break;
    text = next.length > maxChars ? `${next.slice(0, maxChars - 1).trimEnd()}…` : next;
  }
  return text;
}
