/**
 * The local search engine: a word index over the section records
 * (src/search/postings.ts), answering DocSearch-style requests with
 * DocSearch-shaped hits. The browser (modal,
 * /search page, Ask AI panel), the relevance tests and the benchmark all run
 * queries through this one class.
 *
 * The word index scores sections (BM25 over heading, parent headings and text);
 * the engine decides which terms to look up (src/search/query.ts: typos,
 * word beginnings, synonyms, identifiers), which sections count as matches
 * (all of the query's words, or, when no section has them all, most of
 * them), how much a page's kind counts for the query's intent, and, when
 * asked (Algolia's `distinct`), groups sections by page.
 *
 * The build indexes the records (`fromRecords`) and packs the result with
 * the records (`pack`); the browser loads that (`fromPacked`), which is
 * quick: no text is split or stemmed there, and a term's postings are read
 * when a query first looks it up. Ranking needs no section text;
 * the hits shown need it for their snippets, so a search is prepared
 * (`prepare`), the shown pages' text is loaded (`missingText`, `addText`)
 * and the hits are made (`respond`). `search` does both when the text is in.
 */
import type {PageKind} from './kinds';
import {indexWords, WordIndex, type WordMatch} from './postings';
import {planQuery, Vocabulary, type Intent, type IntentHints, type PlanOptions, type QueryPlan} from './query';
import {
  HIERARCHY_LEVELS,
  pageTexts,
  packRecords,
  unpackIndex,
  type HierarchyLevel,
  type IndexedPage,
  type PackedIndex,
  type PageText,
  type SearchRecord,
} from './records';
import {highlight, snippet, termsOf, type HighlightTags} from './text';

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
  /**
   * Algolia's distinct: with a number N (or true for 1), results are pages,
   * each with its best N sections; hitsPerPage and nbHits count pages.
   */
  distinct?: number | boolean;
  /** Facets to count (only `kind`): how many results of each value, before any filter on that facet. */
  facets?: string[];
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
  facets?: Record<string, Record<string, number>>;
};

/**
 * A ranked section: `terms` are the index terms it matched, `match` the fields
 * each matched in, `share` the part of the query's required words it has (1: all).
 */
export type Ranked = {
  record: SearchRecord;
  score: number;
  terms: string[];
  match: Record<string, string[]>;
  share: number;
  /** The part of the query's required words found in the section's heading or the headings above it (its place in the docs). */
  headingShare: number;
};

export type RankOptions = PlanOptions & {
  /** The share of the query's required words a section must have (default: all, or most when none has all). */
  minShare?: number;
};

/** Field weights: a word in the section's own heading counts most, body text least. */
export const FIELD_BOOST = {title: 5, path: 1.6, content: 1};

/** Document boost by the level of the heading that opens the section. */
export const LEVEL_BOOST: Record<string, number> = {lvl1: 1.8, lvl2: 1.25, lvl3: 1.05};

/**
 * How much a section counts by its page's kind, for each intent. A topic word
 * or a question is answered by guides and concepts; API operation pages, 85
 * near-identical pages that each repeat their resource's name, come first only
 * when the query names an operation. Category pages only list other pages.
 */
export const KIND_PRIOR: Record<Intent, Record<PageKind, number>> = {
  topic: {guide: 1.3, concept: 1.3, example: 0.9, cli: 1, sdk: 1, towerfile: 1, api: 0.45, category: 0.25},
  question: {guide: 1.4, concept: 1.4, example: 1, cli: 0.85, sdk: 0.85, towerfile: 0.85, api: 0.4, category: 0.2},
  identifier: {guide: 0.8, concept: 0.8, example: 0.7, cli: 1.4, sdk: 1.4, towerfile: 1.4, api: 1.1, category: 0.2},
  command: {guide: 0.9, concept: 0.9, example: 0.8, cli: 1.8, sdk: 1, towerfile: 1, api: 0.5, category: 0.2},
  operation: {guide: 0.7, concept: 0.7, example: 0.6, cli: 0.8, sdk: 0.8, towerfile: 0.8, api: 2.5, category: 0.2},
};

/** A page's score is its best section's, plus this share of its second best. */
const SECOND_SECTION_SHARE = 0.15;

/** Fewer pages than this match every word: sections one word short are shown too, after them. */
const FEW_PAGES = 3;

/** An API page's operation id: the last step of its route (create-secret). */
export function operationIdOf(record: SearchRecord): string {
  return record.url_without_anchor.slice(record.url_without_anchor.lastIndexOf('/') + 1);
}

/**
 * A query that names an operation, by its method and path ("GET /apps"), its
 * id ("create-secret") or its name ("create device login ticket"), wants that
 * operation's page: its top section wins over pages whose paths begin the
 * same way or whose text mentions the id (create-sandbox-secrets tells
 * readers to use create-secret).
 */
export function namedOperationBoost(plan: QueryPlan, record: SearchRecord): number {
  if (plan.operations.length === 0 || record.kind !== 'api' || record.type !== 'lvl1') return 1;
  return plan.operations.includes(operationIdOf(record)) ? 3 : 1;
}

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
  if (facet === 'kind') return record.kind ? [record.kind] : [];
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
 * the query ("tower login") or contains it as a phrase ranks first.
 */
export function headingPhraseBoost(phrase: string, record: SearchRecord): number {
  if (!phrase.includes(' ')) return 1;
  const heading = termsOf(ownHeading(record)).join(' ');
  if (heading === phrase) return 3;
  if (` ${heading} `.includes(` ${phrase} `)) return 2;
  return 1;
}

/** The URL of the page a record belongs to. */
const pageOf = (record: SearchRecord) => record.url_without_anchor;

/** Sections grouped by page, best page first; each page's sections best first. */
export type PageResult = {url: string; score: number; sections: Ranked[]};

export function groupByPage(ranked: Ranked[]): PageResult[] {
  const pages = new Map<string, PageResult>();
  for (const entry of ranked) {
    const url = pageOf(entry.record);
    const page = pages.get(url);
    if (page) page.sections.push(entry);
    else pages.set(url, {url, score: 0, sections: [entry]});
  }
  for (const page of pages.values()) page.score = page.sections[0].score + SECOND_SECTION_SHARE * (page.sections[1]?.score ?? 0);
  const isCategory = (page: PageResult) => Number(page.sections[0].record.kind === 'category');
  return [...pages.values()].sort((a, b) => isCategory(a) - isCategory(b) || b.score - a.score);
}

/** The pages of records that come from `pagesToRecords` (text files are named when packed). */
function pagesOfRecords(records: SearchRecord[]): IndexedPage[] {
  const {index} = packRecords(records, '', () => '');
  return unpackIndex(index).pages;
}

export class SearchEngine {
  readonly records: SearchRecord[];
  readonly pages: IndexedPage[];
  private readonly words: WordIndex;
  private readonly pageOfRecord: number[] = [];
  private readonly withText = new Set<number>();
  private lookup: {vocabulary: Vocabulary; hints: IntentHints} | null = null;

  private constructor(records: SearchRecord[], pages: IndexedPage[], words: WordIndex) {
    if (words.documentCount !== records.length) throw new Error(`Search index: ${records.length} sections but ${words.documentCount} in the word index.`);
    this.records = records;
    this.pages = pages;
    this.words = words;
    pages.forEach((page, position) => {
      for (const id of page.sections) this.pageOfRecord[id] = position;
      if (page.sections.some((id) => records[id].content !== null)) this.withText.add(position);
    });
  }

  /** Indexes records with their text (at build time, and in Node for tests and benchmarks). */
  static fromRecords(records: SearchRecord[]): SearchEngine {
    const words = indexWords(
      records.map((record) => ({title: termsOf(ownHeading(record)), path: termsOf(pathOf(record)), content: termsOf(record.content ?? '')})),
    );
    return new SearchEngine(records, pagesOfRecords(records), new WordIndex(words));
  }

  /**
   * Loads an index file: the records without their text and the word index
   * the build made. `texts`, when given (Node), supplies every page's text at
   * once; the browser adds it page by page (`addText`).
   */
  static fromPacked(packed: PackedIndex, texts?: (file: string) => PageText | undefined): SearchEngine {
    const {records, pages} = unpackIndex(packed);
    const engine = new SearchEngine(records, pages, new WordIndex(packed.words));
    if (texts) {
      pages.forEach((page, position) => {
        const text = texts(page.textFile);
        if (text) engine.addText(position, text);
      });
    }
    return engine;
  }

  /**
   * The index file and the pages' text files of these records (the build):
   * `textFileOf` names each page's text file (the plugin: by a hash of it).
   */
  pack(site: string, textFileOf: (text: PageText, position: number) => string): {index: PackedIndex; texts: Map<string, PageText>} {
    const {index, texts} = packRecords(this.records, site, textFileOf);
    return {index: {...index, words: this.words.packed}, texts};
  }

  /** Fills in the text of the page at `position` from its text file (refused if it does not fit the page). */
  addText(position: number, text: unknown): void {
    pageTexts(this.records, this.pages[position], text);
    this.withText.add(position);
  }

  /** The pages (positions) of these sections whose text is not in yet. */
  missingText(entries: Array<Ranked | SearchRecord>): number[] {
    const missing = new Set<number>();
    for (const entry of entries) {
      const record = 'record' in entry ? entry.record : entry;
      const position = this.pageOfRecord[Number(record.objectID)];
      if (position !== undefined && !this.withText.has(position)) missing.add(position);
    }
    return [...missing];
  }

  /** The vocabulary and the facts the query's intent depends on, built on the first query. */
  private lookups(): {vocabulary: Vocabulary; hints: IntentHints} {
    if (this.lookup) return this.lookup;
    const hints: IntentHints = {operations: []};
    this.pages.forEach((page) => {
      const top = this.records[page.sections[0]];
      if (!top || top.kind !== 'api' || top.type !== 'lvl1') return;
      const id = operationIdOf(top);
      hints.operations.push({id, names: [termsOf(top.hierarchy.lvl1 ?? ''), termsOf(id.replace(/-/g, ' '))], endpoint: page.endpoint});
    });
    this.lookup = {vocabulary: new Vocabulary(this.words.terms), hints};
    return this.lookup;
  }

  /** What the engine looks up for a query (exposed for tests and Ask AI). */
  plan(query: string, options?: PlanOptions): QueryPlan {
    const {vocabulary, hints} = this.lookups();
    return planQuery(query, vocabulary, hints, options);
  }

  /**
   * Ranks sections for a query. A section matches when it has every required
   * word of the query (as itself, a word it begins, a typo of it or a synonym);
   * when none has them all, sections with most of them match, ranked lower the
   * fewer they have.
   */
  rank(query: string, facetFilters?: SearchRequest['facetFilters'], {minShare, ...planOptions}: RankOptions = {}): Ranked[] {
    const plan = this.plan(query, planOptions);
    const weights = new Map<string, number>();
    for (const word of plan.words) {
      for (const {term, weight} of word.expansions) weights.set(term, Math.max(weight, weights.get(term) ?? 0));
    }
    if (weights.size === 0) return [];
    const groups = parseFacetFilters(facetFilters);
    const filter = groups.length ? (id: number) => matchesFacets(this.records[id], groups) : undefined;
    // A page's own top section (its title and introduction) outranks deep sections.
    const results = this.words.search(weights, FIELD_BOOST, (id) => LEVEL_BOOST[this.records[id].type] ?? 1, filter);

    const required = plan.words.filter((word) => word.required && word.expansions.length > 0);
    const missing = plan.words.filter((word) => word.required && word.expansions.length === 0).length;
    const wanted = required.length + missing;
    const coverage = (result: WordMatch) => {
      const found = new Set(result.terms);
      return required.filter((word) => word.expansions.some((expansion) => found.has(expansion.term))).length;
    };
    const inHeadings = (result: WordMatch) =>
      required.filter((word) => word.expansions.some(({term}) => result.match[term]?.some((field) => field !== 'content'))).length;
    const covered = results.map(coverage);
    const best = Math.max(0, ...covered);
    let enough: number;
    if (minShare !== undefined) {
      // The caller decides how much of the query is enough (Ask AI: most of a question's words).
      enough = Math.max(1, Math.ceil(wanted * minShare));
    } else if (best === wanted) {
      // Every word; and when that leaves only a page or two, the sections one word short as well.
      const fullPages = new Set(results.filter((_, i) => covered[i] === wanted).map((result) => pageOf(this.records[result.id])));
      enough = fullPages.size < FEW_PAGES && wanted >= 2 ? wanted - 1 : wanted;
    } else {
      // No section has them all: most of them (for long queries, one short of the most any section has).
      enough = Math.max(1, best - (wanted >= 4 ? 1 : 0));
    }
    const phrase = termsOf(query).join(' ');
    const ranked: Ranked[] = [];
    results.forEach((result, i) => {
      if (wanted > 0 && covered[i] < enough) return;
      const record = this.records[result.id];
      const share = wanted > 0 ? covered[i] / wanted : 1;
      const kind = record.kind ? KIND_PRIOR[plan.intent][record.kind] : 1;
      const score = result.score * share * share * kind * headingPhraseBoost(phrase, record) * namedOperationBoost(plan, record);
      ranked.push({record, score, terms: result.terms, match: result.match, share, headingShare: wanted > 0 ? inHeadings(result) / wanted : 0});
    });
    // Category pages list other pages' descriptions: they come after every page with content of its own.
    return ranked.sort((a, b) => Number(a.record.kind === 'category') - Number(b.record.kind === 'category') || b.score - a.score);
  }

  /** Ranks and pages one DocSearch/Algolia search request; `respond` makes its hits. */
  prepare(request: SearchRequest): PreparedSearch {
    const started = Date.now();
    const hitsPerPage = Math.max(0, Math.min(request.hitsPerPage ?? 20, 1000));
    const page = Math.max(0, request.page ?? 0);
    const sectionsPerPage = request.distinct === true ? 1 : typeof request.distinct === 'number' && request.distinct > 0 ? request.distinct : 0;
    const kindGroups = request.facets?.includes('kind') ? withoutFacet(request.facetFilters, 'kind') : null;
    const ranked = this.rank(request.query ?? '', request.facetFilters);
    let shown: Ranked[];
    let total: number;
    if (sectionsPerPage) {
      const pages = groupByPage(ranked);
      total = pages.length;
      shown = pages.slice(page * hitsPerPage, (page + 1) * hitsPerPage).flatMap((result) => result.sections.slice(0, sectionsPerPage));
    } else {
      total = ranked.length;
      shown = ranked.slice(page * hitsPerPage, (page + 1) * hitsPerPage);
    }
    let facets: SearchResponse['facets'];
    if (kindGroups) {
      // Counted without the kind filter, so a filter shows how many results choosing it would give.
      const unfiltered = kindGroups === request.facetFilters ? ranked : this.rank(request.query ?? '', kindGroups);
      const units = sectionsPerPage ? groupByPage(unfiltered).map((result) => result.sections[0]) : unfiltered;
      const counts: Record<string, number> = {};
      for (const {record} of units) if (record.kind) counts[record.kind] = (counts[record.kind] ?? 0) + 1;
      facets = {kind: counts};
    }
    return {request, started, shown, total, page, hitsPerPage, facets};
  }

  /** The response to a prepared request, its hits' snippets from whatever text is in. */
  respond({request, started, shown, total, page, hitsPerPage, facets}: PreparedSearch): SearchResponse {
    const tags: HighlightTags = {
      pre: request.highlightPreTag ?? DEFAULT_TAGS.pre,
      post: request.highlightPostTag ?? DEFAULT_TAGS.post,
    };
    const contentWords = snippetSize(request.attributesToSnippet);
    const ellipsis = request.snippetEllipsisText ?? '…';
    const response: SearchResponse = {
      hits: shown.map((entry) => toHit(entry, tags, contentWords, ellipsis)),
      nbHits: total,
      page,
      nbPages: hitsPerPage ? Math.ceil(total / hitsPerPage) : 0,
      hitsPerPage,
      query: request.query ?? '',
      params: '',
      processingTimeMS: Date.now() - started,
      exhaustiveNbHits: true,
    };
    if (facets) response.facets = facets;
    return response;
  }

  /** Answers one DocSearch/Algolia search request at once (with the text that is in). */
  search(request: SearchRequest): SearchResponse {
    return this.respond(this.prepare(request));
  }
}

/** A request ranked and paged: the sections to show, before their hits are made. */
export type PreparedSearch = {
  request: SearchRequest;
  started: number;
  shown: Ranked[];
  total: number;
  page: number;
  hitsPerPage: number;
  facets?: SearchResponse['facets'];
};

/** The facet filters without any group that filters on `facet`. */
function withoutFacet(filters: SearchRequest['facetFilters'], facet: string): SearchRequest['facetFilters'] {
  const groups = parseFacetFilters(filters);
  const kept = groups.filter((group) => !group.some((filter) => filter.replace(/^-/, '').split(':')[0] === facet));
  return kept.length === groups.length ? filters : kept;
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
  // The text is highlighted within its snippet only: whole sections can be long, and nothing shows more.
  const contentSnippet = snippet(content, matched, tags, contentWords, ellipsis);
  // A hit found only in body text is shown as a content hit with its snippet.
  const inTitle = Object.values(match).some((fields) => fields.includes('title'));
  const type = !inTitle && content && contentSnippet.words.length ? 'content' : record.type;
  return {
    ...record,
    type,
    _highlightResult: {
      hierarchy,
      hierarchy_camel: [hierarchy],
      content: {
        value: contentSnippet.value,
        matchLevel: contentSnippet.words.length ? 'partial' : 'none',
        matchedWords: contentSnippet.words,
      },
    },
    _snippetResult: {
      hierarchy: snippetHierarchy,
      hierarchy_camel: [snippetHierarchy],
      content: {value: contentSnippet.value, matchLevel: contentSnippet.words.length ? 'partial' : 'none'},
    },
  };
}

/** Gives the browser a turn: scheduler.yield() where it exists, else a macrotask. */
function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as {scheduler?: {yield?: () => Promise<void>}}).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * The engine of an index file, in the browser: after a turn for the browser
 * (the file has just been parsed), loading the word index the build made is
 * one short task.
 */
export async function buildEngine(packed: PackedIndex): Promise<SearchEngine> {
  await yieldToBrowser();
  return SearchEngine.fromPacked(packed);
}
