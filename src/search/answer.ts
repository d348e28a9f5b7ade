import {HIERARCHY_LEVELS} from './records';
import type {SearchEngine, SearchRequest} from './engine';
import {sentences, termsOf} from './text';

export type AnswerPart = {text: string; url: string; title: string; breadcrumb: string[]};
export type Answer = {question: string; parts: AnswerPart[]};

/**
 * Ask AI in local mode: a short answer assembled from the best matching
 * sections, each part quoting the sentences that cover the question and
 * linking to its section. Nothing leaves the browser.
 */
export function answerQuestion(engine: SearchEngine, question: string, facetFilters?: SearchRequest['facetFilters'], maxParts = 3): Answer {
  const ranked = engine.rank(question, facetFilters);
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
