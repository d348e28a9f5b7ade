/**
 * Text handling shared by the index builder, the search engine and its tests:
 * splitting text into words, turning words into index terms, HTML escaping,
 * highlighting and snippets.
 *
 * A word is either plain ("schedules") or an identifier ("tower.run_app",
 * "--environment", "X-API-Key", "tower[iceberg]"). A plain word becomes its
 * stem (English Porter2: schedules, scheduling and scheduled all become
 * "schedul"), so the index and the query meet whatever the form. An
 * identifier is kept whole, lower-cased and unstemmed, and also yields its
 * parts as plain words: `run_app` finds the function by name, and "run app"
 * still finds the sections that mention it.
 */
import stem from 'wink-porter2-stemmer';
import {escapeHtml} from '../../lib/html';

/**
 * A word: letters and digits, joined into an identifier by `.`, `_`, `-` or
 * `'` and optionally followed by a bracketed part (`tower[iceberg]`); a flag
 * starts with one or two hyphens (`--environment`, `-e`).
 */
const WORD = /(?:(?<![\p{L}\p{N}])--?(?=[\p{L}\p{N}]))?[\p{L}\p{N}]+(?:[._\-'][\p{L}\p{N}]+)*(?:\[[\p{L}\p{N}._-]+\])?/gu;
const PART = /[\p{L}\p{N}]+/gu;

/** Words too common to help find a section; dropped from queries and the index. */
const STOP_WORDS = new Set(
  (
    'a an the and or of to in on for with is are was be been by it its this that these those as at from ' +
    'how do does did i my me can could should would what when where which who why you your we our us ' +
    'into about if then so there their they them will shall am between'
  ).split(' '),
);

/**
 * Two words that are one thing: "log in" is not about logs, "time zone" is
 * "timezone". Keyed by the first word as written (so "the logs in the web app"
 * stays two words), then the second; the value is the term they become. Maps,
 * not objects: "constructor name" must not find Object's own properties. Every
 * first word is one plain word that is not a stop word, so it ends the terms
 * with its one stem.
 */
const JOINED = new Map(
  Object.entries({
    log: {in: 'login', into: 'login', out: 'logout'},
    logged: {in: 'login', into: 'login', out: 'logout'},
    logging: {in: 'login', into: 'login', out: 'logout'},
    sign: {in: 'login', out: 'logout'},
    signed: {in: 'login', out: 'logout'},
    time: {zone: 'timezon', zones: 'timezon'},
    allow: {list: 'allowlist', lists: 'allowlist'},
  }).map(([first, seconds]) => [first, new Map(Object.entries(seconds))]),
);

/** A word of a text with what the index makes of it. */
type Word = {
  /** As written. */
  text: string;
  /** Where it starts in the text. */
  start: number;
  /** The identifier itself, lower-cased ("tower.run_app"), or null for a plain word. */
  identifier: string | null;
  /** The stems of its plain parts, stop words dropped ("tower", "run", "app"). */
  stems: string[];
};

function isIdentifier(word: string): boolean {
  // A flag starts with a hyphen, so this finds it too.
  return /[._\-[]/.test(word);
}

const stems = new Map<string, string | null>();

/**
 * Longer than any English word the docs use (the longest run to about 20
 * letters): such a "word" is a hash, a token or an attack, and stays as it
 * is. The stemmer's suffix rules cost time quadratic in a word's length
 * (30,000 letters took half a minute), and nothing is gained by stemming it.
 */
export const MAX_STEMMED_LENGTH = 40;

/** The stem of one plain word, or null for a stop word. */
export function stemOf(part: string): string | null {
  const lower = part.toLowerCase();
  if (lower.length > MAX_STEMMED_LENGTH) return lower;
  let found = stems.get(lower);
  if (found === undefined) {
    // Numbers, versions and codes stay as they are.
    found = STOP_WORDS.has(lower) ? null : /\d/.test(lower) ? lower : stem(lower);
    // Stemming is the costly part of indexing and highlighting; a docs site has a few thousand distinct words.
    stems.set(lower, found);
  }
  return found;
}

/** The words of a text, in order, with "log in" and the like joined (lazily: a snippet needs only the first few). */
function* eachWord(text: string): Generator<Word> {
  let pending: Word | null = null;
  for (const match of text.matchAll(WORD)) {
    const raw = match[0];
    const start = match.index ?? 0;
    const lower = raw.toLowerCase();
    // "log in": the second word merges into the first when nothing but a space separates them.
    if (pending && !pending.identifier && /^\s+$/.test(text.slice(pending.start + pending.text.length, start))) {
      const joined = JOINED.get(pending.text.toLowerCase())?.get(lower);
      if (joined) {
        yield {...pending, text: text.slice(pending.start, start + raw.length), stems: [joined]};
        pending = null;
        continue;
      }
    }
    if (pending) yield pending;
    const stems: string[] = [];
    // "app's", "don't": the letters after an apostrophe are not a word of their own.
    for (const part of raw.replace(/'\p{L}{1,2}$/u, '').match(PART) ?? []) {
      const term = stemOf(part);
      if (term) stems.push(term);
    }
    pending = {text: raw, start, identifier: isIdentifier(raw) ? lower : null, stems};
  }
  if (pending) yield pending;
}

export function wordsOf(text: string): Word[] {
  return [...eachWord(text)];
}

/**
 * The whole forms an identifier is found by: itself and, for a dotted name,
 * what follows each dot ("tower.run_app" also as "run_app").
 */
export function identifierForms(identifier: string): string[] {
  const forms = [identifier];
  let dot = identifier.indexOf('.');
  // Nothing after a final dot is an identifier: isIdentifier('') is false.
  while (dot > 0) {
    const rest = identifier.slice(dot + 1);
    if (isIdentifier(rest)) forms.push(rest);
    dot = identifier.indexOf('.', dot + 1);
  }
  return forms;
}

/**
 * The index terms of a text: every stem, and every identifier whole. The same
 * terms as the words of `eachWord` give, in one pass without building them:
 * this runs over every word of the docs when the browser builds the index.
 */
export function termsOf(text: string): string[] {
  const terms: string[] = [];
  // The second words that join the previous word, when it was one plain word whose stem ends `terms` ("log" for "log in").
  let joinable: {seconds: Map<string, string>; end: number} | null = null;
  WORD.lastIndex = 0;
  for (let match = WORD.exec(text); match; match = WORD.exec(text)) {
    const raw = match[0];
    const lower = raw.toLowerCase();
    if (joinable && /^\s+$/.test(text.slice(joinable.end, match.index))) {
      const joined = joinable.seconds.get(lower);
      if (joined) {
        terms[terms.length - 1] = joined;
        joinable = null;
        continue;
      }
    }
    joinable = null;
    if (isIdentifier(raw)) {
      terms.push(...identifierForms(lower));
      for (const part of raw.match(PART) ?? []) {
        const term = stemOf(part);
        if (term) terms.push(term);
      }
      continue;
    }
    const plain = raw.includes("'") ? raw.replace(/'\p{L}{1,2}$/u, '') : raw;
    for (const part of plain.match(PART) ?? []) {
      const term = stemOf(part);
      if (term) terms.push(term);
    }
    const seconds = JOINED.get(lower);
    if (seconds) joinable = {seconds, end: match.index + raw.length};
  }
  return terms;
}

export type HighlightTags = {pre: string; post: string};

/** How far into a text a snippet looks for a match before it settles for the text's start. */
const SNIPPET_SEARCH_WORDS = 400;

/** Does this word match one of the matched index terms? */
function wordMatches(word: Word, matched: Set<string>): boolean {
  if (word.identifier && identifierForms(word.identifier).some((form) => matched.has(form))) return true;
  return word.stems.some((term) => matched.has(term));
}

/**
 * Escapes `text` and wraps every word that matches one of `matched` in the
 * highlight tags. Only the tags are unescaped markup in the result.
 */
export function highlight(text: string, matched: Set<string>, tags: HighlightTags): {value: string; words: string[]} {
  let out = '';
  let last = 0;
  const words: string[] = [];
  for (const word of wordsOf(text)) {
    if (!wordMatches(word, matched)) continue;
    out += escapeHtml(text.slice(last, word.start)) + tags.pre + escapeHtml(word.text) + tags.post;
    last = word.start + word.text.length;
    words.push(word.text);
  }
  out += escapeHtml(text.slice(last));
  return {value: out, words};
}

/**
 * A window of about `size` words of `text` around its first matching word,
 * escaped and highlighted, with `ellipsis` where the text was cut, and the
 * matched words in it.
 */
export function snippet(text: string, matched: Set<string>, tags: HighlightTags, size = 20, ellipsis = '…'): {value: string; words: string[]} {
  const seen: Word[] = [];
  let first = -1;
  let more = false;
  for (const word of eachWord(text)) {
    // Enough for the window, or (no match early on) for a window at the start.
    if ((first >= 0 && seen.length >= Math.max(0, first - Math.floor(size / 3)) + size) || (first < 0 && seen.length >= SNIPPET_SEARCH_WORDS)) {
      more = true;
      break;
    }
    if (first < 0 && wordMatches(word, matched)) first = seen.length;
    seen.push(word);
  }
  const from = Math.max(0, Math.min(Math.max(first, 0) - Math.floor(size / 3), seen.length - size));
  const to = Math.min(seen.length, from + size);
  const cut = more || to < seen.length;
  const start = from === 0 ? 0 : seen[from].start;
  const end = cut ? seen[to - 1].start + seen[to - 1].text.length : text.length;
  const {value, words} = highlight(text.slice(start, end), matched, tags);
  return {value: (from > 0 ? ellipsis : '') + value + (cut ? ellipsis : ''), words};
}

/** Splits prose into sentences (used by the local Ask AI answers). */
export function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+(?=[A-Z`"'([])/u)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}
