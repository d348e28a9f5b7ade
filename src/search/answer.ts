/**
 * Ask AI in local mode: an answer assembled from the docs in the browser,
 * with no remote call and no language model. It reads the question the way
 * search does (src/search/query.ts: question words and filler dropped, the
 * reader's words mapped to the docs' words), takes the one section that
 * answers it best (and an adjacent section of the same page when that answers
 * as well), and quotes it in whole units: a sentence together with the list,
 * table or code block it introduces, never half of one. A "how" question is
 * led by the command, function or setting the section gives for the task.
 * When the question names something the docs do not cover, or no section
 * answers it, the answer says so and lists the closest pages instead of
 * padding an answer from sections that do not answer it.
 */
import type {Ranked, SearchEngine, SearchRequest} from './engine';
import type {QueryPlan} from './query';
import {ANSWER, MAIN_EXPANSION} from './ranking';
import {HIERARCHY_LEVELS, ownHeading, TRAIL_SEPARATOR, type Block} from './records';
import {sentences, termsOf} from './text';

export type Source = {url: string; title: string; breadcrumb: string[]};

export type Answer = {
  question: string;
  found: boolean;
  /**
   * The command, function or setting a "how" question is answered with, when
   * the quoted text gives it in a sentence rather than in a quoted code block
   * (a quoted code block that holds it comes first instead); null otherwise.
   */
  lead: {code: string; language: 'bash' | 'python'} | null;
  /** What the answer quotes, in the order shown: whole units of the cited sections. */
  blocks: Block[];
  /** The sections quoted: the best one, and an adjacent section of the same page that answers as well. */
  sources: Source[];
  /** The pages closest to the question (when not found, what to read instead). */
  closest: Source[];
};

/** Question words a heading can echo: "Where Tower runs" answers "where do runs execute", "Why environments matter" answers a why. */
const ASKING = /^\s*(where|when|why|who|which)\b/i;
/** A question asking for a way to do something: led by the command, function or setting. */
const ASKS_HOW = /^\s*(how\b|can i\b|what (command|function|flag|setting|key)\b)/i;

/** Code as the docs write it in a sentence: a CLI command, an SDK call or a Towerfile key. */
const CODE_PATTERNS = [
  // tower run --local, tower schedules create --cron "0 9 * * *"
  /\btower(?: [a-z][\w-]*){1,3}(?: (?:--?[a-z][\w-]*)(?:[= ](?:"[^"]*"|[^\s,;)]+))?)*/g,
  // tower.run_app(...), tower.tables.Table.upsert
  /\btower\.[a-z_][\w.]*(?:\([^)\n]{0,60}\))?/g,
  // pip install "tower[iceberg]", uvx tower, uv run
  /\b(?:pip install|uvx|uv run|brew install)\b[^\n,;]*/g,
  // a flag on its own: "Add --detached to get the run number"
  /(?<![\w-])--[a-z][\w-]*/g,
];

/**
 * How well a section answers, beyond what the ranking saw: better when its
 * heading echoes the question's question word ("Where Tower runs", for "where
 * do runs execute").
 */
function answerScore(entry: Ranked, asking: string | null): number {
  const echoes = asking !== null && new RegExp(`\\b${asking}\\b`, 'i').test(ownHeading(entry.record));
  return entry.score * (echoes ? ANSWER.askedBoost : 1);
}

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

/** A page as a closest page: its URL without an anchor, its title, and its breadcrumb down to the page. */
function pageSourceOf(entry: Ranked): Source {
  const {record} = entry;
  const title = record.hierarchy.lvl1 ?? '';
  const trail = record.hierarchy.lvl0 && record.hierarchy.lvl0 !== 'Documentation' ? record.hierarchy.lvl0.split(TRAIL_SEPARATOR) : [];
  return {url: record.url_without_anchor, title, breadcrumb: [...trail, title]};
}

const isCode = (block: Block): block is Extract<Block, {code: string}> => typeof block !== 'string' && 'code' in block;

/** The text of a block, for matching it against the question. */
function blockText(block: Block): string {
  if (typeof block === 'string') return block;
  if ('list' in block) return block.list.join('\n');
  if ('table' in block) return block.table.map((row) => row.join(' ')).join('\n');
  return block.code;
}

/** The question's terms with what finding each tells (rare terms count most: "detached" over "run"). */
type Wanted = Map<string, number>;

/** How much of the question a piece of text has: its wanted terms, each counted once, by what it tells. */
function overlap(text: string, wanted: Wanted): number {
  let score = 0;
  for (const term of new Set(termsOf(text))) score += wanted.get(term) ?? 0;
  return score;
}

/**
 * A section's blocks in units: a sentence that introduces what follows (it
 * ends with a colon) stays with the list, table or code block after it.
 */
function unitsOf(blocks: Block[]): Block[][] {
  const units: Block[][] = [];
  for (let i = 0; i < blocks.length; i += 1) {
    const block = blocks[i];
    const next = blocks[i + 1];
    if (typeof block === 'string' && /:\s*$/.test(block) && next !== undefined && typeof next !== 'string') {
      units.push([block, next]);
      i += 1;
    } else {
      units.push([block]);
    }
  }
  return units;
}

/** The blocks of a section: as extracted, or (a section read as text only) its lines as paragraphs. */
function sectionBlocks(entry: Ranked): Block[] {
  if (entry.record.blocks?.length) return entry.record.blocks;
  return (entry.record.content ?? '').split('\n').filter((line) => line.trim() !== '');
}

/** A block cut to what an answer shows: a table's first rows (saying how many more the section has), a code block's first lines. */
function trimmed(block: Block): Block[] {
  if (typeof block === 'string' || 'list' in block) return [block];
  if ('table' in block) {
    const more = block.table.length - 1 - ANSWER.maxRows;
    return more > 0 ? [{table: block.table.slice(0, ANSWER.maxRows + 1)}, `… and ${more} more ${more === 1 ? 'row' : 'rows'} in the section.`] : [block];
  }
  const lines = block.code.split('\n');
  return lines.length > ANSWER.maxCodeLines ? [{...block, code: `${lines.slice(0, ANSWER.maxCodeLines).join('\n')}\n…`}] : [block];
}

/** What a block says in sentences: a paragraph, or a list's items a line each; a table or a code block says none. */
const proseOf = (block: Block): string => (typeof block === 'string' ? block : 'list' in block ? block.list.join('\n') : '');

const proseLength = (unit: Block[]) => unit.reduce((sum, block) => sum + proseOf(block).length, 0);

/**
 * The units of a section that answer: the one with most of the question
 * (by overlap) first, then the others that have at least half as much, in the
 * page's order, while they fit (ANSWER.maxBlocks, ANSWER.maxProse). A unit
 * that has little or none of the question is left out, however close it
 * stands. `how`: a unit with a code block counts more (the question asks for a
 * way to do something); `opening`: the section's first sentence counts more
 * (it says what the heading's subject is).
 */
export function quotedUnits(
  blocks: Block[],
  wanted: Wanted,
  {how, opening}: {how: boolean; opening: boolean},
): Array<{unit: Block[]; score: number; position: number}> {
  const scored = unitsOf(blocks).map((unit, position) => {
    const text = unit.map(blockText).join('\n');
    // Of two units with the same words, the shorter says it more directly (a table, not a page of prose); code is
    // not counted: a command's whole block is the way to do it.
    const length = unit.reduce((sum, block) => sum + (isCode(block) ? 0 : blockText(block).length), 0);
    let score = overlap(text, wanted) / (1 + length / ANSWER.unitLength);
    if (how && unit.some(isCode)) score *= ANSWER.codeUnitBoost;
    if (opening && position === 0 && typeof unit[0] === 'string') score *= ANSWER.openingBoost;
    return {unit, position, score};
  });
  // A unit with none of the question is never quoted (with no unit that has any, nothing is).
  const top = Math.max(0, ...scored.map((entry) => entry.score));
  // Best first; the sort is stable, so of two that answer alike the earlier on the page comes first.
  const ranked = scored.filter((entry) => entry.score > 0).sort((a, b) => b.score - a.score);
  const chosen: typeof ranked = [];
  let blocksUsed = 0;
  let prose = 0;
  // A unit joins when it answers about half as well as the best, or, next to a unit already in, a quarter as well:
  // the answer reads as connected text ("Tower publishes these two addresses:" before "Add both addresses to any allowlist").
  const joins = (entry: (typeof ranked)[number]) =>
    entry.score >= top * ANSWER.unitShare ||
    (entry.score >= top * ANSWER.neighbourShare && chosen.some((other) => Math.abs(other.position - entry.position) === 1));
  for (let added = true; added;) {
    added = false;
    for (const entry of ranked) {
      if (chosen.includes(entry) || !joins(entry)) continue;
      const size = proseLength(entry.unit);
      if (chosen.length > 0 && (blocksUsed + entry.unit.length > ANSWER.maxBlocks || prose + size > ANSWER.maxProse)) continue;
      chosen.push(entry);
      blocksUsed += entry.unit.length;
      prose += size;
      added = true;
      break;
    }
  }
  return chosen
    .sort((a, b) => a.position - b.position)
    .map((entry) => ({...entry, unit: entry.unit.map((block, i) => shortened(block, wanted, i < entry.unit.length - 1))}));
}

/**
 * A long paragraph cut to its sentences that have some of the question, in
 * order, with "…" where sentences were left out; a paragraph that introduces
 * the next block keeps its last sentence, the one that introduces it.
 */
function shortened(block: Block, wanted: Wanted, introduces: boolean): Block {
  if (typeof block !== 'string' || block.length <= ANSWER.maxParagraph) return block;
  const parts = sentences(block);
  // A quoted paragraph has some of the question, so some sentence is kept.
  const kept = parts.map((sentence, i) => overlap(sentence, wanted) > 0 || (introduces && i === parts.length - 1));
  let text = '';
  parts.forEach((sentence, i) => {
    if (kept[i]) text += `${text && !kept[i - 1] ? ' … ' : text ? ' ' : ''}${sentence}`;
  });
  return kept[kept.length - 1] ? text : `${text} …`;
}

/** The code in a section's sentences that best matches the question, if any (inline code: `tower secrets create`). */
function codeInProse(blocks: Block[], wanted: Wanted): string | null {
  let best: {code: string; score: number} | null = null;
  for (const block of blocks) {
    for (const pattern of CODE_PATTERNS) {
      for (const match of proseOf(block).matchAll(pattern)) {
        const code = match[0].trim().replace(/[.:]$/, '');
        if (code.split(' ').length < 2 && !code.includes('.') && !code.startsWith('--')) continue;
        // Matching words first; then the shorter (the command itself rather than a long example).
        const score = overlap(code, wanted) - code.length / 1000;
        if (!best || score > best.score) best = {code, score};
      }
    }
  }
  // Code that shares only common words with the question ("tower", "app") does not do what it asks.
  return best && best.score >= ANSWER.leadOverlap ? best.code : null;
}

/**
 * A question read and its candidate sections ranked, before any text is read (see answerQuestion).
 * `nearby` ranks the question's words the docs do use, for the closest pages of a question that
 * names what the docs lack (its unknown words leave `ranked` empty or beside the point).
 */
export type Reading = {question: string; plan: QueryPlan; wanted: Wanted; ranked: Ranked[]; nearby: Ranked[]};

/**
 * Whether the question has a word the docs never use (Kubernetes, Ruby): it names something the
 * docs do not cover. A time or a number ("9am", "v2") is not such a word.
 */
const namesWhatDocsLack = (plan: QueryPlan) => plan.words.some((word) => word.required && word.expansions.length === 0 && !/\d/.test(word.text));

/** Category card pages list other pages; they answer nothing themselves. */
const hasContent = (entry: Ranked) => entry.record.kind !== 'category';

/** Reads a question and ranks the sections that may answer it. */
export function readQuestion(engine: SearchEngine, question: string, facetFilters?: SearchRequest['facetFilters']): Reading {
  // A question is asked in full: its last word is not the start of a longer one.
  const plan = engine.plan(question, {complete: true});
  const wanted: Wanted = new Map();
  for (const word of plan.words) {
    for (const {term, weight} of word.expansions) {
      if (weight >= MAIN_EXPANSION) wanted.set(term, Math.max(wanted.get(term) ?? 0, weight * engine.informativeness(term)));
    }
  }
  const asking = ASKING.exec(question)?.[1] ?? null;
  const ranked = engine
    .rank(question, facetFilters, {minShare: ANSWER.share, complete: true})
    .filter(hasContent)
    .map((entry) => ({...entry, score: answerScore(entry, asking)}))
    .sort((a, b) => b.score - a.score);
  const known = plan.words.filter((word) => word.expansions.length > 0).map((word) => word.text);
  // With no word of the question known, ranking the known words finds nothing, as the question itself does.
  const nearby = namesWhatDocsLack(plan) ? engine.rank(known.join(' '), facetFilters).filter(hasContent) : ranked;
  return {question, plan, wanted, ranked, nearby};
}

/** The sections an answer may quote, best first: their pages' text and blocks must be in before `answerFrom` (the browser loads them). */
export function sectionsToRead({ranked, plan}: Reading): Ranked[] {
  if (namesWhatDocsLack(plan)) return [];
  const pages = new Set<string>();
  const sections: Ranked[] = [];
  for (const entry of ranked) {
    pages.add(entry.record.url_without_anchor);
    if (pages.size > ANSWER.pagesToRead) break;
    sections.push(entry);
  }
  return sections;
}

/**
 * What the question asks within a section: its terms, those the section's
 * headings already have counting less ("tower mcp-server" for "which port
 * does the Tower MCP server use by default": the heading says which section,
 * the text gives the port).
 */
function askedWithin(entry: Ranked, wanted: Wanted): Wanted {
  const headings = new Set(
    termsOf(
      HIERARCHY_LEVELS.slice(1)
        .map((level) => entry.record.hierarchy[level])
        .join(' '),
    ),
  );
  return new Map([...wanted].map(([term, weight]) => [term, headings.has(term) ? weight * ANSWER.headingTermWeight : weight]));
}

const hasCode = (blocks: Block[]) => blocks.some(isCode);

/**
 * The section right before or after `entry` on its page, if it is among the
 * candidates and answers nearly as well; or, for a "how" question whose best
 * section gives no code, one that answers half as well and gives the code
 * ("Run apps on a schedule" explains, "Create a schedule" below it has the command).
 */
function adjacentAnswer(entry: Ranked, candidates: Ranked[], how: boolean): Ranked | undefined {
  const id = Number(entry.record.objectID);
  const needsCode = how && !hasCode(sectionBlocks(entry));
  return candidates.find(
    (other) =>
      other.record.url_without_anchor === entry.record.url_without_anchor &&
      Math.abs(Number(other.record.objectID) - id) === 1 &&
      (other.score >= entry.score * ANSWER.adjacentShare ||
        (needsCode && other.score >= entry.score * ANSWER.adjacentCodeShare && hasCode(sectionBlocks(other)))),
  );
}

/** The answer to a question read, from the text and blocks of its sections. */
export function answerFrom({question, plan, wanted, ranked, nearby}: Reading): Answer {
  const closest: Source[] = [];
  for (const entry of nearby) {
    if (closest.length >= ANSWER.closestPages) break;
    if (!closest.some((source) => source.url === entry.record.url_without_anchor)) closest.push(pageSourceOf(entry));
  }
  const notFound: Answer = {question, found: false, lead: null, blocks: [], sources: [], closest};
  if (namesWhatDocsLack(plan)) return notFound;

  // The best section that has something to quote; the next ones only when it has nothing.
  const how = ASKS_HOW.test(question);
  for (const best of ranked.slice(0, ANSWER.pagesToRead)) {
    const asked = askedWithin(best, wanted);
    const units = quotedUnits(sectionBlocks(best), asked, {how, opening: true});
    if (units.length === 0) continue;
    const sections = [best];
    const next = adjacentAnswer(best, ranked, how);
    const more = next ? quotedUnits(sectionBlocks(next), askedWithin(next, wanted), {how, opening: false}) : [];
    if (next && more.length) sections.push(next);
    sections.sort((a, b) => Number(a.record.objectID) - Number(b.record.objectID));
    const scored = (sections[0] === best ? [units, more] : [more, units]).flat();

    let lead: string | null = null;
    if (how) {
      // Led by the code that does the task: a quoted code block that has the question's words comes first;
      // else the command the quoted sentences give.
      // A code unit leads only when it answers about as well as the best unit: a script that merely uses the
      // question's words ("alerts" in an API script) does not lead an answer about getting alerts.
      const best = Math.max(...scored.map((entry) => entry.score));
      const withCode = scored.findIndex((entry) => entry.score >= best * ANSWER.codeLeadShare && hasCode(entry.unit));
      if (withCode >= 0) {
        scored.unshift(...scored.splice(withCode, 1));
      } else {
        lead = codeInProse(
          scored.flatMap((entry) => entry.unit),
          asked,
        );
        // The command is in a quoted code block too: that block leads, rather than the command twice.
        const holding = lead === null ? -1 : scored.findIndex((entry) => entry.unit.some((block) => isCode(block) && block.code.includes(lead as string)));
        if (holding >= 0) {
          scored.unshift(...scored.splice(holding, 1));
          lead = null;
        }
      }
    }
    return {
      question,
      found: true,
      lead: lead === null ? null : {code: lead, language: lead.startsWith('tower.') ? 'python' : 'bash'},
      blocks: scored.flatMap((entry) => entry.unit).flatMap(trimmed),
      sources: sections.map(sourceOf),
      closest,
    };
  }
  return notFound;
}

/** Answers a question from the docs (every page's text and blocks in, as in Node). */
export function answerQuestion(engine: SearchEngine, question: string, facetFilters?: SearchRequest['facetFilters']): Answer {
  return answerFrom(readQuestion(engine, question, facetFilters));
}
