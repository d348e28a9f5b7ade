/**
 * The search page's first paint, in the browser. The /search page's HTML
 * loads this file near its top (theme/SearchPage), beside the index it
 * preloads, and the site's bundles wait for it (data-hold-bundles). When the
 * page opens with `?q=`, it searches at once with the same client, engine and
 * request as the React page, loads the text of the first pages shown, and
 * draws what React draws for those results, from the same view functions
 * (theme/SearchPage/view.ts), into the element React leaves alone. It leaves
 * its client for the page (src/search/earlyClient.ts) and releases the
 * bundles: React's first search is answered from that client, without
 * fetching the index again, and its results take the first paint's place.
 *
 * Anything that goes wrong (no index, an error) leaves the element empty and
 * the bundles released: the React page then says what happened.
 */
import {createLocalSearchClient} from '../../../src/search/client';
import {leaveEarlyClient} from '../../../src/search/earlyClient';
import {kindFacetFilter} from '../../../src/search/kinds';
import {
  groupHits,
  hasMorePages,
  isPageTop,
  levelValue,
  searchPageRequest,
  searchSummary,
  segments,
  titleLevel,
  trailSteps,
  type Hit,
  type PageGroup,
  type ResultsPage,
} from '../../../src/search/results';
import {CLASSES, FIRST_PAINT_ID, kindButtonClass, kindOptions, readableSnippet} from '../theme/SearchPage/view';

type Child = Node | string | null | false;

function element(tag: string, attributes: Record<string, string>, children: Child[] = []): HTMLElement {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  for (const child of children) if (child) node.append(child);
  return node;
}

/** A highlighted value as text and <mark> elements (never as HTML). */
function highlighted(value: string): Child[] {
  return segments(value).map((segment) => (segment.marked ? element('mark', {}, [segment.text]) : segment.text));
}

/** A result's URL as a link on this site (what the theme's result URL processor makes of the index's absolute URLs). */
function sitePath(url: string): string {
  const parsed = new URL(url);
  return parsed.pathname + parsed.hash;
}

function snippet(hit: Hit): Child {
  const value = hit._snippetResult?.content?.value;
  return value ? element('p', {class: CLASSES.snippet}, highlighted(readableSnippet(value, '\u0001'))) : null;
}

function pageResult(group: PageGroup): HTMLElement {
  const [first] = group.hits;
  const top = group.hits.find(isPageTop);
  const sections = group.hits.filter((hit) => !isPageTop(hit));
  const trail = trailSteps(first);
  return element('article', {class: CLASSES.result}, [
    element('h2', {class: CLASSES.resultTitle}, [element('a', {href: sitePath(top?.url ?? group.url)}, highlighted(levelValue(top ?? first, 'lvl1')))]),
    trail.length > 0 &&
      element('div', {class: CLASSES.breadcrumbs}, [
        element(
          'ul',
          {class: 'breadcrumbs'},
          trail.map((step) => element('li', {class: 'breadcrumbs__item'}, [element('span', {class: 'breadcrumbs__link'}, [step])])),
        ),
      ]),
    top ? snippet(top) : null,
    sections.length > 0 &&
      element(
        'ul',
        {class: CLASSES.sections},
        sections.map((hit) =>
          element('li', {}, [
            element('a', {class: CLASSES.sectionTitle, href: sitePath(hit.url)}, highlighted(levelValue(hit, titleLevel(hit)))),
            snippet(hit),
          ]),
        ),
      ),
  ]);
}

/** The page below the search box for one page of results: the filters, the summary, the results and "Show more". */
function resultsView(query: string, kind: string | null, page: ResultsPage): Child[] {
  const groups = groupHits(page.hits);
  const more = element('button', {type: 'button', class: `button button--secondary ${CLASSES.more}`}, ['Show more results']);
  if (!hasMorePages([page])) more.setAttribute('hidden', '');
  return [
    element(
      'div',
      {class: CLASSES.filters, role: 'group', 'aria-label': 'Show only'},
      kindOptions(page.facets?.kind).map((option) =>
        element('button', {type: 'button', class: kindButtonClass(option.id === kind), 'aria-pressed': String(option.id === kind)}, [
          option.label,
          option.count !== null && element('span', {class: CLASSES.filterCount}, [` ${option.count}`]),
        ]),
      ),
    ),
    element('p', {class: CLASSES.summary, 'aria-live': 'polite'}, [searchSummary({query, pages: [page], shown: groups.length, loading: false, grouped: true})]),
    element('div', {class: CLASSES.results}, groups.map(pageResult)),
    more,
  ];
}

/**
 * The pages whose text is loaded before the results are drawn: enough to fill
 * a phone's or a laptop's first screen. The others are drawn without their
 * snippets, which arrive with React's results, below the first screen.
 */
const PAGES_WITH_TEXT_FIRST = 3;

/**
 * Gives the browser a turn between the steps of the search, so that none of
 * them is one long task while the page is loading: a phone's main thread also
 * parses the page and paints it.
 */
function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as {scheduler?: {yield?: () => Promise<void>}}).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
}

/** After the browser has painted what is on the page now (a frame, then a task after it). */
function afterPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

/** The page's HTML has been parsed (the script may run before the element it draws into exists). */
function parsed(): Promise<void> {
  return document.readyState === 'loading'
    ? new Promise((resolve) => document.addEventListener('DOMContentLoaded', () => resolve(), {once: true}))
    : Promise.resolve();
}

/** Searches at once, draws once the page's element is there; returns the element (null when there is nothing to draw). */
async function firstPaint(config: DOMStringMap): Promise<HTMLElement | null> {
  const {indexUrl, indexName, facetFilters, maxLength} = config;
  const params = new URLSearchParams(location.search);
  const query = (params.get('q') ?? '').slice(0, Number(maxLength));
  // Without a query the page's inline script has released the bundles already.
  if (!indexUrl || !query.trim()) return null;
  const kind = kindFacetFilter(params.get('kind')) ? params.get('kind') : null;
  const kindFilter = kindFacetFilter(kind);
  const filters = JSON.parse(facetFilters ?? '[]') as Array<string | string[]>;
  const client = createLocalSearchClient(indexUrl);
  leaveEarlyClient(indexUrl, client);
  // The engine and request the page uses; the text of the first pages only, so the first screen is not kept waiting for the last result's.
  // The index could not be loaded (the client has said why in the console): the React page tells the reader and offers Try again, with this client.
  const engine = await client.engine().catch(() => null);
  if (!engine) return null;
  await yieldToBrowser();
  // The engine's first query builds its word lookups (an empty one does no more); ranking comes in a task of its own.
  engine.plan('');
  await yieldToBrowser();
  const prepared = engine.prepare(searchPageRequest(query, 0, kindFilter ? [...filters, kindFilter] : filters, indexName ?? ''));
  const firstPages = [...new Set(prepared.shown.map((entry) => entry.record.url_without_anchor))].slice(0, PAGES_WITH_TEXT_FIRST);
  await client.loadText(
    engine,
    prepared.shown.filter((entry) => firstPages.includes(entry.record.url_without_anchor)),
  );
  const page = engine.respond(prepared) as unknown as ResultsPage;
  await parsed();
  const region = document.getElementById(FIRST_PAINT_ID);
  // React may have taken over meanwhile (the bundles wait for this script only so long).
  if (!region?.hasAttribute('data-hold-bundles') || region.hasChildNodes()) return null;
  region.append(...resultsView(query, kind, page).filter((child): child is Node | string => Boolean(child)));
  // The bundles (released after this) and the rest of the text, for React's results, once the results are on screen:
  // the main bundle arrives at once from a nearby server and would run before the browser paints them.
  await afterPaint();
  void client.loadText(engine, prepared.shown);
  return region;
}

function release(): void {
  document.getElementById(FIRST_PAINT_ID)?.removeAttribute('data-hold-bundles');
}

// Only while the page loads: on a visit to /search from another page React searches and draws by itself.
const config = document.currentScript?.dataset;
if (config && document.readyState !== 'complete') {
  firstPaint(config)
    .catch((error: unknown) => console.error('Search: the first results could not be drawn before the page loaded; the page will draw them.', error))
    .finally(() => parsed().then(release));
}
