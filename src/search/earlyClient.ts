/**
 * A local search client started before the site's bundles: the search page's
 * first paint (plugins/search-index/first-paint) loads the index, ranks and
 * fetches the first results' text with a client of its own, then leaves it
 * here. The page carries on with that client (localClientFor), so the index
 * is fetched and read once and the first results' text is already in.
 */
import type {LocalSearchClient} from './client';

const KEY = '__towerSearchEarlyClient';

type EarlyClient = {indexUrl: string; client: LocalSearchClient};

export function leaveEarlyClient(indexUrl: string, client: LocalSearchClient): void {
  (globalThis as Record<string, unknown>)[KEY] = {indexUrl, client} satisfies EarlyClient;
}

/** The client left for this index, once: later calls get nothing. */
export function takeEarlyClient(indexUrl: string): LocalSearchClient | null {
  const early = (globalThis as Record<string, unknown>)[KEY] as EarlyClient | undefined;
  if (!early || early.indexUrl !== indexUrl) return null;
  delete (globalThis as Record<string, unknown>)[KEY];
  return early.client;
}
