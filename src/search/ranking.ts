/**
 * Every number the local search ranks by, in one place, each with the reason
 * it has its value. The modal, the /search page, Ask AI and the docs MCP
 * server (mcp/search.ts) all rank through this module, so a change here moves
 * all four.
 *
 * To change the ranking: edit a number here (or a word list in
 * synonyms.ts), run `node --import tsx --test plugins/search-index/relevance.test.ts`
 * (a few seconds, from the Markdown sources, no build), and read the scores it
 * prints for the keyword suite, the question suite and the held-back
 * questions. Never tune on the held-back questions: if they drop while the
 * question suite rises, the change fits the questions, not the way readers
 * ask. `npm run bench:search` gives the same scores for the production build,
 * beside Pagefind's.
 */
import type {PageKind} from './kinds';

/**
 * What a query is after:
 * - operation: an API operation, by its method and path, its id or its name ("list schedules");
 * - api: the HTTP API in general, named in a question or a topic ("which api endpoint lists alerts");
 * - command: a CLI command ("tower schedules create");
 * - identifier: a function, flag, key or header (`run_app`, `--environment`, `X-API-Key`);
 * - question: a question in words ("how do I set a secret for production");
 * - topic: anything else, mostly one or two plain words ("schedule", "secrets").
 */
export type Intent = 'operation' | 'api' | 'command' | 'identifier' | 'question' | 'topic';

// ---- Scoring a section's words (postings.ts)

/**
 * BM25+ as MiniSearch scores it, which the ranking was first tuned on: k 1.2
 * (a word's tenth occurrence in a section adds little over its second), b 0.7
 * (long sections are discounted, but a reference page's long sections are not
 * buried), d 0.5 (every occurrence counts a little, however long the section).
 */
export const BM25 = {k: 1.2, b: 0.7, d: 0.5};

/**
 * Where in a section a word is found. Its own heading says what the section
 * is about (5); the headings above it and the page's title and breadcrumbs
 * place it (1.6); the body text counts once (1).
 */
export const FIELD_BOOST = {title: 5, path: 1.6, content: 1};

/**
 * By the level of the heading that opens the section: a page's top (its title
 * and introduction, 1.8) answers a topic better than an H2 (1.25), which
 * answers it better than an H3 (1.05) deep in a reference page.
 */
export const LEVEL_BOOST: Record<string, number> = {lvl1: 1.8, lvl2: 1.25, lvl3: 1.05};

/**
 * The same for a question: a page's introduction names everything the page
 * covers ("On this page you will: call a model…"), so it answers a question
 * no better than the H2 that does the task ("Call a model").
 */
export const QUESTION_LEVEL_BOOST: Record<string, number> = {lvl1: 1.2, lvl2: 1.25, lvl3: 1.05};

// ---- Reading the query (query.ts)

/** How much the terms of a word that only shapes the question count ("difference", "use", "see"): a little, when present. */
export const OPTIONAL_WEIGHT = 0.2;

/**
 * How much a term that is not the word as typed counts, against 1 for the word itself:
 * - prefix: a word being typed, completed (the formula in `prefixWeight` scales it by how much is typed);
 * - synonym: a docs word for a reader's word (synonyms.ts), a little below the word itself;
 * - concept: a docs word for a reader's phrase ("try again" -> retry), what the reader meant, so nearly as strong;
 * - typo, secondTypo: one or two edits away; a second edit is a weaker guess;
 * - identifierPart: `run_app` found as written after a dot (`tower.run_app`);
 * - member: `tower.info` finding `tower.info.run_id`, where it is documented.
 */
export const EXPANSION_WEIGHT = {prefix: 0.5, synonym: 0.6, concept: 0.8, typo: 0.5, secondTypo: 0.35, identifierPart: 0.9, member: 0.8};

/**
 * A completion's weight: `prefix` times 0.6 plus 0.4 times how much of the
 * completed word is typed, so "sched" weighs "schedul" above "scheduled_at".
 */
export function prefixWeight(typedLength: number, termLength: number): number {
  return EXPANSION_WEIGHT.prefix * (0.6 + (0.4 * typedLength) / termLength);
}

/**
 * A word being typed may already run past its stem ("orchestrati" for the stem
 * "orchestr"): the longest term it begins with stands for it, when that term
 * is at least this share of what is typed (so "scheduling" is not read as "s").
 */
export const TYPED_PAST_STEM = 0.6;

/** Completions looked up for a word being typed (plain word) and for an identifier: enough for a word's family, not a dictionary. */
export const COMPLETIONS = {plain: 30, identifier: 20};

/**
 * Typos forgiven in a word of this many characters: none up to four (a short
 * word one letter off is usually another word: "towr" is not "town"), one
 * from five, two from nine.
 */
export const TYPO_LENGTHS = {one: 5, two: 9};

/**
 * The words of a query the engine reads: a question is a dozen words; past 64
 * a query is not a reader's (a pasted page, an attack), and the rest is
 * ignored rather than looked up. Only the first 16 words the docs do not use
 * are looked up as typos, the costly lookup (each compares the word with the
 * vocabulary's words of similar length).
 */
export const QUERY_WORDS = {read: 64, typoLookups: 16};

// ---- Ranking sections and pages (engine.ts)

/**
 * How much a section counts by its page's kind, for each intent. A topic word
 * or a question is answered by guides and concepts; API operation pages, 85
 * near-identical pages that each repeat their resource's name, come first only
 * when the query names an operation (operation) or the API (api). Category
 * pages only list other pages.
 */
export const KIND_PRIOR: Record<Intent, Record<PageKind, number>> = {
  topic: {guide: 1.3, concept: 1.3, example: 0.9, cli: 1, sdk: 1, towerfile: 1, api: 0.45, category: 0.25},
  question: {guide: 1.4, concept: 1.4, example: 1, cli: 0.85, sdk: 0.85, towerfile: 0.85, api: 0.4, category: 0.2},
  api: {guide: 1.1, concept: 1.1, example: 0.8, cli: 0.8, sdk: 0.8, towerfile: 0.8, api: 1.5, category: 0.2},
  identifier: {guide: 0.8, concept: 0.8, example: 0.7, cli: 1.4, sdk: 1.4, towerfile: 1.4, api: 1.1, category: 0.2},
  command: {guide: 0.9, concept: 0.9, example: 0.8, cli: 1.8, sdk: 1, towerfile: 1, api: 0.5, category: 0.2},
  operation: {guide: 0.7, concept: 0.7, example: 0.6, cli: 0.8, sdk: 0.8, towerfile: 0.8, api: 2.5, category: 0.2},
};

/**
 * The expansions of a word that say how informative finding it is: the word
 * itself, a synonym or a concept (weight at least this), not the weaker typo
 * and completion guesses, which would make a common word look rare.
 */
export const MAIN_EXPANSION = 0.6;

/** A page's score is its best section's, plus this share of its second best: a page with two good sections edges out one with one. */
export const SECOND_SECTION_SHARE = 0.15;

/** Fewer pages than this match every word: sections one word short are shown too, after them, so a rare word does not leave one result. */
export const FEW_PAGES = 3;

/** A query longer than this (in required words) may match one word short of the most any section has. */
export const LONG_QUERY_WORDS = 4;

/** A question of this many required words or more matches sections one word short even when some section has them all. */
export const QUESTION_SPARE_WORD_FROM = 3;

/**
 * A section's heading that is the query (3) or holds it as a phrase (2):
 * words found together beat words found apart ("tower login" is the heading
 * of its command's section).
 */
export const HEADING_PHRASE_BOOST = {exact: 3, contains: 2};

/** The top section of the operation a query names by method and path, id or name: it beats pages whose paths begin the same way. */
export const NAMED_OPERATION_BOOST = 3;

/**
 * A section whose own heading names what a question asks about answers it:
 * "Create, list and delete secrets" for "how do I set a secret for
 * production", "Cancelling a run" for "how do I stop a run". The score grows
 * with the share of the question's words the heading has (own heading), and a
 * little with the share its parent headings and page title have (path): the
 * heading says what the section is for, the body may only mention it.
 */
export const HEADING_ANSWER = {own: 1.5, path: 0.4};

/**
 * Sections that point elsewhere ("Where to go next", "Related pages", "How
 * runs relate to other concepts") name every neighbouring topic in a line
 * each; they are never the answer, so they count this much.
 */
export const SIGNPOST_SECTION = 0.3;

// ---- Ask AI (answer.ts)

export const ANSWER = {
  /**
   * A section answers when it has this share of the question's words: a
   * question says more than its answer does ("pass" parameters, "call" a model).
   */
  share: 0.6,
  /** A section next to the best one on its page adds to the answer when it scores at least this share of the best: it answers nearly as well. */
  adjacentShare: 0.8,
  /** …or at least this share, for a "how" question whose best section gives no code while the next one does. */
  adjacentCodeShare: 0.4,
  /** How much more a section counts when its heading asks the question's own question word ("Where Tower runs" for "where do runs execute"). */
  askedBoost: 1.5,
  /** Pages whose text the browser loads for an answer, at most: the answer quotes one page, but which one is known only once the text is in. */
  pagesToRead: 4,
  /** Blocks an answer quotes at most: a sentence with its list or code, and one more unit. */
  maxBlocks: 4,
  /** Characters of prose an answer quotes at most, so it fits a phone screen. */
  maxProse: 700,
  /** A paragraph longer than this is quoted by its sentences that have some of the question. */
  maxParagraph: 300,
  /** Rows of a table an answer shows at most (it says how many more the cited section has). */
  maxRows: 10,
  /** Lines of a code block an answer shows at most. */
  maxCodeLines: 14,
  /** Closest pages listed when the docs do not answer. */
  closestPages: 3,
  /** A unit of the section is quoted when it has at least this share of what the best unit has of the question… */
  unitShare: 0.5,
  /** …or this share, when it stands next to a quoted unit (the answer reads as connected text). */
  neighbourShare: 0.25,
  /** A unit's score is divided by 1 + its length over this many characters: of two units with the question's words, the shorter says it more directly. */
  unitLength: 600,
  /** A "how" question: a unit with a code block counts this much more (the way to do it is usually the code). */
  codeUnitBoost: 1.3,
  /** A section's first sentence counts this much more: it says what the heading's subject is ("A secret is…"). */
  openingBoost: 1.2,
  /**
   * Code leads the answer when it has at least this much of the question (informativeness of its
   * shared terms): one rare word such as "detached" or "cancel", not only "tower" and "app".
   */
  leadOverlap: 1,
  /** A code unit is moved to the front of a "how" answer when it scores at least this share of the best unit. */
  codeLeadShare: 0.8,
  /**
   * Within a section, a question's term that the section's headings already have counts this much: the
   * heading says which section it is; the answer is in what the text adds ("which port" under "tower mcp-server").
   */
  headingTermWeight: 0.3,
};
