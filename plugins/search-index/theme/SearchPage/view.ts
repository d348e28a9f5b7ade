/**
 * What the /search page draws, shared by its two painters: the React page
 * (index.tsx) and the first paint (../../first-paint/paint.ts), which draws
 * the first results before the bundles run. Both build the same elements
 * with these class names (global, not CSS-module names, so the first paint
 * can use them) from these functions, and React's results then take the
 * first paint's place without anything moving.
 */
import {KIND_FILTERS} from '@site/src/search/kinds';

export const CLASSES = {
  page: 'search-page',
  form: 'search-page__form',
  input: 'search-page__input',
  filters: 'search-page__filters',
  filterCount: 'search-page__filter-count',
  summary: 'search-page__summary',
  results: 'search-page__results',
  result: 'search-page__result',
  resultTitle: 'search-page__result-title',
  breadcrumbs: 'search-page__breadcrumbs',
  snippet: 'search-page__snippet',
  sections: 'search-page__sections',
  sectionTitle: 'search-page__section-title',
  more: 'search-page__more',
  notice: 'search-page__notice',
  firstPaint: 'search-page__first-paint',
  offers: 'search-page__offers',
  suggestions: 'search-page__suggestions',
  popular: 'search-page__popular',
} as const;

/** The element the first paint draws into (React renders it empty and leaves its content alone until its own results are in). */
export const FIRST_PAINT_ID = 'search-first-paint';

/** A kind-of-page filter as the page shows it: its label and how many pages it would show (null until counted). */
export type KindOption = {id: string | null; label: string; count: number | null};

export function kindOptions(counts: Record<string, number> | undefined): KindOption[] {
  const countOf = (kinds: readonly string[]) => (counts ? kinds.reduce((sum, kind) => sum + (counts[kind] ?? 0), 0) : null);
  return [
    {id: null, label: 'All', count: counts ? Object.values(counts).reduce((a, b) => a + b, 0) : null},
    ...KIND_FILTERS.map((filter) => ({id: filter.id, label: filter.label, count: countOf(filter.kinds)})),
  ];
}

/** The class of a filter button, pressed or not (Infima's small buttons). */
export function kindButtonClass(pressed: boolean): string {
  return `button button--sm ${pressed ? 'button--primary' : 'button--secondary'}`;
}

/**
 * A snippet that reads as text. The page's text keeps its blocks apart with
 * line breaks (a paragraph, a table row, a code line), and a snippet cut
 * from it may begin in one block and run into the next: a sentence, then a
 * table's header row, then its cells. Shown as one paragraph that reads as
 * flattened table fragments. So the snippet starts at the block where the
 * first match is (the blocks before it are what run together), and the
 * blocks it keeps are set apart with a middle dot.
 *
 * `value` is a highlighted value: `pre` and `post` mark the matches.
 */
export function readableSnippet(value: string, pre: string, ellipsis = '…'): string {
  const blocks = value.split('\n').filter((block) => block.trim() !== '');
  if (blocks.length <= 1) return blocks[0] ?? '';
  const first = Math.max(
    0,
    blocks.findIndex((block) => block.includes(pre)),
  );
  const kept = blocks.slice(first).map((block) => block.trim());
  if (first > 0 && !kept[0].startsWith(ellipsis)) kept[0] = `${ellipsis}${kept[0]}`;
  return kept.join(' · ');
}
