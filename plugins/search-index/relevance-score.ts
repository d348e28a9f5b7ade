/**
 * How the labelled suites are scored, the same way in the relevance tests and
 * in `npm run bench:search` (for the local engine and for Pagefind): success
 * at 1 and at 3 (a right page first, or among the first three pages) and mean
 * reciprocal rank of the first right page in the first ten.
 */
import type {SearchEngine} from '../../src/search/engine';

/** What scoring asks of an engine: its search (a test may hand a search that remembers its answers). */
export type Searcher = Pick<SearchEngine, 'search'>;

export type Scores = {at1: number; at3: number; mrr: number; misses: string[]};

/** Scores ranked page lists (`rankedPages(query)`, best first) against the labels: each query with the pages that answer it. */
export function scoreSuite(labelled: Array<[string, string[]]>, rankedPages: (query: string) => string[]): Scores {
  let at1 = 0;
  let at3 = 0;
  let mrr = 0;
  const misses: string[] = [];
  for (const [query, right] of labelled) {
    const rank = rankedPages(query)
      .slice(0, 10)
      .findIndex((page) => right.includes(page));
    if (rank === 0) at1 += 1;
    if (rank >= 0 && rank < 3) at3 += 1;
    else misses.push(query);
    if (rank >= 0) mrr += 1 / (rank + 1);
  }
  const n = labelled.length || 1;
  return {at1: at1 / n, at3: at3 / n, mrr: mrr / n, misses};
}

/** The hits the modal and the search page show: pages, best first, each with up to three of its sections. */
export function shownHits(engine: Searcher, query: string, pages = 10) {
  return engine.search({query, hitsPerPage: pages, distinct: 3}).hits;
}

/** The pages (paths) the local engine shows for a query, best first. */
export function enginePages(engine: Searcher, query: string, pages = 10): string[] {
  return [...new Set(shownHits(engine, query, pages).map((hit) => new URL(hit.url_without_anchor).pathname))];
}

/** One line of figures, as the tests and the benchmark print them. */
export function formatScores({at1, at3, mrr}: Scores): string {
  return `success@1 ${at1.toFixed(2)}  success@3 ${at3.toFixed(2)}  MRR ${mrr.toFixed(2)}`;
}
