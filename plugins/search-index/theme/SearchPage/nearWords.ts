/**
 * "Did you mean" for a search that finds nothing. The engine already forgives
 * a typo or two in every word, so a query that finds nothing has words the
 * docs do not use at all; what can help is a word the docs do use that is a
 * little further away than the engine reaches. The candidates are the words
 * of the docs' headings (they name the docs' topics, and they are readable
 * words, where the index holds stems), looked up with the engine's own
 * vocabulary search one edit further than its typo rule.
 */
import type {SearchEngine} from '@site/src/search/engine';
import {typosAllowed, Vocabulary} from '@site/src/search/query';
import {HIERARCHY_LEVELS} from '@site/src/search/records';
import {stemOf, wordsOf} from '@site/src/search/text';

type HeadingWords = {vocabulary: Vocabulary; spelling: Map<string, string>};

const headingWordsOf = new WeakMap<SearchEngine, HeadingWords>();

/** The words of every heading, by stem, each with its most frequent spelling. */
function headingWords(engine: SearchEngine): HeadingWords {
  const known = headingWordsOf.get(engine);
  if (known) return known;
  const headings = new Set<string>();
  for (const record of engine.records) {
    for (const level of HIERARCHY_LEVELS.slice(1)) {
      const heading = record.hierarchy[level];
      if (heading) headings.add(heading);
    }
  }
  const counts = new Map<string, Map<string, number>>();
  for (const heading of headings) {
    for (const word of wordsOf(heading)) {
      if (word.identifier || word.stems.length !== 1 || !/^\p{L}{3,}$/u.test(word.text)) continue;
      const spellings = counts.get(word.stems[0]) ?? new Map<string, number>();
      const spelled = word.text.toLowerCase();
      spellings.set(spelled, (spellings.get(spelled) ?? 0) + 1);
      counts.set(word.stems[0], spellings);
    }
  }
  const spelling = new Map<string, string>();
  for (const [stem, spellings] of counts) spelling.set(stem, [...spellings].sort((a, b) => b[1] - a[1])[0][0]);
  const found = {vocabulary: new Vocabulary(spelling.keys()), spelling};
  headingWordsOf.set(engine, found);
  return found;
}

/**
 * Searches to suggest for `query`, which found nothing: first the query with
 * each unknown word replaced by its closest heading word, then those words
 * one by one, closest first; at most `limit`.
 */
export function nearSearches(engine: SearchEngine, query: string, limit = 4): string[] {
  const plan = engine.plan(query, {complete: true});
  const {vocabulary, spelling} = headingWords(engine);
  const replaced = plan.words.map((word) => {
    if (word.expansions.length > 0 || !word.required) return {word, near: [] as string[]};
    const typed = word.text.toLowerCase();
    const forms = [...new Set([stemOf(typed) ?? typed, typed])];
    const near = [...vocabulary.near(forms, typosAllowed(typed.length) + 1)]
      .sort((a, b) => a[1] - b[1] || a[0].length - b[0].length)
      .map(([stem]) => spelling.get(stem) ?? stem);
    return {word, near};
  });
  const suggestions = new Set<string>();
  if (replaced.some(({near}) => near.length > 0)) {
    const whole = replaced
      .map(({word, near}) => (word.expansions.length > 0 || !word.required ? word.text : near[0]))
      .filter(Boolean)
      .join(' ');
    suggestions.add(whole);
  }
  for (const {near} of replaced) for (const word of near) suggestions.add(word);
  return [...suggestions].slice(0, limit);
}
