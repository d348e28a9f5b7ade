/**
 * Ask AI in local mode: an answer put together from the docs in the browser,
 * with no remote call. It reads the question the way search does (question
 * words dropped, the task's words kept, typos and other words for the same
 * thing allowed), takes the section that answers it best and at most two
 * more from other pages that answer it nearly as well, and leads each part
 * with the command, function or setting the section gives for the task (as
 * code), followed by the sentences that say it, and a link to the section.
 * When no section has all of the question's words, it says the docs do not
 * answer it and lists the closest pages instead of padding an answer.
 */
import type {Ranked, SearchEngine, SearchRequest} from './engine';
import {HIERARCHY_LEVELS, TRAIL_SEPARATOR} from './records';
import {sentences, termsOf} from './text';

export type Source = {url: string; title: string; breadcrumb: string[]};
export type AnswerPart = Source & {
  /** The command, function or setting the section gives for the task, shown as code; null when it gives none. */
  code: string | null;
  text: string;
};
export type Answer = {question: string; found: boolean; parts: AnswerPart[]; closest: Source[]};

/** A part after the first must score at least this share of the first. */
const PART_SCORE_SHARE = 0.5;
/**
 * A section answers when it has this share of the question's words: a
 * question says more than its answer does ("pass" parameters, "call" a model).
 */
const ANSWER_SHARE = 0.6;
const MAX_PARTS = 3;
const MAX_TEXT = 320;

/** Code as the docs write it: a CLI command, an SDK call or a Towerfile key, found in a section's text. */
const CODE_PATTERNS = [
  // tower run --local, tower schedules create --cron "0 9 * * *"
  /\btower(?: [a-z][\w-]*){1,3}(?: (?:--?[a-z][\w-]*)(?:[= ](?:"[^"]*"|[^\s,;)]+))?)*/g,
  // tower.run_app(...), tower.tables.Table.upsert
  /\btower\.[a-z_][\w.]*(?:\([^)\n]{0,60}\))?/g,
  // pip install "tower[iceberg]", uvx tower, uv run
  /\b(?:pip install|uvx|uv run|brew install)\b[^\n,;]*/g,
];

function sourceOf(entry: Ranked): Source {
  const {record} = entry;
  const breadcrumb = [
    ...(record.hierarchy.lvl0 && record.hierarchy.lvl0 !== 'Documentation' ? record.hierarchy.lvl0.split(TRAIL_SEPARATOR) : []),
    ...HIERARCHY_LEVELS.slice(1)
      .map((level) => record.hierarchy[level])
      .filter((value): value is string => Boolean(value)),
  ];
  return {url: record.url, title: breadcrumb[breadcrumb.length - 1], breadcrumb};
}

/** How many of the wanted terms a piece of text has (a term counts once). */
function overlap(text: string, wanted: Set<string>): number {
  let count = 0;
  for (const term of new Set(termsOf(text))) if (wanted.has(term)) count += 1;
  return count;
}

/** The code in a section that best matches the question, if any. */
function bestCode(content: string, wanted: Set<string>): string | null {
  let best: {code: string; score: number} | null = null;
  for (const pattern of CODE_PATTERNS) {
    for (const match of content.matchAll(pattern)) {
      const code = match[0].trim().replace(/[.:]$/, '');
      if (code.split(' ').length < 2 && !code.includes('.')) continue;
      // Matching words first; then the shorter (the command itself rather than a long example).
      const score = overlap(code, wanted) - code.length / 1000;
      if (!best || score > best.score) best = {code, score};
    }
  }
  return best && best.score > 0 ? best.code : null;
}

/** The one or two sentences of a section that share the most terms with the question, in reading order. */
function bestSentences(content: string, wanted: Set<string>): string {
  const candidates = content
    .split('\n')
    // A line without a full stop and with code-like characters is code, not prose.
    .filter((line) => /[.!?]["')]?$/.test(line.trim()) || !/[=(){}[\]$#]/.test(line))
    .flatMap((line) => sentences(line))
    .map((sentence, position) => ({sentence, position, score: overlap(sentence, wanted)}))
    .filter((candidate) => candidate.score > 0 && candidate.sentence.length > 20);
  if (candidates.length === 0) return '';
  const chosen = [...candidates].sort((a, b) => b.score - a.score || a.position - b.position).slice(0, 2);
  chosen.sort((a, b) => a.position - b.position);
  let text = '';
  for (const {sentence} of chosen) {
    const next = text ? `${text} ${sentence}` : sentence;
    if (next.length > MAX_TEXT && text) break;
    text = next.length > MAX_TEXT ? `${next.slice(0, MAX_TEXT - 1).trimEnd()}…` : next;
  }
  return text;
}

/** Answers a question from the docs. */
export function answerQuestion(engine: SearchEngine, question: string, facetFilters?: SearchRequest['facetFilters']): Answer {
  const plan = engine.plan(question);
  const ranked = engine.rank(question, facetFilters, {minShare: ANSWER_SHARE}).filter((entry) => entry.record.kind !== 'category');
  const wanted = new Set(plan.words.flatMap((word) => word.expansions.filter((expansion) => expansion.weight >= 0.5).map((expansion) => expansion.term)));
  // A word the docs never use (Kubernetes, Ruby) names something the docs do not cover.
  const unknown = plan.words.some((word) => word.required && word.expansions.length === 0);
  const answering = unknown ? [] : ranked;
  const closest: Source[] = [];
  for (const entry of ranked) {
    if (closest.length >= MAX_PARTS) break;
    if (!closest.some((source) => source.url.split('#')[0] === entry.record.url_without_anchor)) closest.push({...sourceOf(entry), url: entry.record.url_without_anchor, title: entry.record.hierarchy.lvl1 ?? ''});
  }
  if (answering.length === 0) return {question, found: false, parts: [], closest};

  const parts: AnswerPart[] = [];
  const pages = new Set<string>();
  for (const entry of answering) {
    if (parts.length >= MAX_PARTS || entry.score < answering[0].score * PART_SCORE_SHARE) break;
    if (pages.has(entry.record.url_without_anchor)) continue;
    const content = entry.record.content ?? '';
    const terms = new Set([...wanted, ...entry.terms]);
    const text = bestSentences(content, terms);
    const code = bestCode(content, terms);
    if (!text && !code) continue;
    pages.add(entry.record.url_without_anchor);
    parts.push({...sourceOf(entry), code, text});
  }
  return parts.length ? {question, found: true, parts, closest} : {question, found: false, parts: [], closest};
}
