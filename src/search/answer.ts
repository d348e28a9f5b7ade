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
import type {QueryPlan} from './query';
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

/** A part from the same page as a better one must score this share of it to take its place (see pickSection). */
const SAME_PAGE_SHARE = 0.5;
/** How much more a section counts when its heading asks the question's own question word ("Where Tower runs"). */
const ASKED_BOOST = 1.5;
/** Question words a heading can echo: "Where Tower runs" answers "where do runs execute", "Why environments matter" answers a why. */
const ASKING = /^\s*(where|when|why|who|which)\b/i;

/** The heading of a section: its own, or the page's title for the page's top. */
function ownHeading(record: Ranked['record']): string {
  for (const level of [...HIERARCHY_LEVELS].reverse()) {
    if (level === 'lvl0') break;
    const heading = record.hierarchy[level];
    if (heading) return heading;
  }
  return '';
}

/**
 * How well a section answers, beyond matching the question's words: better
 * when the headings above it name them ("Logs" on the Runs page, for "how do
 * I see the logs of a run") and when its heading echoes the question's
 * question word ("Where Tower runs", for "where do runs execute").
 */
function answerScore(entry: Ranked, asking: string | null): number {
  const echoes = asking !== null && new RegExp(`\\b${asking}\\b`, 'i').test(ownHeading(entry.record));
  return entry.score * (1 + entry.headingShare) * (echoes ? ASKED_BOOST : 1);
}

/** The share of a section's own heading that the question names: 1 for "Call a model" and "how do I call a language model". */
function headingFit(entry: Ranked, wanted: Set<string>): number {
  const heading = new Set(termsOf(ownHeading(entry.record)));
  let named = 0;
  for (const term of heading) if (wanted.has(term)) named += 1;
  return heading.size ? named / heading.size : 0;
}

/**
 * The section of a page that answers for it: the page's best one or, when
 * that one's heading says more than was asked, a section of the same page
 * nearly as good whose heading says only what was asked. A page's
 * introduction often has every word of the question; "Call a model" further
 * down is the answer to "how do I call a language model from my app".
 */
function pickSection(best: Ranked, ranked: Ranked[], wanted: Set<string>): Ranked {
  if (headingFit(best, wanted) === 1) return best;
  for (const entry of ranked) {
    if (entry.score < best.score * SAME_PAGE_SHARE) break;
    if (entry !== best && entry.record.url_without_anchor === best.record.url_without_anchor && headingFit(entry, wanted) === 1) return entry;
  }
  return best;
}

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

/** What a section says for the question: the code it gives for the task and the sentences that say it. */
function partOf(entry: Ranked, wanted: Set<string>): AnswerPart {
  const content = entry.record.content ?? '';
  const terms = new Set([...wanted, ...entry.terms]);
  return {...sourceOf(entry), code: bestCode(content, terms), text: bestSentences(content, terms)};
}

/**
 * A question read and its candidate sections ranked, before any text is read (see answerQuestion).
 * `nearby` ranks the question's words the docs do use, for the closest pages of a question that
 * names what the docs lack (its unknown words leave `ranked` empty or beside the point).
 */
export type Reading = {question: string; plan: QueryPlan; wanted: Set<string>; ranked: Ranked[]; nearby: Ranked[]};

/** Whether the question has a word the docs never use (Kubernetes, Ruby): it names something the docs do not cover. */
const namesWhatDocsLack = (plan: QueryPlan) => plan.words.some((word) => word.required && word.expansions.length === 0);

/** Category card pages list other pages; they answer nothing themselves. */
const hasContent = (entry: Ranked) => entry.record.kind !== 'category';

/** Reads a question and ranks the sections that may answer it. */
export function readQuestion(engine: SearchEngine, question: string, facetFilters?: SearchRequest['facetFilters']): Reading {
  // A question is asked in full: its last word is not the start of a longer one.
  const plan = engine.plan(question, {complete: true});
  const wanted = new Set(plan.words.flatMap((word) => word.expansions.filter((expansion) => expansion.weight >= 0.5).map((expansion) => expansion.term)));
  const asking = ASKING.exec(question)?.[1].toLowerCase() ?? null;
  const ranked = engine
    .rank(question, facetFilters, {minShare: ANSWER_SHARE, complete: true})
    .filter(hasContent)
    .map((entry) => ({...entry, score: answerScore(entry, asking)}))
    .sort((a, b) => b.score - a.score);
  const known = plan.words.filter((word) => word.expansions.length > 0).map((word) => word.text);
  const nearby = namesWhatDocsLack(plan) && known.length > 0 ? engine.rank(known.join(' '), facetFilters).filter(hasContent) : ranked;
  return {question, plan, wanted, ranked, nearby};
}

/** Pages whose text the browser loads for an answer, at most: an answer quotes three. */
const PAGES_TO_READ = 8;

/** The sections an answer may quote: their pages' text must be in before `answerFrom` (the browser loads it). */
export function sectionsToRead({ranked}: Reading): Ranked[] {
  const enough = (ranked[0]?.score ?? 0) * Math.min(PART_SCORE_SHARE, SAME_PAGE_SHARE);
  const pages = new Set<string>();
  const sections: Ranked[] = [];
  for (const entry of ranked) {
    if (entry.score < enough) break;
    pages.add(entry.record.url_without_anchor);
    if (pages.size > PAGES_TO_READ) break;
    sections.push(entry);
  }
  return sections;
}

/** The answer to a question read, from the text of its sections. */
export function answerFrom({question, plan, wanted, ranked, nearby}: Reading): Answer {
  const answering = namesWhatDocsLack(plan) ? [] : ranked;
  const closest: Source[] = [];
  for (const entry of nearby) {
    if (closest.length >= MAX_PARTS) break;
    if (!closest.some((source) => source.url.split('#')[0] === entry.record.url_without_anchor))
      closest.push({...sourceOf(entry), url: entry.record.url_without_anchor, title: entry.record.hierarchy.lvl1 ?? ''});
  }
  if (answering.length === 0) return {question, found: false, parts: [], closest};

  const parts: AnswerPart[] = [];
  const pages = new Set<string>();
  for (const best of answering) {
    if (parts.length >= MAX_PARTS || best.score < answering[0].score * PART_SCORE_SHARE) break;
    if (pages.has(best.record.url_without_anchor)) continue;
    const part = [pickSection(best, answering, wanted), best].map((entry) => partOf(entry, wanted)).find((candidate) => candidate.text || candidate.code);
    if (!part) continue;
    pages.add(best.record.url_without_anchor);
    parts.push(part);
  }
  return parts.length ? {question, found: true, parts, closest} : {question, found: false, parts: [], closest};
}

/** Answers a question from the docs (every page's text in, as in Node). */
export function answerQuestion(engine: SearchEngine, question: string, facetFilters?: SearchRequest['facetFilters']): Answer {
  return answerFrom(readQuestion(engine, question, facetFilters));
}
