/**
 * Page kinds: what a page is for, read from where it lives. The ranking uses
 * them (a topic word should find a guide before an API operation) and the
 * search page filters by them. A page added later is classified by the same
 * rules, from its route alone.
 */

export const PAGE_KINDS = ['guide', 'concept', 'example', 'cli', 'sdk', 'towerfile', 'api', 'category'] as const;
export type PageKind = (typeof PAGE_KINDS)[number];

/**
 * Route (below the docs root, without a leading slash) to kind; the first
 * matching rule wins and anything else is a guide (getting started, the
 * usage guides, and how-to pages under reference/ such as webhooks or API keys).
 */
const KIND_RULES: Array<[RegExp, PageKind]> = [
  [/^category\//, 'category'],
  [/^reference\/api\//, 'api'],
  [/^reference\/[^/]*-cli$/, 'cli'],
  [/^reference\/[^/]*-sdk$/, 'sdk'],
  [/^reference\/towerfile$/, 'towerfile'],
  [/^examples\//, 'example'],
  [/^(concepts|architecture)\//, 'concept'],
];

/** The kind of the page at `route` (`/docs/concepts/apps`); `docsRoot` is the docs route with its slashes. */
export function kindOfRoute(route: string, docsRoot = '/docs/'): PageKind {
  const relative = route.startsWith(docsRoot) ? route.slice(docsRoot.length) : route.replace(/^\//, '');
  return KIND_RULES.find(([pattern]) => pattern.test(relative))?.[1] ?? 'guide';
}

/** The search page's filters: a label, the value kept in the URL (`?kind=`) and the kinds it shows. */
export const KIND_FILTERS = [
  {id: 'guides', label: 'Guides', kinds: ['guide', 'concept']},
  {id: 'examples', label: 'Examples', kinds: ['example']},
  {id: 'cli', label: 'CLI', kinds: ['cli']},
  {id: 'sdk', label: 'SDK', kinds: ['sdk']},
  {id: 'towerfile', label: 'Towerfile', kinds: ['towerfile']},
  {id: 'api', label: 'API', kinds: ['api']},
] as const satisfies ReadonlyArray<{id: string; label: string; kinds: readonly PageKind[]}>;

export type KindFilterId = (typeof KIND_FILTERS)[number]['id'];

/** The facet filter group (Algolia syntax) of a filter, or null for an unknown id. */
export function kindFacetFilter(id: string | null): string[] | null {
  const filter = KIND_FILTERS.find((candidate) => candidate.id === id);
  return filter ? filter.kinds.map((kind) => `kind:${kind}`) : null;
}
