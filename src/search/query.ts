/**
 * From what a reader typed to what the engine looks up: the query's words,
 * each with the index terms that may stand for it (the word itself, words it
 * begins, words one or two typos away, the docs' words for it), the phrases
 * that stand for one thing the docs name otherwise ("own VPC": a self-hosted
 * runner), which words only shape a question ("how do I", "can", "get"), and
 * what the query is after (its intent), which decides which kinds of page it
 * prefers. The weights are in ranking.ts.
 */
import {editDistance} from '../../lib/suggest';
import {COMPLETIONS, EXPANSION_WEIGHT, OPTIONAL_WEIGHT, QUERY_WORDS, TYPED_PAST_STEM, TYPO_LENGTHS, prefixWeight, type Intent} from './ranking';
import {QUESTION_SHAPE_WORDS, READER_WORDS} from './synonyms';
import {identifierForms, MAX_STEMMED_LENGTH, wordsOf} from './text';

export type {Intent} from './ranking';
export {editDistance} from '../../lib/suggest';

type Expansion = {term: string; weight: number};

export type QueryWord = {
  /** The word as typed (for a phrase, its words as typed, in query order). */
  text: string;
  expansions: Expansion[];
  /** A required word must match (or the query falls back to matching most words); others only add to the score. */
  required: boolean;
};

export type QueryPlan = {
  words: QueryWord[];
  intent: Intent;
  /** The ids of the API operations the query names, by method and path, id or name (see IntentHints). */
  operations: string[];
  /** The query asks what a thing is ("what is an environment"): a page's introduction, which defines it, answers best. */
  defines: boolean;
};

/**
 * Typos forgiven in a word of this many characters: none up to four (a short
 * word one letter off is usually another word), one from five, two from nine.
 */
export function typosAllowed(length: number): number {
  return length >= TYPO_LENGTHS.two ? 2 : length >= TYPO_LENGTHS.one ? 1 : 0;
}

/** The index's terms, for exact, prefix and typo lookups. */
export class Vocabulary {
  private readonly terms: Set<string>;
  private readonly sorted: string[];
  private readonly byLength = new Map<number, string[]>();

  constructor(terms: Iterable<string>) {
    this.terms = new Set(terms);
    this.sorted = [...this.terms].sort();
    for (const term of this.sorted) {
      const list = this.byLength.get(term.length);
      if (list) list.push(term);
      else this.byLength.set(term.length, [term]);
    }
  }

  has(term: string): boolean {
    return this.terms.has(term);
  }

  /** Terms that begin with `prefix` (itself excluded), shortest first, at most `limit`. */
  completions(prefix: string, limit = COMPLETIONS.plain): string[] {
    let low = 0;
    let high = this.sorted.length;
    // The first term past `prefix` itself: every term from there that begins with it is a longer one.
    while (low < high) {
      const mid = (low + high) >> 1;
      if (this.sorted[mid] <= prefix) low = mid + 1;
      else high = mid;
    }
    const found: string[] = [];
    for (let i = low; i < this.sorted.length && this.sorted[i].startsWith(prefix); i += 1) found.push(this.sorted[i]);
    return found.sort((a, b) => a.length - b.length).slice(0, limit);
  }

  /** Terms at most `limit` edits from any of `forms`, with their distance: shorter and longer terms alike ("secreets" finds "secret"). */
  near(forms: string[], limit: number): Map<string, number> {
    const found = new Map<string, number>();
    if (limit <= 0) return found;
    for (const form of forms) {
      for (let length = form.length - limit; length <= form.length + limit; length += 1) {
        for (const term of this.byLength.get(length) ?? []) {
          const distance = editDistance(form, term, limit);
          if (distance <= limit && distance < (found.get(term) ?? Infinity)) found.set(term, distance);
        }
      }
    }
    return found;
  }
}

/** A word's units as the planner reads them: an identifier whole, a plain word as its stems. */
function unitsOf(text: string): string[] {
  return wordsOf(text).flatMap((word) => (word.identifier ? [word.identifier] : word.stems));
}

/** The reader's words compiled: single words with the terms they also find, phrases with the terms they stand for. */
type ReaderTable = {words: Map<string, string[]>; phrases: Array<{units: string[]; terms: string[]}>};

let compiledReaderTable: ReaderTable | null = null;

/** Compiled on the first query, not when a page loads the search code. */
function readerTable(): ReaderTable {
  compiledReaderTable ??= compileReaderTable();
  return compiledReaderTable;
}

function compileReaderTable(): ReaderTable {
  const words = new Map<string, string[]>();
  const phrases: ReaderTable['phrases'] = [];
  for (const entry of READER_WORDS) {
    const terms = [...new Set(entry.docs.flatMap(unitsOf))];
    for (const form of entry.reader) {
      const units = [...new Set(unitsOf(form))];
      if (units.length === 1) {
        // A word among its own docs words ("timeout") adds nothing: it is found at full weight, or the index lacks it.
        words.set(units[0], [...new Set([...(words.get(units[0]) ?? []), ...terms])]);
      } else if (units.length > 1) {
        phrases.push({units, terms});
      }
    }
  }
  // Longer phrases first: "limit how long" is read before any shorter phrase inside it.
  phrases.sort((a, b) => b.units.length - a.units.length);
  return {words, phrases};
}

const shapeTerms = new Set(QUESTION_SHAPE_WORDS.flatMap(unitsOf));

const QUESTION = /^\s*(how|what|why|when|where|which|who|can|could|does|do|is|are|should|will)\b|\?\s*$/i;
/** A task said in a sentence ("store a database password", "pass arguments to my script"): read like a question. */
const SENTENCE = /\b(i|my|me|we|our|us)\b/i;
const METHOD_AND_PATH = /\b(get|post|put|patch|delete)\s+\/|(^|\s)\/[a-z{]/i;
/** A query that is exactly a method and a path ("GET /apps"). */
const ENDPOINT = /^\s*(get|post|put|patch|delete)\s+(\/\S*)\s*$/i;
const COMMAND = /^\s*tower\s+[a-z]/i;
/** "what is an environment", "what are runs": a question that asks for a definition of one thing. */
const DEFINITION = /^\s*what(?:'s|\s+is|\s+are)\s+(?:an?\s+|the\s+)?[\w.-]+(?:\s+[\w.-]+)?\s*\??\s*$/i;
/** Words that may follow an operation's name without changing what it names ("run app api"), as stems ("oper" for operation). */
const OPERATION_WORDS = new Set(['api', 'endpoint', 'oper', 'http', 'rest', 'request']);
/** A query that names the HTTP API ("the REST API", "which endpoint"), not an API key. */
const NAMES_THE_API = /\b(api|apis)\b(?!\s*[-_]?\s*(keys?|tokens?)\b)|\bendpoints?\b/i;

/** Facts about the pages the intent depends on, gathered once per index. */
export type IntentHints = {
  /**
   * The API operations: each one's id (create-secret), its names as terms,
   * from its title ("List schedules": list, schedul) and its id
   * (describe-run-logs), and its method and path ("POST /secrets").
   */
  operations: Array<{id: string; names: string[][]; endpoint: string}>;
};

function sameTerms(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((term, i) => term === b[i]);
}

/** What the query is after, and which operations it names. */
function detectIntent(query: string, stems: string[], identifiers: string[], hints: IntentHints): {intent: Intent; operations: string[]} {
  const endpoint = ENDPOINT.exec(query);
  if (endpoint) {
    const wanted = `${endpoint[1]} ${endpoint[2]}`.toLowerCase();
    return {intent: 'operation', operations: hints.operations.filter((operation) => operation.endpoint.toLowerCase() === wanted).map(({id}) => id)};
  }
  const byId = hints.operations.filter((operation) => identifiers.includes(operation.id)).map(({id}) => id);
  if (METHOD_AND_PATH.test(query) || byId.length) return {intent: 'operation', operations: byId};
  if (COMMAND.test(query) && stems.length >= 2) return {intent: 'command', operations: []};
  const namesTheApi = NAMES_THE_API.test(query);
  if (QUESTION.test(query) || SENTENCE.test(query)) return {intent: namesTheApi ? 'api' : 'question', operations: []};
  // An operation's name, in its own words and order ("list schedules", "cancel run").
  const named = stems.filter((term) => !OPERATION_WORDS.has(term));
  if (identifiers.length === 0 && named.length > 0) {
    const byName = hints.operations.filter((operation) => operation.names.some((name) => sameTerms(name, named))).map(({id}) => id);
    if (byName.length) return {intent: 'operation', operations: byName};
  }
  if (identifiers.length > 0) return {intent: 'identifier', operations: []};
  return {intent: namesTheApi && named.length > 0 ? 'api' : 'topic', operations: []};
}

function addExpansion(list: Expansion[], term: string, weight: number): void {
  const existing = list.find((expansion) => expansion.term === term);
  if (!existing) list.push({term, weight});
  else if (existing.weight < weight) existing.weight = weight;
}

/** Looks up typos for at most QUERY_WORDS.typoLookups words of one query: the costly lookup stays bounded however long the query. */
class TypoBudget {
  private left = QUERY_WORDS.typoLookups;

  near(vocabulary: Vocabulary, forms: string[], typed: string): Map<string, number> {
    if (this.left <= 0) return new Map();
    this.left -= 1;
    return vocabulary.near(forms, typosAllowed(typed.length));
  }
}

/** The terms that may stand for one plain word (its stem `stem`, typed as `typed`). */
function plainExpansions(stem: string, typed: string, vocabulary: Vocabulary, isLast: boolean, typos: TypoBudget): Expansion[] {
  const expansions: Expansion[] = [];
  const exact = vocabulary.has(stem);
  if (exact) addExpansion(expansions, stem, 1);
  // The docs' words for a reader's word: a little below the word itself, or in its place when the docs never use it.
  const others = (readerTable().words.get(stem) ?? []).filter((term) => vocabulary.has(term));
  for (const term of others) addExpansion(expansions, term, exact ? EXPANSION_WEIGHT.synonym : EXPANSION_WEIGHT.concept);
  // A word as typed may be the start of a longer one: the last word (being typed), or one the index does not have.
  // Completions begin with the word as typed: "logs" (stemmed to "log") is not the start of "login", while "reque"
  // (stemmed to "requ") is the start of "request".
  const lower = typed.toLowerCase();
  if ((isLast || !exact) && lower.length >= 3 && /^[\p{L}\p{N}]+$/u.test(lower)) {
    for (const term of vocabulary.completions(lower)) {
      // A plain word begins plain words: "app" is not the start of app.script or app_name.
      if (/[._\-[]/.test(term)) continue;
      addExpansion(expansions, term, prefixWeight(lower.length, term.length));
    }
  }
  // A word being typed past its stem ("orchestrati", whose word's stem is "orchestr"): the longest term it begins with.
  if (isLast && !exact && lower.length <= MAX_STEMMED_LENGTH) {
    for (let end = lower.length - 1; end >= Math.max(4, Math.ceil(lower.length * TYPED_PAST_STEM)); end -= 1) {
      const term = lower.slice(0, end);
      if (vocabulary.has(term)) {
        addExpansion(expansions, term, EXPANSION_WEIGHT.prefix);
        break;
      }
    }
  }
  if (!exact && others.length === 0) {
    for (const [term, distance] of typos.near(vocabulary, [...new Set([stem, lower])], typed)) {
      addExpansion(expansions, term, distance === 1 ? EXPANSION_WEIGHT.typo : EXPANSION_WEIGHT.secondTypo);
    }
  }
  return expansions;
}

export type PlanOptions = {
  /**
   * The query is complete (a question asked, not a query being typed): its
   * last word is not also looked up as the start of longer words.
   */
  complete?: boolean;
};

/** Plans a query against an index's vocabulary. */
export function planQuery(query: string, vocabulary: Vocabulary, hints: IntentHints, {complete = false}: PlanOptions = {}): QueryPlan {
  // Past a reader's longest question, words are ignored rather than looked up.
  const words = wordsOf(query).slice(0, QUERY_WORDS.read);
  const stems = words.flatMap((word) => (word.identifier ? [] : word.stems));
  const identifiers = words.flatMap((word) => (word.identifier ? [word.identifier] : []));
  const {intent, operations} = detectIntent(query, stems, identifiers, hints);
  const planned: QueryWord[] = [];
  const seen = new Set<string>();
  const typos = new TypoBudget();

  // Phrases first: their words, wherever they are in the query, are read as the one thing they name.
  const units = new Set([...stems, ...identifiers]);
  for (const phrase of readerTable().phrases) {
    if (!phrase.units.every((unit) => units.has(unit) && !seen.has(unit))) continue;
    const expansions: Expansion[] = [];
    for (const term of phrase.terms) if (vocabulary.has(term)) addExpansion(expansions, term, EXPANSION_WEIGHT.concept);
    if (expansions.length === 0) continue;
    for (const unit of phrase.units) seen.add(unit);
    const typed = words.filter((word) => (word.identifier ? phrase.units.includes(word.identifier) : word.stems.some((stem) => phrase.units.includes(stem))));
    planned.push({text: typed.map((word) => word.text).join(' '), expansions, required: true});
  }

  const addPlain = (stem: string, typed: string, isLast: boolean) => {
    if (seen.has(stem)) return;
    seen.add(stem);
    const required = !shapeTerms.has(stem);
    const expansions = plainExpansions(stem, typed, vocabulary, isLast, typos);
    // A word that only shapes the question adds a little when present ("See it for yourself" is not about seeing).
    if (!required) for (const expansion of expansions) expansion.weight *= OPTIONAL_WEIGHT;
    planned.push({text: typed, expansions, required});
  };
  words.forEach((word, index) => {
    const isLast = !complete && index === words.length - 1;
    if (word.identifier) {
      if (seen.has(word.identifier)) return;
      const expansions: Expansion[] = [];
      identifierForms(word.identifier).forEach((form, i) => {
        if (vocabulary.has(form)) addExpansion(expansions, form, i === 0 ? 1 : EXPANSION_WEIGHT.identifierPart);
      });
      for (const term of vocabulary.completions(word.identifier, COMPLETIONS.identifier)) {
        // tower.info finds its members (tower.info.run_id), where it is documented; other completions only while typing.
        const member = /^[._[]/.test(term.slice(word.identifier.length));
        if (member) addExpansion(expansions, term, EXPANSION_WEIGHT.member);
        else if (isLast) addExpansion(expansions, term, EXPANSION_WEIGHT.prefix);
      }
      for (const term of readerTable().words.get(word.identifier) ?? []) if (vocabulary.has(term)) addExpansion(expansions, term, EXPANSION_WEIGHT.synonym);
      if (expansions.length === 0) {
        for (const [term, distance] of typos.near(vocabulary, [word.identifier], word.identifier)) {
          addExpansion(expansions, term, distance === 1 ? EXPANSION_WEIGHT.typo : EXPANSION_WEIGHT.secondTypo);
        }
      }
      if (expansions.length > 0) {
        seen.add(word.identifier);
        planned.push({text: word.text, expansions, required: true});
        return;
      }
      // An identifier the docs never mention: look for its parts instead.
      word.stems.forEach((stem, i) => addPlain(stem, stem, isLast && i === word.stems.length - 1));
      return;
    }
    for (const stem of word.stems) addPlain(stem, word.text, isLast);
  });
  return {words: planned, intent, operations, defines: DEFINITION.test(query)};
}
