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
import {indexWords, WordIndex, type WordMatch} from './postings';
import {planQuery, Vocabulary, type IntentHints, type PlanOptions, type QueryPlan} from './query';
import {
  FEW_PAGES,
  FIELD_BOOST,
  HEADING_ANSWER,
  HEADING_PHRASE_BOOST,
  KIND_PRIOR,
  LEVEL_BOOST,
  LONG_QUERY_WORDS,
  NAMED_OPERATION_BOOST,
  SECOND_SECTION_SHARE,
  MAIN_EXPANSION,
  QUESTION_LEVEL_BOOST,
  QUESTION_SPARE_WORD_FROM,
  SIGNPOST_SECTION,
} from './ranking';
import {
  HIERARCHY_LEVELS,
  ownHeading,
  pageBlocks,
  pageTexts,
  packRecords,
  unpackIndex,
  type HierarchyLevel,
  type IndexedPage,
  type PackedIndex,
  type PageBlocks,
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
  /** Which of the response's `queryWords` this section has. */
  _matchedWords: string[];
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
  /** The query's required words as typed (what `_matchedWords` of each hit is taken from); filler words are not among them. */
  queryWords: string[];
  /** Whether any result has every one of `queryWords`; false when results match only some (or the docs lack a word). */
  allWordsMatched: boolean;
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
  /** The part of the query's required words found in the section's own heading. */
  ownHeadingShare: number;
  /** The query's required words (as typed) this section has: the words that found it. */
  matchedWords: string[];
};

/**
 * A query ranked: its sections best first, the query's required words as
 * typed (the words that count; "how do I", "can", "my" do not), and whether
 * any section has every one of them. When none has, the results match only
 * some of the words: the docs MCP server says so rather than presenting the
 * best partial match as an answer.
 */
export type RankedQuery = {ranked: Ranked[]; queryWords: string[]; allWordsMatched: boolean};

export type RankOptions = PlanOptions & {
  /** The share of the query's required words a section must have (default: all, or most when none has all). */
  minShare?: number;
};

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
  return plan.operations.includes(operationIdOf(record)) ? NAMED_OPERATION_BOOST : 1;
}

/**
 * Sections that point elsewhere: the last sections of most pages ("Where to
 * go next", "Next steps", "Related pages") and the concept pages' maps of
 * their neighbours ("How runs relate to other concepts").
 */
const SIGNPOST_HEADING = /^(where to go next|next steps|related( pages)?|see also|what you learned|how .+ relates? to other concepts)$/i;

/** How much a section counts for being a signpost to other pages (see SIGNPOST_SECTION). */
export function signpostFactor(record: SearchRecord): number {
  return record.type !== 'lvl1' && SIGNPOST_HEADING.test(ownHeading(record).trim()) ? SIGNPOST_SECTION : 1;
}

const DEFAULT_TAGS: HighlightTags = {pre: '<mark>', post: '</mark>'};

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
  if (heading === phrase) return HEADING_PHRASE_BOOST.exact;
  if (` ${heading} `.includes(` ${phrase} `)) return HEADING_PHRASE_BOOST.contains;
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
  private readonly withBlocks = new Set<number>();
  private lookup: {vocabulary: Vocabulary; hints: IntentHints} | null = null;

  private constructor(records: SearchRecord[], pages: IndexedPage[], words: WordIndex) {
    if (words.documentCount !== records.length) throw new Error(`Search index: ${records.length} sections but ${words.documentCount} in the word index.`);
    this.records = records;
    this.pages = pages;
    this.words = words;
    pages.forEach((page, position) => {
      for (const id of page.sections) this.pageOfRecord[id] = position;
      if (page.sections.some((id) => records[id].content !== null)) this.withText.add(position);
      if (!page.blocksFile || page.sections.some((id) => records[id].blocks)) this.withBlocks.add(position);
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
  static fromPacked(packed: PackedIndex, texts?: (file: string) => PageText | PageBlocks | undefined): SearchEngine {
    const {records, pages} = unpackIndex(packed);
    const engine = new SearchEngine(records, pages, new WordIndex(packed.words));
    if (texts) {
      pages.forEach((page, position) => {
        const text = texts(page.textFile);
        if (text) engine.addText(position, text);
        const blocks = page.blocksFile ? texts(page.blocksFile) : undefined;
        if (blocks) engine.addBlocks(position, blocks);
      });
    }
    return engine;
  }

  /**
   * The index file and the pages' text files of these records (the build):
   * `textFileOf` names each page's text file (the plugin: by a hash of it).
   */
  pack(
    site: string,
    fileOf: (content: PageText | PageBlocks, position: number, kind: 'text' | 'blocks') => string,
  ): {index: PackedIndex; texts: Map<string, PageText | PageBlocks>} {
    const {index, texts} = packRecords(this.records, site, fileOf);
    return {index: {...index, words: this.words.packed}, texts};
  }

  /** Fills in the text of the page at `position` from its text file (refused if it does not fit the page). */
  addText(position: number, text: unknown): void {
    pageTexts(this.records, this.pages[position], text);
    this.withText.add(position);
  }

  /** Fills in the blocks of the page at `position` from its blocks file (refused if it does not fit the page). */
  addBlocks(position: number, blocks: unknown): void {
    pageBlocks(this.records, this.pages[position], blocks);
    this.withBlocks.add(position);
  }

  /** The pages (positions) of these sections whose text (or, for Ask AI, blocks) is not in yet. */
  missingText(entries: Array<Ranked | SearchRecord>, what: 'text' | 'blocks' = 'text'): number[] {
    const loaded = what === 'text' ? this.withText : this.withBlocks;
    const missing = new Set<number>();
    for (const entry of entries) {
      const record = 'record' in entry ? entry.record : entry;
      const position = this.pageOfRecord[Number(record.objectID)];
      if (position !== undefined && !loaded.has(position)) missing.add(position);
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

  /** How much finding an index term tells about a section: high for a rare term, near zero for one most sections have. */
  informativeness(term: string): number {
    return this.words.informativeness(term);
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
  rank(query: string, facetFilters?: SearchRequest['facetFilters'], options: RankOptions = {}): Ranked[] {
    return this.rankQuery(query, facetFilters, options).ranked;
  }

  /** Ranks sections for a query (see `rank`), with the query's required words and whether any section has them all. */
  rankQuery(query: string, facetFilters?: SearchRequest['facetFilters'], {minShare, ...planOptions}: RankOptions = {}): RankedQuery {
    const plan = this.plan(query, planOptions);
    const weights = new Map<string, number>();
    for (const word of plan.words) {
      for (const {term, weight} of word.expansions) weights.set(term, Math.max(weight, weights.get(term) ?? 0));
    }
    const queryWords = plan.words.filter((word) => word.required).map((word) => word.text);
    const asks = plan.intent === 'question' || plan.intent === 'api';
    if (weights.size === 0) return {ranked: [], queryWords, allWordsMatched: false};
    const groups = parseFacetFilters(facetFilters);
    const filter = groups.length ? (id: number) => matchesFacets(this.records[id], groups) : undefined;
    // A page's own top section (its title and introduction) outranks deep sections.
    // A question asking what a thing is is answered by the introduction of the thing's page, as a topic is.
    const levelBoost = asks && !plan.defines ? QUESTION_LEVEL_BOOST : LEVEL_BOOST;
    const results = this.words.search(weights, FIELD_BOOST, (id) => levelBoost[this.records[id].type] ?? 1, filter);

    const required = plan.words.filter((word) => word.required && word.expansions.length > 0);
    const missing = plan.words.filter((word) => word.required && word.expansions.length === 0).length;
    const wanted = required.length + missing;
    // Each word weighs what finding it tells: the informativeness of its broadest strong term (a word found as "model"
    // tells no more than "model" does). A word the docs lack weighs as much as the rarest term: every section lacks it
    // alike, so it lowers no section below another.
    const weightOf = new Map(
      required.map((word) => {
        const strong = word.expansions.filter((expansion) => expansion.weight >= MAIN_EXPANSION);
        return [word, Math.min(...(strong.length ? strong : word.expansions).map(({term}) => this.words.informativeness(term)))];
      }),
    );
    const rarest = Math.log(1 + this.records.length);
    const wantedWeight = [...weightOf.values()].reduce((sum, weight) => sum + weight, 0) + missing * rarest;
    /** The weighed share of the required words a section has (in `fields`, when given). */
    const credit = (result: WordMatch, fields?: string[]) => {
      if (wantedWeight <= 0) return 0;
      let sum = 0;
      for (const word of required) {
        const has = word.expansions.some(({term}) => result.match[term]?.some((field) => !fields || fields.includes(field)));
        if (has) sum += weightOf.get(word) ?? 0;
      }
      return sum / wantedWeight;
    };
    const found = (result: WordMatch) => required.filter((word) => word.expansions.some((expansion) => result.match[expansion.term]));
    const matched = results.map(found);
    const covered = matched.map((words) => words.length);
    const best = Math.max(0, ...covered);
    let enough: number;
    if (minShare !== undefined) {
      // The caller decides how much of the query is enough (Ask AI: most of a question's words).
      enough = Math.max(1, Math.ceil(wanted * minShare));
    } else if (best === wanted) {
      // Every word; and when that leaves only a page or two, the sections one word short as well. A question says
      // more than its answer ("call a language model from my app" is answered by "Call a model"): one word short
      // is enough for it, ranked by what it lacks.
      const fullPages = new Set(results.filter((_, i) => covered[i] === wanted).map((result) => pageOf(this.records[result.id])));
      enough = (fullPages.size < FEW_PAGES && wanted >= 2) || (asks && wanted >= QUESTION_SPARE_WORD_FROM) ? wanted - 1 : wanted;
    } else {
      // No section has them all: most of them (for long queries, one short of the most any section has).
      enough = Math.max(1, best - (wanted >= LONG_QUERY_WORDS ? 1 : 0));
    }
    const phrase = termsOf(query).join(' ');
    const ranked: Ranked[] = [];
    results.forEach((result, i) => {
      if (wanted > 0 && covered[i] < enough) return;
      const record = this.records[result.id];
      const share = wanted > 0 ? covered[i] / wanted : 1;
      // The same shares weighed by what each word tells (credit): a section lacking "cancel" is further off than one lacking "run".
      const weightedShare = wanted > 0 ? credit(result) : 1;
      const ownHeadingShare = credit(result, ['title']);
      const headingShare = credit(result, ['title', 'path']);
      const kind = record.kind ? KIND_PRIOR[plan.intent][record.kind] : 1;
      // A heading that names what a question asks answers it; the body may only mention it. An operation's title
      // repeats its resource's nouns ("Describe the secrets key"), so it counts only when the query names the API.
      const answers =
        asks && (record.kind !== 'api' || plan.intent === 'api')
          ? 1 + HEADING_ANSWER.own * ownHeadingShare + HEADING_ANSWER.path * (headingShare - ownHeadingShare)
          : 1;
      const coverage = asks ? weightedShare * weightedShare : share * share;
      // In a question, two words found together in a longer heading are often two common words ("schedule an app" in
      // "Walkthrough: build, deploy and schedule an app"): only a heading that is the whole question's phrase counts.
      const together = headingPhraseBoost(phrase, record);
      const phraseBoost = asks && together !== HEADING_PHRASE_BOOST.exact ? 1 : together;
      const score = result.score * coverage * kind * answers * signpostFactor(record) * phraseBoost * namedOperationBoost(plan, record);
      ranked.push({
        record,
        score,
        terms: result.terms,
        match: result.match,
        share,
        headingShare,
        ownHeadingShare,
        matchedWords: matched[i].map((word) => word.text),
      });
    });
    // Category pages list other pages' descriptions: they come after every page with content of its own.
    ranked.sort((a, b) => Number(a.record.kind === 'category') - Number(b.record.kind === 'category') || b.score - a.score);
    return {ranked, queryWords, allWordsMatched: wanted > 0 && ranked.some((entry) => entry.share === 1)};
  }

  /** Ranks and pages one DocSearch/Algolia search request; `respond` makes its hits. */
  prepare(request: SearchRequest): PreparedSearch {
    const started = Date.now();
    const hitsPerPage = Math.max(0, Math.min(request.hitsPerPage ?? 20, 1000));
    const page = Math.max(0, request.page ?? 0);
    const sectionsPerPage = request.distinct === true ? 1 : typeof request.distinct === 'number' && request.distinct > 0 ? request.distinct : 0;
    const countKinds = request.facets?.includes('kind') ?? false;
    const {ranked, queryWords, allWordsMatched} = this.rankQuery(request.query ?? '', request.facetFilters);
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
    if (countKinds) {
      // Counted without the kind filter, so a filter shows how many results choosing it would give.
      const kindGroups = withoutFacet(request.facetFilters, 'kind');
      const unfiltered = kindGroups === request.facetFilters ? ranked : this.rank(request.query ?? '', kindGroups);
      const units = sectionsPerPage ? groupByPage(unfiltered).map((result) => result.sections[0]) : unfiltered;
      const counts: Record<string, number> = {};
      for (const {record} of units) if (record.kind) counts[record.kind] = (counts[record.kind] ?? 0) + 1;
      facets = {kind: counts};
    }
    return {request, started, shown, total, page, hitsPerPage, facets, queryWords, allWordsMatched};
  }

  /** The response to a prepared request, its hits' snippets from whatever text is in. */
  respond({request, started, shown, total, page, hitsPerPage, facets, queryWords, allWordsMatched}: PreparedSearch): SearchResponse {
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
      queryWords,
      allWordsMatched,
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
  queryWords: string[];
  allWordsMatched: boolean;
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
  const {record, terms, match, matchedWords} = entry;
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
    _matchedWords: matchedWords,
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
