/**
 * From what a reader typed to what the engine looks up: the query's words,
 * each with the index terms that may stand for it (the word itself, words it
 * begins, words one or two typos away, the docs' words for it), and what the
 * query is after (its intent), which decides which kinds of page it prefers.
 */
import {QUESTION_SHAPE_WORDS, synonymTable, type SynonymTable} from './synonyms';
import {identifierForms, stemOf, wordsOf} from './text';

/**
 * What a query is after:
 * - operation: an API operation, by its method and path, its id or its name ("list schedules");
 * - command: a CLI command ("tower schedules create");
 * - identifier: a function, flag, key or header (`run_app`, `--environment`, `X-API-Key`);
 * - question: a question in words;
 * - topic: anything else, mostly one or two plain words ("schedule", "secrets").
 */
export type Intent = 'operation' | 'command' | 'identifier' | 'question' | 'topic';

type Expansion = {term: string; weight: number};

export type QueryWord = {
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
};

/** How much the terms of a word that only shapes a question count. */
const OPTIONAL_WEIGHT = 0.2;

/** How much a term that is not the word itself counts. */
const EXPANSION_WEIGHT = {prefix: 0.5, synonym: 0.6, typo: 0.5, secondTypo: 0.35, identifierPart: 0.9, member: 0.8};

/**
 * Typos forgiven in a word of this many characters: none up to four (a short
 * word one letter off is usually another word), one from five, two from nine.
 */
export function typosAllowed(length: number): number {
  return length >= 9 ? 2 : length >= 5 ? 1 : 0;
}

/**
 * Optimal string alignment distance, at most `limit` (returns limit + 1 past
 * it): insertions, deletions, substitutions, and a swap of two neighbouring
 * characters counts as one edit ("secrtes" is one edit from "secrets").
 */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({length: b.length + 1}, (_, j) => j);
  let current = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i += 1) {
    current[0] = i;
    let rowMin = current[0];
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, before[j - 2] + 1);
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > limit) return limit + 1;
    [before, previous, current] = [previous, current, before];
  }
  return previous[b.length];
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
  completions(prefix: string, limit = 30): string[] {
    let low = 0;
    let high = this.sorted.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (this.sorted[mid] < prefix) low = mid + 1;
      else high = mid;
    }
    const found: string[] = [];
    for (let i = low; i < this.sorted.length && this.sorted[i].startsWith(prefix); i += 1) {
      if (this.sorted[i] !== prefix) found.push(this.sorted[i]);
    }
    return found.sort((a, b) => a.length - b.length).slice(0, limit);
  }

  /** Terms at most `limit` edits from any of `forms`, with their distance. */
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

/** An index term for a word of the synonym table: identifiers as written, words as stems. */
function termOf(word: string): string | null {
  return word.startsWith('-') ? word : stemOf(word);
}

let synonyms: SynonymTable | null = null;
const shapeTerms = new Set(QUESTION_SHAPE_WORDS.map(termOf));

const QUESTION = /^\s*(how|what|why|when|where|which|who|can|could|does|do|is|are|should|will)\b|\?\s*$/i;
const METHOD_AND_PATH = /\b(get|post|put|patch|delete)\s+\/|(^|\s)\/[a-z{]/i;
/** A query that is exactly a method and a path ("GET /apps"). */
const ENDPOINT = /^\s*(get|post|put|patch|delete)\s+(\/\S*)\s*$/i;
const COMMAND = /^\s*tower\s+[a-z]/i;
/** Words that may follow an operation's name without changing what it names ("run app api"). */
const OPERATION_WORDS = new Set(['api', 'endpoint', 'oper', 'http', 'rest', 'request'].map((word) => stemOf(word) ?? word));

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
  if (QUESTION.test(query)) return {intent: 'question', operations: []};
  // An operation's name, in its own words and order ("list schedules", "cancel run").
  const named = stems.filter((term) => !OPERATION_WORDS.has(term));
  if (identifiers.length === 0 && named.length > 0) {
    const byName = hints.operations.filter((operation) => operation.names.some((name) => sameTerms(name, named))).map(({id}) => id);
    if (byName.length) return {intent: 'operation', operations: byName};
  }
  return {intent: identifiers.length > 0 ? 'identifier' : 'topic', operations: []};
}

function addExpansion(list: Expansion[], term: string, weight: number): void {
  const existing = list.find((expansion) => expansion.term === term);
  if (!existing) list.push({term, weight});
  else if (existing.weight < weight) existing.weight = weight;
}

/** The terms that may stand for one plain word (its stem `stem`, typed as `typed`). */
function plainExpansions(stem: string, typed: string, vocabulary: Vocabulary, isLast: boolean): Expansion[] {
  const expansions: Expansion[] = [];
  const exact = vocabulary.has(stem);
  if (exact) addExpansion(expansions, stem, 1);
  for (const term of synonyms?.get(stem) ?? []) if (vocabulary.has(term)) addExpansion(expansions, term, EXPANSION_WEIGHT.synonym);
  // A word as typed may be the start of a longer one: the last word (being typed), or one the index does not have.
  // A word the stemmer shortened ("logs") was typed in full: it is not the start of "login".
  if ((isLast || !exact) && stem.length >= 3 && stem === typed.toLowerCase()) {
    for (const term of vocabulary.completions(stem)) {
      // A plain word begins plain words: "app" is not the start of app.script or app_name.
      if (/[._\-[]/.test(term)) continue;
      addExpansion(expansions, term, EXPANSION_WEIGHT.prefix * (0.6 + (0.4 * stem.length) / term.length));
    }
  }
  if (!exact) {
    const lower = typed.toLowerCase();
    for (const [term, distance] of vocabulary.near([...new Set([stem, lower])], typosAllowed(typed.length))) {
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
  synonyms ??= synonymTable(termOf);
  const words = wordsOf(query);
  const stems = words.flatMap((word) => (word.identifier ? [] : word.stems));
  const identifiers = words.flatMap((word) => (word.identifier ? [word.identifier] : []));
  const {intent, operations} = detectIntent(query, stems, identifiers, hints);
  const planned: QueryWord[] = [];
  const seen = new Set<string>();
  const addPlain = (stem: string, typed: string, isLast: boolean) => {
    if (seen.has(stem)) return;
    seen.add(stem);
    const required = !shapeTerms.has(stem);
    const expansions = plainExpansions(stem, typed, vocabulary, isLast);
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
      for (const term of vocabulary.completions(word.identifier, 20)) {
        // tower.info finds its members (tower.info.run_id), where it is documented; other completions only while typing.
        const member = /^[._[]/.test(term.slice(word.identifier.length));
        if (member) addExpansion(expansions, term, EXPANSION_WEIGHT.member);
        else if (isLast) addExpansion(expansions, term, EXPANSION_WEIGHT.prefix);
      }
      if (expansions.length === 0) {
        for (const [term, distance] of vocabulary.near([word.identifier], typosAllowed(word.identifier.length))) {
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
  return {words: planned, intent, operations};
}
