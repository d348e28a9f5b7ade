/**
 * The kinds of island a docs page body can hold (see ./index.tsx): for each,
 * the module the page's MDX imports its component from (plugins/islands wraps
 * the elements of that component) and how its outermost element is found in
 * the server-rendered body (src/theme/DocItem/Content/DocBody.tsx).
 *
 * A new component with state inside page content needs an entry here;
 * without one it renders, but its buttons and fields do nothing until a
 * client-side navigation renders the page.
 */
export const ISLAND_KINDS = [
  {name: 'tabs', source: '@theme/Tabs', selector: '.tabs-container'},
  {name: 'towerfile-checker', source: '@site/src/components/TowerfileChecker', selector: '[data-reader-tool="towerfile-checker"]'},
  {name: 'cron-explainer', source: '@site/src/components/CronExplainer', selector: '[data-reader-tool="cron-explainer"]'},
] as const;

export type IslandKindName = (typeof ISLAND_KINDS)[number]['name'];

/** Any island's outermost element. */
export const ISLAND_SELECTOR = ISLAND_KINDS.map((kind) => kind.selector).join(',');

/** The kind of island an element of the server-rendered body is the outermost element of, if any. */
export function islandKindOf(element: Element): IslandKindName | undefined {
  return ISLAND_KINDS.find((kind) => element.matches(kind.selector))?.name;
}
