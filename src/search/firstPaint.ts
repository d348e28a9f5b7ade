/**
 * Draws the search page's first results before the site's JavaScript loads.
 *
 * The build compiles this file on its own and writes it inline into the
 * /search page (plugins/search-index/first-paint.ts). With a query in the
 * address, it asks at once for the parts of the split index the query needs
 * (src/search/split.ts), ranks with the same engine as everywhere else,
 * fetches the text of the sections it will show, and fills in the heading,
 * the box, the summary and the results with the markup the React page
 * renders (src/search/searchPage.ts). The page's own bundles wait until it
 * is done (window.__towerHydrateAfter, read by src/ssrTemplate.ts), so on a
 * slow phone the results get the connection first; React then hydrates the
 * page as it is and checks the results against the whole index.
 *
 * Whenever it cannot be exact or quick (an unexpected page, files from
 * another build, a phrase query that would need most of the text, a query
 * of more than a dozen words, files that arrive too late), it draws nothing
 * and the React page searches as it always does.
 */
import {
  FIRST_PAINT_ATTRIBUTE,
  hasMorePages,
  resultsHtml,
  searchHeading,
  searchPageRequest,
  searchSummary,
  type FirstPaintSettings,
  type FirstResults,
  type ResultsPage,
} from './searchPage';
import {SPLIT_FILES, queryShardKeys, type SplitBase, type SplitManifest, type TermShard, type TextBucket} from './split';
import {addText, engineFromSplit, textFilesNeeded} from './splitIndex';
import {fetchChecked} from '../utils/fetchChecked';
import {HYDRATE_AFTER_LIMIT_MS} from '../ssrTemplate';
import {termsOf} from './text';

declare const __SPLIT_MANIFEST__: SplitManifest;

/** Longer queries are left to the React page: ranking them would hold the page up. */
const MAX_QUERY_TERMS = 12;

/**
 * Past this moment (since the navigation started) the page's bundles may be
 * starting whatever happens, and React must find the page as the server sent it.
 */
const DRAW_DEADLINE_MS = HYDRATE_AFTER_LIMIT_MS - 500;

async function getJson<T>(url: string): Promise<T> {
  return (await (await fetchChecked(url, {credentials: 'same-origin'})).json()) as T;
}

function sameBuild(manifest: SplitManifest, ...files: Array<{build: string}>): boolean {
  return files.every((file) => file.build === manifest.build);
}

/**
 * Draws the first results for `query`. The heading and the box show the
 * query at once, before the page first paints (nothing moves when the
 * results arrive); the results follow when their files have.
 */
async function draw(query: string, manifest: SplitManifest): Promise<void> {
  if (termsOf(query).length > MAX_QUERY_TERMS) return;
  const results = document.querySelector<HTMLElement>(`[${FIRST_PAINT_ATTRIBUTE}]`);
  const main = results?.closest('main');
  if (!results || !main) return;
  const settings = JSON.parse(results.getAttribute(FIRST_PAINT_ATTRIBUTE) ?? '') as FirstPaintSettings;
  const heading = main.querySelector('h1');
  const box = main.querySelector<HTMLInputElement>('input[name="q"]');
  if (heading) heading.textContent = searchHeading(query);
  if (box) box.value = query;
  // The React page starts from this state, results or not, so that it renders the heading shown.
  const first: FirstResults = {query, filtersKey: JSON.stringify(settings.facetFilters), page: null};
  window.__towerFirstResults = first;

  const [base, ...shards] = await Promise.all([
    getJson<SplitBase>(manifest.folder + SPLIT_FILES.base),
    ...queryShardKeys(query, manifest).map((key) => getJson<TermShard>(manifest.folder + SPLIT_FILES.terms(key))),
  ]);
  if (!sameBuild(manifest, base, ...shards)) return;
  const engine = engineFromSplit(base, shards);
  // The local engine answers any index name; the constants module stays out of the page's HTML.
  const request = searchPageRequest(query, 0, settings.facetFilters, '');

  const buckets = textFilesNeeded(engine, request, manifest);
  if (!buckets) return;
  const texts = await Promise.all(buckets.map((bucket) => getJson<TextBucket>(manifest.folder + SPLIT_FILES.text(bucket))));
  if (!sameBuild(manifest, ...texts)) return;
  texts.forEach((file, i) => addText(engine.records, buckets[i], file, manifest));

  const page: ResultsPage = engine.search(request);
  if (performance.now() > DRAW_DEADLINE_MS) return;
  const pages = [page];
  const summary = main.querySelector('[aria-live]');
  const more = main.querySelector<HTMLButtonElement>('[data-more-results]');
  if (summary) summary.textContent = searchSummary({query, error: null, pages, loading: false});
  if (more) more.hidden = !hasMorePages(pages);
  results.innerHTML = resultsHtml(page.hits, settings.classes, (url) => {
    const parsed = new URL(url);
    return parsed.pathname + parsed.hash;
  });
  const drawnAt = performance.now();
  first.page = page;
  await onScreen(drawnAt);
}

/**
 * Resolves once the browser reports a paint from `since` on (a largest-
 * contentful-paint entry: the results are on screen), or after `waitMs`.
 * The bundles this releases would otherwise compete with that paint: their
 * download for the connection, their start-up for the main thread.
 */
function onScreen(since: number, waitMs = 250): Promise<void> {
  return new Promise((resolve) => {
    let observer: PerformanceObserver | undefined;
    const done = () => {
      observer?.disconnect();
      resolve();
    };
    setTimeout(done, waitMs);
    try {
      observer = new PerformanceObserver((list) => {
        if (list.getEntries().some((entry) => entry.startTime >= since)) done();
      });
      observer.observe({type: 'largest-contentful-paint', buffered: true});
    } catch {
      // No LCP entries in this browser: a frame and a task later is the best sign of a paint.
      requestAnimationFrame(() => setTimeout(done, 0));
    }
  });
}

const query = new URLSearchParams(window.location.search).get('q') ?? '';
if (query.trim()) {
  // A failure only means the React page searches as usual: nothing to report.
  window.__towerHydrateAfter = draw(query, __SPLIT_MANIFEST__).catch(() => undefined);
}
