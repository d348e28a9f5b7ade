/**
 * What the modal does to hits before DocSearch renders them.
 *
 * - Safe markup: DocSearch writes a hit's `_snippetResult` and
 *   `_highlightResult` values (or, without them, the raw `hierarchy` and
 *   `content`) into the page as HTML. Index data is not trusted, in Algolia
 *   mode least of all (a crawled page that shows HTML in a code sample), so
 *   every value is rebuilt here: decoded, escaped again, and only the
 *   highlight tags are markup.
 * - One group per page (local mode): DocSearch groups hits by `lvl0` in order
 *   of first appearance, which would pull a page up next to an earlier page of
 *   the same section of the site. With the page's own breadcrumb as the group,
 *   the modal lists pages in the order the /search page does, each with its
 *   best sections under it.
 * - The Ask AI row (local mode): when the query reads as a question, Ask AI
 *   is the first row, as DocSearch's own Ask AI entry is in Algolia mode.
 */
import {TRAIL_SEPARATOR} from '@site/src/search/records';
import {escapeHtml, unescapeHtml} from '@site/lib/html';

const LEVELS = ['lvl0', 'lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'] as const;

type Value = {value: string; matchLevel?: string; matchedWords?: string[]};
type LevelValues = Partial<Record<(typeof LEVELS)[number], Value>>;

type ModalHit = {
  url: string;
  url_without_anchor?: string;
  type?: string;
  content?: string | null;
  hierarchy: Record<string, string | null>;
  _highlightResult?: {hierarchy?: LevelValues; hierarchy_camel?: LevelValues[]; content?: Value};
  _snippetResult?: {hierarchy?: LevelValues; hierarchy_camel?: LevelValues[]; content?: Value};
};

const PRE = '<mark>';
const POST = '</mark>';

/** A highlighted value with everything but DocSearch's <mark> tags escaped. */
function safeHighlight(value: string): string {
  return value
    .split(/(<mark>|<\/mark>)/)
    .map((part) => (part === PRE || part === POST ? part : escapeHtml(unescapeHtml(part))))
    .join('');
}

function safeLevels(values: LevelValues | undefined, hierarchy: ModalHit['hierarchy']): LevelValues {
  const safe: LevelValues = {};
  for (const level of LEVELS) {
    const raw = hierarchy[level];
    if (raw === null || raw === undefined) continue;
    const given = values?.[level];
    safe[level] = {...given, value: given ? safeHighlight(given.value) : escapeHtml(raw)};
  }
  return safe;
}

/** The hit with every value DocSearch renders as HTML made safe. */
export function safeHit<T extends ModalHit>(hit: T): T {
  const highlighted = safeLevels(hit._highlightResult?.hierarchy, hit.hierarchy);
  const snippets = safeLevels(hit._snippetResult?.hierarchy ?? hit._highlightResult?.hierarchy, hit.hierarchy);
  const content = (given: Value | undefined): Value | undefined =>
    given ? {...given, value: safeHighlight(given.value)} : hit.content ? {value: escapeHtml(hit.content)} : undefined;
  return {
    ...hit,
    _highlightResult: {...hit._highlightResult, hierarchy: highlighted, hierarchy_camel: [highlighted], content: content(hit._highlightResult?.content)},
    _snippetResult: {
      ...hit._snippetResult,
      hierarchy: snippets,
      hierarchy_camel: [snippets],
      content: content(hit._snippetResult?.content ?? hit._highlightResult?.content),
    },
  };
}

/** The hit grouped under its own page: lvl0 becomes the page's breadcrumb ("Reference › Tower API › Schedules › Create a schedule"). */
export function groupedByPage<T extends ModalHit>(hit: T): T {
  const page = [hit.hierarchy.lvl0, hit.hierarchy.lvl1].filter((step) => step && step !== 'Documentation').join(TRAIL_SEPARATOR);
  const label = {value: escapeHtml(page), matchLevel: 'none', matchedWords: []};
  const withLabel = (values: LevelValues | undefined): LevelValues => ({...values, lvl0: label});
  return {
    ...hit,
    hierarchy: {...hit.hierarchy, lvl0: page},
    _highlightResult: {
      ...hit._highlightResult,
      hierarchy: withLabel(hit._highlightResult?.hierarchy),
      hierarchy_camel: [withLabel(hit._highlightResult?.hierarchy)],
    },
    _snippetResult: {...hit._snippetResult, hierarchy: withLabel(hit._snippetResult?.hierarchy), hierarchy_camel: [withLabel(hit._snippetResult?.hierarchy)]},
  };
}

/** The objectID of the modal's Ask AI row, which is listed like a result but opens Ask AI. */
export const ASK_AI_ROW_ID = 'tower-ask-ai';

/**
 * The Ask AI row for `query`: a hit DocSearch lists (and the arrow keys reach)
 * before the results, grouped under "Ask AI". Its URL, used only by a
 * middle click or Ctrl+click, is the search page for the query.
 */
export function askAiRow(query: string, searchPageUrl: string): ModalHit & {objectID: string} {
  return {
    objectID: ASK_AI_ROW_ID,
    url: searchPageUrl,
    url_without_anchor: searchPageUrl,
    type: 'lvl1',
    content: null,
    hierarchy: {lvl0: 'Ask AI', lvl1: query, lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null},
  };
}

export function isAskAiRow(hit: {objectID?: string}): boolean {
  return hit.objectID === ASK_AI_ROW_ID;
}
