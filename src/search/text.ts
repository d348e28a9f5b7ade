/**
 * Text handling shared by the index builder, the search engine and its tests:
 * splitting text into words, normalising words into index terms, HTML
 * escaping, highlighting and snippets.
 */

/**
 * The parts of a word: runs of letters and digits. A compound such as
 * tower.run_app or list-runs is indexed as its parts (tower, run, app).
 */
const WORD_PART = /[\p{L}\p{N}]+/gu;

/** A whole word, compounds included: letters and digits joined by `.`, `_`, `-` or `'`; highlights mark whole words. */
const WORD = /[\p{L}\p{N}]+(?:[._\-'][\p{L}\p{N}]+)*/gu;
const PART_SEPARATOR = /[._\-']+/;

/** Words too common to help find a section; dropped from queries and the index. */
const STOP_WORDS = new Set(
  (
    'a an the and or of to in on for with is are was be been by it its this that these those as at from ' +
    'how do does did i my me can could should would what when where which who why you your we our us ' +
    'into about if then so there their they them will shall am'
  ).split(' '),
);

/** Splits text into the parts of its words, in reading order. */
export function splitWords(text: string): string[] {
  // One match per part: about twice as fast as matching whole compounds and splitting them,
  // which matters for the browser's index build.
  return text.match(WORD_PART) ?? [];
}

/**
 * Lowercases a word and reduces simple English plurals (schedules -> schedule,
 * queries -> query, installing -> install), so the index and the query meet on the same form.
 * Returns null for stop words.
 */
export function normaliseTerm(word: string): string | null {
  const term = word.toLowerCase();
  if (STOP_WORDS.has(term)) return null;
  if (term.length > 4 && term.endsWith('ies')) return `${term.slice(0, -3)}y`;
  // installing, installed, installation -> install (prefix search covers the rest).
  if (term.length > 7 && term.endsWith('ation')) return term.slice(0, -5);
  if (term.length > 6 && term.endsWith('ing')) return term.slice(0, -3);
  if (term.length > 3 && term.endsWith('s') && !/(ss|us|is|os)$/.test(term) && !/\d/.test(term)) {
    return term.slice(0, -1);
  }
  return term;
}

/** The index terms of a text, in order. */
export function termsOf(text: string): string[] {
  const terms: string[] = [];
  for (const word of splitWords(text)) {
    const term = normaliseTerm(word);
    if (term) terms.push(term);
  }
  return terms;
}

const ESCAPES: Record<string, string> = {'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;'};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

const UNESCAPES: Record<string, string> = {'&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&#x27;': "'"};

/** Decodes the entities an escaped highlight value can hold (named ones above and numeric ones). */
export function unescapeHtml(text: string): string {
  return text.replace(/&(?:amp|lt|gt|quot|#\d+|#x[0-9a-f]+);/gi, (entity) => {
    if (UNESCAPES[entity]) return UNESCAPES[entity];
    const code = entity[2] === 'x' || entity[2] === 'X' ? parseInt(entity.slice(3, -1), 16) : parseInt(entity.slice(2, -1), 10);
    return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
  });
}

export type HighlightTags = {pre: string; post: string};

/** Does this word of the text match one of the matched index terms? */
function wordMatches(word: string, matched: Set<string>): boolean {
  for (const part of word.split(PART_SEPARATOR)) {
    const term = normaliseTerm(part);
    if (term && matched.has(term)) return true;
  }
  return false;
}

/**
 * Escapes `text` and wraps every word that matches one of `matched` in the
 * highlight tags. Only the tags are unescaped markup in the result.
 */
export function highlight(text: string, matched: Set<string>, tags: HighlightTags): {value: string; words: string[]} {
  let out = '';
  let last = 0;
  const words: string[] = [];
  for (const match of text.matchAll(WORD)) {
    const start = match.index ?? 0;
    if (!wordMatches(match[0], matched)) continue;
    out += escapeHtml(text.slice(last, start)) + tags.pre + escapeHtml(match[0]) + tags.post;
    last = start + match[0].length;
    words.push(match[0]);
  }
  out += escapeHtml(text.slice(last));
  return {value: out, words};
}

/**
 * A window of about `size` words of `text` around its first matching word,
 * escaped and highlighted, with `ellipsis` where the text was cut.
 */
export function snippet(
  text: string,
  matched: Set<string>,
  tags: HighlightTags,
  size = 20,
  ellipsis = '…',
): {value: string; matched: boolean} {
  const spans = [...text.matchAll(WORD)].map((m) => ({start: m.index ?? 0, end: (m.index ?? 0) + m[0].length, word: m[0]}));
  if (spans.length <= size) {
    const {value, words} = highlight(text, matched, tags);
    return {value, matched: words.length > 0};
  }
  let first = spans.findIndex((span) => wordMatches(span.word, matched));
  const found = first >= 0;
  if (!found) first = 0;
  const from = Math.max(0, Math.min(first - Math.floor(size / 3), spans.length - size));
  const to = Math.min(spans.length, from + size);
  const start = from === 0 ? 0 : spans[from].start;
  const end = to === spans.length ? text.length : spans[to - 1].end;
  const {value} = highlight(text.slice(start, end), matched, tags);
  return {value: (from > 0 ? ellipsis : '') + value + (to < spans.length ? ellipsis : ''), matched: found};
}

/** Splits prose into sentences (used by the local Ask AI answers). */
export function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+(?=[A-Z`"'(\[])/u)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}
